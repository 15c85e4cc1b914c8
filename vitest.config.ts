import { defineConfig } from 'vitest/config';

/**
 * Two projects in one `npm test`: the unit and API tests first, then the browser tests (e2e/) against the
 * built app in Chromium. Running them one after the other (groupOrder) keeps the 2-core machines from
 * timing a browser while the API tests load them; the e2e files run two at a time, each with its own
 * server, database and browser.
 *
 * The screenshot suites (*screens*.e2e.test.ts) draw each screen and check it with axe-core: what they
 * judge is pixels and markup, which no database changes, so a PostgreSQL run (TEST_DATABASE_URL) leaves
 * them to the SQLite run; every flow they pass through is also an e2e test that does run on PostgreSQL.
 * This keeps CI's two runs within its 15-minute budget on 2 cores.
 */
const SCREENSHOT_SUITES = ['e2e/*screens*.e2e.test.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    reporters: ['default'],
    // Empties test-logs/ before the run, and fails it when a log line holds a secret (test/logs.ts).
    globalSetup: ['test/log-check.global-setup.ts'],
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
            'ui/**/*.test.ts',
            'extension/**/*.test.ts',
          ],
          // One fork per core (Vitest's default leaves one idle, which made this phase 1.5x slower here).
          maxWorkers: '100%',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? SCREENSHOT_SUITES : [],
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
