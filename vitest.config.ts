import { defineConfig } from 'vitest/config';

/**
 * Two projects in one `npm test`: the unit and API tests first, then the browser tests (e2e/) against the
 * built app in Chromium. Running them one after the other (groupOrder) keeps the 2-core machines from
 * timing a browser while the API tests load them; the e2e files run two at a time, each with its own
 * server, database and browser.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'contracts/**/*.test.ts',
            'test/**/*.test.ts',
            'web/**/*.test.ts',
            'extension/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
