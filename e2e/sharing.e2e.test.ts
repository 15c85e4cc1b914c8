import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Folder } from '../contracts/index.js';
import { launchChromium } from './chromium.js';
import {
  DESKTOP,
  type TestUser,
  acceptDialog,
  describeE2E,
  expectHidden,
  expectPath,
  expectVisible,
  useE2E,
} from './harness.js';

/** Another person's browser, on their own computer: its own profile, signed in through the form. */
interface OwnBrowser {
  page: Page;
  errors: string[];
  close: () => Promise<void>;
}

/**
 * Issue 19, a shared folder: Grace shares "Design" with Alan as a viewer and with Katherine as an editor,
 * from the folder's Edit menu. Alan finds it under Shared with me and reads its links without a way to
 * change them; Katherine saves a link into it, which Grace and Alan see arrive without reloading; Grace
 * takes Alan off the folder, and it leaves his sidebar at once. Three browsers: Grace's (the harness's),
 * Alan's and Katherine's.
 */
describeE2E('Shared folders', () => {
  const e2e = useE2E();
  let grace: TestUser;
  let alan: TestUser;
  let katherine: TestUser;
  let design: Folder;
  let owner: Page;
  const browsers: OwnBrowser[] = [];

  async function openBrowser(user: TestUser): Promise<OwnBrowser> {
    const { chromium } = inject('e2e');
    if (!chromium) throw new Error('no browser: this file should have been skipped');
    const browser = await launchChromium(chromium, {
      viewport: DESKTOP,
      locale: 'en-US',
      baseURL: e2e.baseURL,
    });
    browser.context.setDefaultTimeout(20_000);
    const own = { page: await browser.context.newPage(), errors: [] as string[], close: browser.close };
    own.page.on('pageerror', (error) => own.errors.push(error.message));
    browsers.push(own);
    await own.page.goto('/app');
    await own.page.getByLabel('E-mail').fill(user.email);
    await own.page.getByLabel('Password').fill(user.password);
    await own.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectVisible(own.page.getByRole('link', { name: 'All Links' }));
    return own;
  }

  const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
  const sharedWithMe = (page: Page) => sidebar(page).getByRole('region', { name: 'Shared with me' });
  const shareDialog = (page: Page) => page.getByRole('dialog', { name: 'Share folder' });
  const card = (page: Page, title: string) => page.getByRole('article', { name: title });

  beforeAll(async () => {
    grace = await e2e.createUser({ name: 'Grace Hopper', email: 'grace@example.com' });
    alan = await e2e.createUser({ name: 'Alan Turing', email: 'alan@example.com' });
    katherine = await e2e.createUser({ name: 'Katherine Johnson', email: 'katherine@example.com' });
    design = await grace.api.folder('Design', 'purple');
    await grace.api.link({
      url: 'https://example.com/everyday-things',
      title: 'The Design of Everyday Things',
      description: 'Affordances, signifiers and the psychology of doors.',
      folderId: design.id,
    });
    await grace.api.link({ url: 'https://example.com/compilers', title: 'A first compiler' });
    await alan.api.link({ url: 'https://example.com/computable-numbers', title: 'On Computable Numbers' });
    await katherine.api.folder('Space', 'blue');
    await katherine.api.link({ url: 'https://example.com/hidden-figures', title: 'Hidden Figures' });
  });

  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    expect(
      browsers.flatMap((browser) => browser.errors),
      'uncaught errors in the members’ pages',
    ).toEqual([]);
  });

  it('shares a folder from its Edit menu, by e-mail, as a viewer and an editor', async () => {
    owner = await e2e.newPage();
    await e2e.signIn(owner, grace, `/app?folder=${design.id}`);
    await expectVisible(card(owner, 'The Design of Everyday Things'));
    await owner.getByRole('button', { name: 'Edit', exact: true }).click();
    await owner.getByRole('menuitem', { name: 'Share…' }).click();
    const dialog = shareDialog(owner);
    await expectVisible(dialog.getByText('Not shared yet: only you can see this folder.'));

    // Someone with no account here: said under the form, and nothing is added.
    await dialog.getByLabel('Add people by e-mail').fill('nobody@example.com');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectVisible(dialog.getByRole('alert'));
    expect(await dialog.getByRole('listitem', { name: 'nobody@example.com' }).count()).toBe(0);

    await dialog.getByLabel('Add people by e-mail').fill(alan.email);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectVisible(dialog.getByRole('listitem', { name: 'Alan Turing' }));
    await expectHidden(dialog.getByRole('alert'));
    expect(await dialog.getByRole('combobox', { name: 'Role: Alan Turing' }).inputValue()).toBe('viewer');

    // Added as a viewer, then made an editor: the select changes the role in place.
    await dialog.getByLabel('Add people by e-mail').fill(katherine.email);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const role = dialog.getByRole('combobox', { name: 'Role: Katherine Johnson' });
    await role.selectOption('editor');
    await expect
      .poll(async () =>
        (
          await grace.api.request<{ items: { role: string }[] }>('GET', `/api/folders/${design.id}/members`)
        ).items
          .map((m) => m.role)
          .sort(),
      )
      .toEqual(['editor', 'viewer']);

    // Twice the same person: refused, with the reason.
    await dialog.getByLabel('Add people by e-mail').fill(alan.email);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectVisible(dialog.getByRole('alert'));

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expectVisible(
      sidebar(owner)
        .getByRole('link', { name: /^Design/ })
        .getByText('(shared)'),
    );
    await expectVisible(owner.getByText('Shared by you'));
  });

  it('shows a viewer the folder under Shared with me, its links read-only', async () => {
    const viewer = (await openBrowser(alan)).page;
    const entry = sharedWithMe(viewer).getByRole('link', { name: 'Design, shared by Grace Hopper, viewer' });
    await expectVisible(entry);
    // Alan's own tree is his: Grace's folder is not in it.
    expect(
      await sidebar(viewer)
        .getByRole('link', { name: /^Design$/ })
        .count(),
    ).toBe(0);
    // The command palette says whose it is too.
    await viewer.keyboard.press('Control+k');
    const palette = viewer.getByRole('dialog', { name: 'Go to or do' });
    await palette.getByRole('combobox', { name: 'Type a folder, tag, link or action' }).fill('desig');
    await expectVisible(palette.getByRole('option', { name: /^Design\s*shared by Grace Hopper/ }));
    await viewer.keyboard.press('Escape');

    await entry.click();
    await expectVisible(card(viewer, 'The Design of Everyday Things'));
    await expectVisible(viewer.getByText('View only · shared by Grace Hopper'));
    // Nothing that changes the folder or its links: no Save Link, no folder menu, no card actions but
    // Open, no checkbox to choose links with.
    expect(await viewer.getByRole('button', { name: 'Save Link' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    const item = card(viewer, 'The Design of Everyday Things');
    await item.hover();
    await expectVisible(item.getByRole('link', { name: 'Open link' }));
    for (const name of ['Edit link', 'Move link', 'Delete link', 'Favourite', 'Archived']) {
      expect(await item.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await viewer.getByRole('checkbox', { name: /^Select / }).count()).toBe(0);

    // Link Details: everything Linkvault knows of it, and no way to change it.
    await item.getByRole('button', { name: 'The Design of Everyday Things' }).click();
    const details = viewer.getByRole('dialog', { name: 'Link Details' });
    await expectVisible(details.getByText('Affordances, signifiers and the psychology of doors.'));
    await expectVisible(details.getByText(/shared by Grace Hopper, view only/));
    for (const name of ['Edit', 'Move', 'Delete', 'Edit tags', 'Favourite']) {
      expect(await details.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    await viewer.keyboard.press('Escape');
  });

  it('lets an editor save, edit, move in and out and remove, and the owner and the viewer see it live', async () => {
    const editor = (await openBrowser(katherine)).page;
    await sharedWithMe(editor)
      .getByRole('link', { name: /^Design, shared by Grace Hopper/ })
      .click();
    await expectVisible(card(editor, 'The Design of Everyday Things'));
    await expectVisible(editor.getByText('You can edit · shared by Grace Hopper'));
    // An editor changes links, not the folder: no Edit menu (rename, share, delete).
    expect(await editor.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);

    await editor.getByRole('button', { name: 'Save Link' }).first().click();
    const add = editor.getByRole('dialog', { name: 'Add New Link' });
    await add.getByLabel('URL').fill('https://example.com/mother-of-all-demos');
    await add.getByLabel(/^Title/).fill('The Mother of All Demos');
    await add.getByRole('button', { name: 'Save Link' }).click();
    await expectVisible(card(editor, 'The Mother of All Demos'));

    // Nobody reloads: the stream brings it to the owner's open folder and the viewer's.
    await expectVisible(card(owner, 'The Mother of All Demos'));
    const viewer = browsers[0]!.page;
    await expectVisible(card(viewer, 'The Mother of All Demos'));

    // The editor edits a link of the owner's too.
    const item = card(editor, 'The Design of Everyday Things');
    await item.hover();
    await item.getByRole('button', { name: 'Edit link' }).click();
    const edit = editor.getByRole('dialog', { name: 'Edit Link' });
    await edit.getByLabel(/^Title/).fill('The Design of Everyday Things (revised)');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(card(owner, 'The Design of Everyday Things (revised)'));

    // Out of the folder: her save goes to a folder of her own, and leaves the others' views.
    const demo = card(editor, 'The Mother of All Demos');
    await demo.hover();
    await demo.getByRole('button', { name: 'Move link' }).click();
    await editor
      .getByRole('dialog', { name: 'Move Link' })
      .getByRole('option', { name: /^Space/ })
      .click();
    await expectHidden(card(editor, 'The Mother of All Demos'));
    await expectHidden(card(owner, 'The Mother of All Demos'));
    await expectHidden(card(viewer, 'The Mother of All Demos'));

    // Into the folder: a link of her own, moved from All Links, arrives in the others' views.
    await editor.getByRole('link', { name: 'All Links' }).click();
    const figures = card(editor, 'Hidden Figures');
    await figures.hover();
    await figures.getByRole('button', { name: 'Move link' }).click();
    await editor
      .getByRole('dialog', { name: 'Move Link' })
      .getByRole('option', { name: 'Design · shared by Grace Hopper' })
      .click();
    await expectVisible(card(owner, 'Hidden Figures'));
    await expectVisible(card(viewer, 'Hidden Figures'));
    // It is Grace's now, in her folder: no longer among Katherine's own links.
    await expectHidden(figures);

    // And removes one: gone for everyone.
    await sharedWithMe(editor)
      .getByRole('link', { name: /^Design, shared by Grace Hopper/ })
      .click();
    const revised = card(editor, 'The Design of Everyday Things (revised)');
    await revised.hover();
    await acceptDialog(editor, () => revised.getByRole('button', { name: 'Delete link' }).click());
    await expectHidden(card(owner, 'The Design of Everyday Things (revised)'));
    await expectHidden(card(viewer, 'The Design of Everyday Things (revised)'));
  });

  it('takes a member off the folder, which leaves their sidebar at once', async () => {
    // The menu from the keyboard: Enter opens it on its first item, the arrows move, Enter chooses.
    const menuButton = owner.getByRole('button', { name: 'Edit', exact: true });
    await menuButton.focus();
    await owner.keyboard.press('Enter');
    await expectVisible(owner.getByRole('menuitem', { name: 'Edit folder…' }).and(owner.locator(':focus')));
    await owner.keyboard.press('ArrowDown');
    await owner.keyboard.press('Enter');
    const dialog = shareDialog(owner);
    await dialog.getByRole('button', { name: 'Remove Alan Turing' }).click();
    await expectHidden(dialog.getByRole('listitem', { name: 'Alan Turing' }));
    await expectVisible(dialog.getByRole('listitem', { name: 'Katherine Johnson' }));
    await dialog.getByRole('button', { name: 'Done' }).click();
    // Focus goes back to where the dialog was opened from.
    await expectVisible(menuButton.and(owner.locator(':focus')));

    const viewer = browsers[0]!.page;
    await expectHidden(sharedWithMe(viewer));
    // The open folder is gone for him: back to his own links.
    await expectPath(viewer, '/app');
    await expectVisible(card(viewer, 'On Computable Numbers'));
  });

  it('lets a member leave a folder shared with them', async () => {
    const editor = browsers[1]!.page;
    const entry = sharedWithMe(editor).getByRole('listitem').filter({ hasText: 'Design' });
    await entry.hover();
    await acceptDialog(editor, () => entry.getByRole('button', { name: 'Leave Design' }).click());
    await expectHidden(sharedWithMe(editor));
    await expectPath(editor, '/app');
    const members = await grace.api.request<{ items: unknown[] }>('GET', `/api/folders/${design.id}/members`);
    expect(members.items).toEqual([]);
  });
});
