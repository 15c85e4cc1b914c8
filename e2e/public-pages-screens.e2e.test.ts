import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import type { Folder } from '../contracts/index.js';
import { type TestUser, describeE2E, expectVisible, useE2E } from './harness.js';
import { seedLibrary, seedPreview } from './seed.js';
import { SCREENSHOT_DIR, expectCleanScreen } from './screens.js';

/** A title with no place to break, and a word longer than a phone is wide. */
const LONG_TITLE =
  'An unusually long headline about interaction design that keeps going well past where a title should stop, with Donaudampfschifffahrtsgesellschaftskapitän in it';

/**
 * Public folder pages (issue 19) at 1280 px and 390 px, light and dark, into e2e/screenshots/, each checked
 * with axe-core (screens.ts): the public page of a folder (pictures, summaries, tags, a very long title),
 * an empty folder's page, an address that no longer works, the button in a folder's header, and the owner's dialog before publishing, right
 * after it (the addresses to copy), and reopened later. The journey is e2e/public-pages.e2e.test.ts.
 */
describeE2E('public page screens', () => {
  const e2e = useE2E({ config: () => ({}) });
  let user: TestUser;
  let design: Folder;
  let empty: Folder;
  const addresses = { design: '', empty: '' };

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    user = await e2e.createUser({ name: 'Ada Lovelace' });
    const library = await seedLibrary(e2e.database, user);
    design = library.folders.Design as Folder;
    const long = await user.api.link({
      url: 'https://longreads.example.net/interaction-design',
      title: LONG_TITLE,
      folderId: design.id,
    });
    await e2e.database.db
      .updateTable('links')
      .set({
        summary_short: 'A summary as long as enrichment writes them, so that the card shows how it wraps.',
        tags: JSON.stringify(['design', 'long-reads']),
      })
      .where('id', '=', long.id)
      .execute();
    await seedPreview(e2e.database, long.id, 200);
    empty = await user.api.folder('Someday', 'green');
    const publish = (folder: Folder) =>
      user.api.request<{ url: string }>('POST', `/api/folders/${folder.id}/public`).then((r) => r.url);
    addresses.design = await publish(design);
    addresses.empty = await publish(empty);
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(theme, () => {
      let page: Page;
      const shoot = (name: string, fullPage = false) => expectCleanScreen(page, name, theme, fullPage);
      const visit = async (url: string) => {
        page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await page.goto(url);
      };
      const openDialog = async (folder: Folder) => {
        page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await e2e.signIn(page, user, `/app?folder=${folder.id}`);
        await page.getByRole('button', { name: 'Edit', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Public page…' }).click();
        return page.getByRole('dialog', { name: 'Public page' });
      };

      it('public-page: a folder as a visitor reads it', async () => {
        await visit(addresses.design);
        await expectVisible(page.getByRole('link', { name: LONG_TITLE }));
        await page.waitForFunction('[...document.images].every((image) => image.complete)');
        await shoot('public-page', true);
      });

      it('public-page-empty: a folder with no links yet', async () => {
        await visit(addresses.empty);
        await expectVisible(page.getByText('Nothing here yet'));
        await shoot('public-page-empty');
      });

      it('public-page-gone: an address that no longer works', async () => {
        await visit(e2e.url('/s/lvf_0000000000000000000000000000000000000000000'));
        await expectVisible(page.getByRole('heading', { name: 'Not available' }));
        await shoot('public-page-gone');
      });

      it('public-page-dialog: publishing a folder, before and after', async () => {
        const dialog = await openDialog(await user.api.folder(`Unshared ${theme}`, 'orange'));
        await expectVisible(dialog.getByRole('button', { name: 'Publish page' }));
        await shoot('public-page-dialog');
        await dialog.getByRole('button', { name: 'Publish page' }).click();
        await expectVisible(dialog.getByRole('textbox', { name: 'Page address' }));
        await page.setViewportSize({ width: 1280, height: 800 });
        await shoot('public-page-dialog-published');
      });

      it('public-page-dialog-later: a public folder reopened, its address no longer shown', async () => {
        const dialog = await openDialog(design);
        await expectVisible(dialog.getByText(/^Public since /));
        await shoot('public-page-dialog-later');
      });

      it("public-page-button: the way in, the folder's Edit menu", async () => {
        page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await e2e.signIn(page, user, `/app?folder=${design.id}`);
        await expectVisible(page.getByRole('article', { name: LONG_TITLE }));
        await page.getByRole('button', { name: 'Edit', exact: true }).click();
        await expectVisible(page.getByRole('menuitem', { name: 'Public page…' }));
        await shoot('public-page-button');
      });
    });
  }
});
