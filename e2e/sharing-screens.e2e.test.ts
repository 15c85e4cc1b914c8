import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import type { Folder } from '../contracts/index.js';
import { DESKTOP, type TestUser, describeE2E, expectVisible, useE2E } from './harness.js';
import { SCREENSHOT_DIR, expectCleanScreen } from './screens.js';
import { seedLibrary } from './seed.js';

/**
 * Shared folders (issue 19) at 1280 px and 390 px, light and dark, into e2e/screenshots/, each checked
 * with axe-core like the main screens (screens.ts): the Share dialog (with people, empty, refusing an
 * e-mail), the sidebar's Shared with me, a folder shared as a viewer, and search marking what is shared.
 * The journey itself is e2e/sharing.e2e.test.ts.
 */

const LONG_NAME = 'Bartholomew Featherstonehaugh-Worthington';
const LONG_EMAIL = 'bartholomew.featherstonehaugh-worthington@household-of-a-rather-long-domain.example.org';
const LONG_FOLDER = 'Typography, type design and the long history of printing';

describeE2E('sharing screens', () => {
  const e2e = useE2E();
  let grace: TestUser;
  let alan: TestUser;
  let design: Folder;
  let empty: Folder;

  const share = (owner: TestUser, folder: Folder, email: string, role: 'viewer' | 'editor') =>
    owner.api.request('POST', `/api/folders/${folder.id}/members`, { email, role });

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    grace = await e2e.createUser({ name: 'Grace Hopper', email: 'grace@example.com' });
    alan = await e2e.createUser({ name: 'Alan Turing', email: 'alan@example.com' });
    const bart = await e2e.createUser({ name: LONG_NAME, email: LONG_EMAIL });
    const katherine = await e2e.createUser({ name: 'Katherine Johnson', email: 'katherine@example.com' });
    const library = await seedLibrary(e2e.database, grace);
    design = library.folders.Design!;
    empty = library.folders.Recipes!;
    await share(grace, design, alan.email, 'viewer');
    await share(grace, design, LONG_EMAIL, 'editor');
    await share(grace, design, katherine.email, 'viewer');

    const typography = await bart.api.folder(LONG_FOLDER, 'orange');
    await bart.api.link({
      url: 'https://example.com/garamond',
      title: 'Garamond, four centuries on',
      folderId: typography.id,
    });
    await share(bart, typography, alan.email, 'editor');
    const own = await alan.api.folder('Mathematics', 'green');
    await alan.api.link({
      url: 'https://example.com/computable-numbers',
      title: 'On Computable Numbers',
      folderId: own.id,
    });
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(theme, () => {
      let page: Page;
      const shoot = (name: string) => expectCleanScreen(page, name, theme);

      async function open(user: TestUser, path: string) {
        page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await e2e.signIn(page, user, path);
      }

      async function openShare(folder: Folder) {
        await open(grace, `/app?folder=${folder.id}`);
        await page.getByRole('button', { name: 'Edit', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Share…' }).click();
        return page.getByRole('dialog', { name: 'Share folder' });
      }

      it('folder-menu: Edit… and Share… in the folder owner’s menu', async () => {
        await open(grace, `/app?folder=${design.id}`);
        await page.getByRole('button', { name: 'Edit', exact: true }).click();
        await expectVisible(page.getByRole('menuitem', { name: 'Share…' }));
        await shoot('folder-menu');
      });

      it('share-dialog: the people a folder is shared with, and their roles', async () => {
        const dialog = await openShare(design);
        await expectVisible(dialog.getByRole('listitem', { name: LONG_NAME }));
        await expectVisible(dialog.getByRole('listitem', { name: 'Alan Turing' }));
        await shoot('share-dialog');
      });

      it('share-dialog-refused: an e-mail with no account here', async () => {
        await page.setViewportSize(DESKTOP);
        const dialog = page.getByRole('dialog', { name: 'Share folder' });
        await dialog.getByLabel('Add people by e-mail').fill('nobody@example.com');
        await dialog.getByRole('button', { name: 'Add', exact: true }).click();
        await expectVisible(dialog.getByRole('alert'));
        await shoot('share-dialog-refused');
      });

      it('share-dialog-empty: a folder not shared yet', async () => {
        const dialog = await openShare(empty);
        await expectVisible(dialog.getByText('Not shared yet: only you can see this folder.'));
        await shoot('share-dialog-empty');
      });

      it('shared-with-me: the sidebar of a member, and its menu on a phone', async () => {
        await open(alan, '/app');
        const section = page.getByRole('region', { name: 'Shared with me' });
        await expectVisible(section.getByRole('link', { name: /^Design, shared by Grace Hopper/ }));
        await expectVisible(section.getByRole('link', { name: new RegExp(`^${LONG_FOLDER}`) }));
        await shoot('shared-with-me');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expectVisible(section);
        await page.waitForTimeout(100);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `shared-with-me-menu-390-${theme}.png`) });
      });

      it('shared-folder-viewer: a folder shared as a viewer, its links read-only', async () => {
        await open(alan, `/app?folder=${design.id}`);
        await expectVisible(page.getByText('View only · shared by Grace Hopper'));
        const card = page.getByRole('article', { name: 'The Design of Everyday Things, revisited' });
        await card.hover();
        await expectVisible(card.getByRole('link', { name: 'Open link' }));
        await shoot('shared-folder-viewer');
      });

      it('shared-link-details: Link Details of a link shared as a viewer', async () => {
        await page.setViewportSize(DESKTOP);
        await page.getByRole('button', { name: 'The Design of Everyday Things, revisited' }).click();
        await expectVisible(
          page.getByRole('dialog', { name: 'Link Details' }).getByText(/shared by Grace Hopper/),
        );
        await shoot('shared-link-details');
      });

      it('search-shared: search marks what comes from a folder shared with the person', async () => {
        await open(alan, '/app/search?q=design');
        await expectVisible(page.getByText('Shared by Grace Hopper').first());
        await shoot('search-shared');
      });
    });
  }
});
