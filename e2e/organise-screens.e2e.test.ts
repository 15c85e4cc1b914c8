import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { type TestUser, describeE2E, expectVisible, useE2E } from './harness.js';
import { LOOSE, seedOrganiseLibrary } from './organise-seed.js';
import { SCREENSHOT_DIR, expectCleanScreen } from './screens.js';

/**
 * Smart categories (issue 19) at 1280 px and 390 px, light and dark, into e2e/screenshots/, each checked
 * with axe-core like the main screens: the Uncategorized view with its "Move to …?" chips, Auto-organise's
 * proposals, and its empty state. The journey is e2e/organise.e2e.test.ts.
 */
describeE2E('smart categories screens', () => {
  const e2e = useE2E();
  let user: TestUser;
  let empty: TestUser;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    user = await e2e.createUser({ name: 'Ada Lovelace' });
    await seedOrganiseLibrary(user);
    empty = await e2e.createUser({ name: 'Charles Babbage' });
    await empty.api.link({ url: 'https://example.com/alone', title: 'A link with no folder to go to' });
    // A suggestion comes at enrichment's end: the cards look as they do then (this server enriches nothing).
    await e2e.database.db
      .updateTable('links')
      .set((eb) => ({ enrichment_status: 'enriched', summary_short: eb.ref('description') }))
      .where('user_id', 'in', [user.id, empty.id])
      .execute();
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(theme, () => {
      let page: Page;
      const open = async (who: TestUser) => {
        page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await e2e.signIn(page, who, '/app?view=uncategorized');
      };

      it('suggestion-chip: cards in Uncategorized with their suggested folder', async () => {
        await open(user);
        await expectVisible(page.getByRole('button', { name: 'Move to Databases?' }));
        await expectCleanScreen(page, 'suggestion-chip', theme);
      });

      it('suggestion-chip-tiles: the chips in the Cards layout', async () => {
        await open(user);
        await page.getByRole('radio', { name: 'Cards' }).check();
        await expectVisible(page.getByRole('button', { name: 'Move to Databases?' }));
        await expectCleanScreen(page, 'suggestion-chip-tiles', theme);
      });

      it('auto-organise: the proposals to accept or reject', async () => {
        await open(user);
        await page.getByRole('button', { name: 'Auto-organise' }).click();
        const dialog = page.getByRole('dialog', { name: 'Auto-organise' });
        await expectVisible(dialog.getByRole('button', { name: `Accept: move “${LOOSE.bread}” to Baking` }));
        await expectCleanScreen(page, 'auto-organise', theme);
      });

      it('auto-organise-empty: nothing to propose', async () => {
        await open(empty);
        await page.getByRole('button', { name: 'Auto-organise' }).click();
        await expectVisible(page.getByText('No suggestions right now'));
        await expectCleanScreen(page, 'auto-organise-empty', theme);
      });
    });
  }
});
