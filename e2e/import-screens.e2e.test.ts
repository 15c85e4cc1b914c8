import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Import } from '../contracts/index.js';
import { CHROME_EXPORT, fileWithRepeatsAndSkips } from './bookmark-files.js';
import { DESKTOP, type TestUser, describeE2E, expectVisible, useE2E } from './harness.js';
import { SCREENSHOT_DIR, expectCleanScreen } from './screens.js';

/**
 * Settings → Import & export at 1280 px and 390 px, light and dark, into e2e/screenshots/, each
 * checked with axe-core like the main screens (screens.ts): before a file is chosen, a file checked before
 * it is sent, a file Linkvault cannot read, an import under way (its list answered here, so the numbers and
 * the long file name are the same on every run), and a finished import with skips, with earlier ones below.
 */

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A list as a person with some history would have it, with an import under way first. */
const IMPORTS_UNDER_WAY: Import[] = [
  {
    id: 'imp_running',
    status: 'running',
    format: 'netscape',
    fileName: 'Bookmarks from the family laptop, exported before switching browsers (final version).html',
    total: 52_340,
    processed: 18_250,
    created: 16_102,
    merged: 2_020,
    skipped: 128,
    error: null,
    createdAt: minutesAgo(1),
    finishedAt: null,
  },
  {
    id: 'imp_damaged',
    status: 'done',
    format: 'chrome-json',
    fileName: 'Bookmarks',
    total: 4_981,
    processed: 4_981,
    created: 4_902,
    merged: 78,
    skipped: 1,
    error: 'Unexpected end of the file at entry 4,981',
    createdAt: minutesAgo(60 * 24 * 3),
    finishedAt: minutesAgo(60 * 24 * 3 - 1),
  },
  {
    id: 'imp_cancelled',
    status: 'cancelled',
    format: 'raindrop-csv',
    fileName: 'raindrop-export-2025-10-20.csv',
    total: 12_000,
    processed: 1_250,
    created: 1_250,
    merged: 0,
    skipped: 0,
    error: null,
    createdAt: minutesAgo(60 * 24 * 40),
    finishedAt: minutesAgo(60 * 24 * 40 - 2),
  },
];

describeE2E('import and export screens', () => {
  const e2e = useE2E();

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await e2e.services.importRunner.start();
  });
  afterAll(async () => {
    await e2e.services.importRunner.stop();
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(theme, () => {
      let page: Page;
      let user: TestUser;
      const section = () => page.getByRole('region', { name: 'Import & export' });
      const capture = (name: string) => expectCleanScreen(page, name, theme, true);

      beforeAll(async () => {
        user = await e2e.createUser({ name: 'Ada Lovelace' });
        page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await e2e.signIn(page, user, '/app/settings#import');
      });

      it('settings-import: before a file is chosen', async () => {
        await expectVisible(section().getByText('No imports yet.'));
        await capture('settings-import');
      });

      it('settings-import-setup: a file checked before it is sent', async () => {
        await page.setViewportSize(DESKTOP);
        await section().getByLabel('Bookmarks file').setInputFiles(CHROME_EXPORT);
        await expectVisible(section().getByText(/^Recognised as Bookmark HTML file/));
        await capture('settings-import-setup');
      });

      it('settings-import-unsupported: a file that is not bookmarks', async () => {
        await page.setViewportSize(DESKTOP);
        await section().getByRole('button', { name: 'Choose another file' }).click();
        await section()
          .getByLabel('Bookmarks file')
          .setInputFiles({
            name: 'shopping-list.txt',
            mimeType: 'text/plain',
            buffer: Buffer.from('Milk\nEggs\n'),
          });
        await section().getByRole('button', { name: 'Start import' }).click();
        await expectVisible(section().getByRole('alert'));
        await capture('settings-import-unsupported');
      });

      it('settings-import-done: a finished import with skips, earlier ones listed below', async () => {
        await page.setViewportSize(DESKTOP);
        await section().getByRole('button', { name: 'Choose another file' }).click();
        await section().getByLabel('Bookmarks file').setInputFiles(CHROME_EXPORT);
        await section().getByRole('button', { name: 'Start import' }).click();
        await section().getByRole('button', { name: 'Import another file' }).click();
        await section().getByLabel('Bookmarks file').setInputFiles({
          name: 'bookmarks.html',
          mimeType: 'text/html',
          buffer: fileWithRepeatsAndSkips(),
        });
        await section().getByRole('button', { name: 'Start import' }).click();
        // The counts show while it runs too; 'Import another file' comes back only once it is done.
        await expectVisible(section().getByRole('button', { name: 'Import another file' }));
        await expectVisible(
          section().getByText('4,812 added, 188 already saved, 3 skipped', { exact: true }),
        );
        await capture('settings-import-done');
      });

      it('settings-import-running: an import under way', async () => {
        await page.setViewportSize(DESKTOP);
        await page.route('**/api/imports', (route) =>
          route.request().method() === 'GET'
            ? route.fulfill({ json: { items: IMPORTS_UNDER_WAY } })
            : route.fallback(),
        );
        await page.reload();
        await expectVisible(section().getByRole('progressbar', { name: 'Import progress' }));
        await capture('settings-import-running');
        await page.unroute('**/api/imports');
      });
    });
  }
});
