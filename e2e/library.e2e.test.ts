import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LibraryNotifier } from '../server/realtime/notifier.js';
import {
  type Browser,
  type TestUser,
  acceptDialog,
  dialogsDuring,
  describeE2E,
  escapeRegExp,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  useE2E,
  watchTrouble,
} from './harness.js';

/** The dashboard's journeys: folders, links (add, edit, move, delete) and the error alerts of SPEC.md §8. */
describeE2E('library', () => {
  const e2e = useE2E();

  /** SPEC.md §2 names no label for the Folders list's plus button. */
  const NEW_FOLDER = /^(create|new|add) folder$/i;
  const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Library' });
  /** A sidebar entry: its name, then its count when it shows one (SPEC.md §2). */
  const sidebarItem = (page: Page, name: string) =>
    sidebar(page).getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}(\\s+[\\d,]+)?$`) });
  const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
  const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

  async function openDashboard(user: TestUser, path = '/app') {
    const page = await e2e.newPage();
    await e2e.signIn(page, user, path);
    await expectVisible(page.getByRole('button', { name: 'Save Link' }));
    return page;
  }

  it('creates, edits and deletes a folder; its links become uncategorized', async () => {
    const user = await e2e.createUser();
    const page = await openDashboard(user);
    await expectVisible(sidebar(page).getByText('No folders yet'));

    await sidebar(page).getByRole('button', { name: NEW_FOLDER }).click();
    const create = dialog(page, 'Create New Folder');
    await expectVisible(create);
    const createButton = create.getByRole('button', { name: 'Create Folder' });
    // SPEC.md §5: the save button is disabled while the name is blank.
    expect(await createButton.isDisabled()).toBe(true);
    await create.getByLabel('Name').fill('   ');
    expect(await createButton.isDisabled()).toBe(true);
    await create.getByLabel('Name').fill('Reading list');
    // The colour radios are visually hidden inside their swatch labels: click the swatch, as people do.
    const green = create.getByRole('radio', { name: 'Green' });
    await create.locator('label', { has: page.getByRole('radio', { name: 'Green' }) }).click();
    expect(await green.isChecked()).toBe(true);
    await createButton.click();
    await expectHidden(create);

    await expectVisible(sidebarItem(page, 'Reading list'));
    const [folder] = await user.api.folders();
    expect(folder).toMatchObject({ name: 'Reading list', color: 'green' });
    await expectPath(page, `/app?folder=${folder!.id}`);
    await expectVisible(page.getByRole('heading', { name: 'Reading list', level: 1 }));

    await page.getByRole('button', { name: 'Edit', exact: true }).click();

    await page.getByRole('menuitem', { name: 'Edit folder…' }).click();
    const edit = dialog(page, 'Edit Folder');
    await expectVisible(edit);
    expect(await edit.getByLabel('Name').inputValue()).toBe('Reading list');
    await edit.getByLabel('Name').fill('Research');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectHidden(edit);
    await expectVisible(sidebarItem(page, 'Research'));
    await expectVisible(page.getByRole('heading', { name: 'Research', level: 1 }));

    await user.api.link({ url: 'https://example.com/kept', title: 'Kept link', folderId: folder!.id });
    await page.reload();
    await expectText(sidebarItem(page, 'Research'), /1$/);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();

    await page.getByRole('menuitem', { name: 'Edit folder…' }).click();
    const confirm = await acceptDialog(page, () =>
      dialog(page, 'Edit Folder').getByRole('button', { name: 'Delete' }).click(),
    );
    expect(confirm.type()).toBe('confirm');
    expect(confirm.message()).toBe(
      'Are you sure you want to delete "Research"? Links in this folder will be moved to Uncategorized.',
    );
    await expectVisible(sidebar(page).getByText('No folders yet'));
    await expectPath(page, '/app');
    expect(await user.api.folders()).toEqual([]);
    await expectText(sidebarItem(page, 'Uncategorized'), /1$/);
    const [kept] = await user.api.links();
    expect(kept).toMatchObject({ title: 'Kept link', folderId: null });
  });

  it('deletes the open folder without asking for its links again', async () => {
    const user = await e2e.createUser();
    const folder = await user.api.folder('Short-lived', 'red');
    await user.api.link({ url: 'https://example.com/kept-after', title: 'Kept after', folderId: folder.id });
    const page = await openDashboard(user, `/app?folder=${folder.id}`);
    await expectVisible(card(page, 'Kept after'));
    const trouble = watchTrouble(page);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();

    await page.getByRole('menuitem', { name: 'Edit folder…' }).click();
    await acceptDialog(page, () =>
      dialog(page, 'Edit Folder').getByRole('button', { name: 'Delete' }).click(),
    );
    await expectPath(page, '/app');
    await expectVisible(card(page, 'Kept after'));
    await expectText(sidebarItem(page, 'Uncategorized'), /1$/);
    expect(trouble).toEqual([]);
  });

  it('adds a link, sees it queued, and reads its details', async () => {
    const user = await e2e.createUser();
    const page = await openDashboard(user);
    await expectVisible(page.getByText('Your memory vault awaits'));

    await page.getByRole('button', { name: 'Save Your First Link' }).click();
    const add = dialog(page, 'Add New Link');
    await expectVisible(add);
    await add.getByLabel('URL').fill('https://www.example.org/articles/1');
    await add.getByRole('button', { name: 'Save Link' }).click();
    await expectHidden(add);

    // SPEC.md §5: an empty title is derived from the host name without 'www.', first letter capitalised.
    const saved = card(page, 'Example.org');
    await expectVisible(saved);
    await expectVisible(saved.getByText('Queued', { exact: true }));
    await expectVisible(page.getByText('1 saved link', { exact: true }));
    const [link] = await user.api.links();
    expect(link).toMatchObject({ url: 'https://www.example.org/articles/1', enrichmentStatus: 'queued' });

    await saved.getByRole('button', { name: 'Example.org' }).click();
    const details = page.getByRole('dialog', { name: 'Link Details' });
    await expectVisible(details);
    await expectVisible(details.getByText('Summary and key points will appear shortly.'));
    await page.keyboard.press('Escape');
    await expectHidden(details);
  });

  it('keeps a saved link Enriching when the stream says so before the save answers', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    const streaming = page.waitForResponse((res) => res.url().endsWith('/api/events'));
    await e2e.signIn(page, user);
    await streaming;
    const notifier = new LibraryNotifier(e2e.services.bus);
    await page.route('**/api/links', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const answer = await route.fetch();
      const { id } = (await answer.json()) as { id: string };
      // A worker claims the link at once (as IngestQueue.claim does): the stream says so while the
      // save's own answer, saying queued, is still on its way.
      await e2e.database.db
        .updateTable('link_ingest_jobs')
        .set({ status: 'running', attempts: 1 })
        .where('link_id', '=', id)
        .execute();
      await e2e.database.db
        .updateTable('links')
        .set({ enrichment_status: 'processing', enrichment_attempts: 1 })
        .where('id', '=', id)
        .execute();
      notifier.jobChanged(user.id, id, 'running');
      await expectVisible(card(page, 'Example.net').getByText('Enriching', { exact: true }));
      await route.fulfill({ response: answer });
    });

    await page.getByRole('button', { name: 'Save Link' }).click();
    const add = dialog(page, 'Add New Link');
    await add.getByLabel('URL').fill('https://example.net/claimed-at-once');
    await add.getByRole('button', { name: 'Save Link' }).click();
    await expectHidden(add);
    // The answer has been handled (the dialog closed on it); the card still says what the stream said.
    await expectVisible(card(page, 'Example.net').getByText('Enriching', { exact: true }));
    expect(await card(page, 'Example.net').getByText('Queued', { exact: true }).count()).toBe(0);
  });

  it('adds a link with the "n" shortcut into the open folder', async () => {
    const user = await e2e.createUser();
    const folder = await user.api.folder('Recipes', 'orange');
    const page = await openDashboard(user, `/app?folder=${folder.id}`);
    await page.keyboard.press('n');
    const add = dialog(page, 'Add New Link');
    await expectVisible(add);
    await add.getByLabel('URL').fill('https://cooking.example.com/bread');
    await add.getByLabel('Title').fill('Sourdough basics');
    await add.getByRole('button', { name: 'Save Link' }).click();
    await expectVisible(card(page, 'Sourdough basics'));
    const [link] = await user.api.links();
    expect(link).toMatchObject({ title: 'Sourdough basics', folderId: folder.id });
    await expectText(sidebarItem(page, 'Recipes'), /1$/);
  });

  it('says a page is already in the vault, then opens the saved link or saves it anyway', async () => {
    const user = await e2e.createUser();
    await user.api.link({ url: 'https://news.example/story?id=7', title: 'The saved story' });
    const page = await openDashboard(user);
    const add = dialog(page, 'Add New Link');

    // The same page by its normalized URL (API.md): tracking parameters and the fragment do not count.
    await page.getByRole('button', { name: 'Save Link' }).click();
    await add.getByLabel('URL').fill('https://NEWS.example/story?id=7&utm_source=feed#comments');
    await add.getByRole('button', { name: 'Save Link' }).click();
    await expectText(add.getByRole('status'), /Already in your vault[\s\S]*The saved story/);
    await add.getByRole('button', { name: 'Open saved link' }).click();
    await expectHidden(add);
    const details = dialog(page, 'Link Details');
    await expectVisible(details.getByRole('article', { name: 'The saved story' }));
    await page.keyboard.press('Escape');
    await expectHidden(details);

    await page.getByRole('button', { name: 'Save Link' }).click();
    await add.getByLabel('URL').fill('https://news.example/story?id=7');
    await add.getByRole('button', { name: 'Save Link' }).click();
    await add.getByRole('button', { name: 'Save anyway' }).click();
    await expectHidden(add);
    await expect.poll(async () => (await user.api.links()).length).toBe(2);
    await expectVisible(page.getByText('2 saved links', { exact: true }));

    // Another address after the answer is another question: the dialog saves it as usual.
    await page.getByRole('button', { name: 'Save Link' }).click();
    await add.getByLabel('URL').fill('https://news.example/story?id=7');
    await add.getByRole('button', { name: 'Save Link' }).click();
    await expectVisible(add.getByRole('button', { name: 'Save anyway' }));
    await add.getByLabel('URL').fill('https://news.example/story?id=8');
    await add.getByRole('button', { name: 'Save Link' }).click();
    await expectHidden(add);
    await expect.poll(async () => (await user.api.links()).length).toBe(3);
  });

  it('edits a link', async () => {
    const user = await e2e.createUser();
    await user.api.link({ url: 'https://example.com/draft', title: 'Draft title', description: 'Old words' });
    const page = await openDashboard(user);
    await card(page, 'Draft title').getByRole('button', { name: 'Edit link' }).click();
    const edit = dialog(page, 'Edit Link');
    await expectVisible(edit);
    expect(await edit.getByLabel('URL').inputValue()).toBe('https://example.com/draft');
    // SPEC.md §5: URL and title are required.
    await edit.getByLabel('Title').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(edit.getByText('Title is required'));
    await edit.getByLabel('Title').fill('Final title');
    await edit.getByLabel('Description').fill('New words');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectHidden(edit);
    await expectVisible(card(page, 'Final title'));
    await expect.poll(async () => (await user.api.links())[0]?.title).toBe('Final title');
    await page.reload();
    await expectVisible(card(page, 'Final title').getByText('New words'));
  });

  it('moves a link with the keyboard in the Move Link dialog', async () => {
    const user = await e2e.createUser();
    await user.api.folder('Work', 'blue');
    await user.api.folder('Reading', 'green');
    const recipes = await user.api.folder('Recipes', 'orange');
    await user.api.link({ url: 'https://example.com/pie', title: 'Apple pie' });
    const page = await openDashboard(user);

    const openMove = async () => {
      await card(page, 'Apple pie').getByRole('button', { name: 'Move link' }).click();
      const move = dialog(page, 'Move Link');
      await expectVisible(move);
      return move;
    };
    // Escape closes without moving.
    let move = await openMove();
    await page.keyboard.press('Escape');
    await expectHidden(move);
    expect((await user.api.links())[0]?.folderId).toBeNull();

    move = await openMove();
    await move.getByRole('combobox').focus();
    await page.keyboard.type('re');
    await expect.poll(() => move.getByRole('option').allInnerTexts()).toEqual(['Reading', 'Recipes']);
    await page.keyboard.press('ArrowDown');
    await expectText(move.getByRole('option', { selected: true }), 'Recipes');
    await page.keyboard.press('Enter');
    await expectHidden(move);

    await expect.poll(async () => (await user.api.links())[0]?.folderId).toBe(recipes.id);
    await expectText(sidebarItem(page, 'Recipes'), /1$/);
    await expectVisible(card(page, 'Apple pie').getByText('Recipes'));
  });

  it('puts the keyboard in the first field of each dialog', async () => {
    const user = await e2e.createUser();
    await user.api.link({ url: 'https://example.com/pie', title: 'Apple pie' });
    const page = await openDashboard(user);
    const focusedIn = async (title: string) => {
      const open = dialog(page, title);
      await expectVisible(open);
      await expect
        .poll(() =>
          page.evaluate(() => {
            const active = (globalThis as unknown as Browser).document.activeElement;
            return active?.getAttribute('aria-label') ?? active?.id;
          }),
        )
        .not.toBe('Close');
      const focused = await open.evaluate((dialogElement: { contains(node: unknown): boolean }) => {
        const active = (globalThis as unknown as Browser).document.activeElement;
        return active && dialogElement.contains(active)
          ? `${active.tagName.toLowerCase()} ${active.getAttribute('role') ?? ''}`
          : null;
      });
      await page.keyboard.press('Escape');
      await expectHidden(open);
      return focused;
    };
    await card(page, 'Apple pie').getByRole('button', { name: 'Move link' }).click();
    // SPEC.md §2: Move Link is a picker with search, used from the keyboard: typing must reach the search.
    expect(await focusedIn('Move Link')).toBe('input combobox');
    await page.getByRole('button', { name: 'Save Link' }).click();
    expect(await focusedIn('Add New Link')).toBe('input ');
    await sidebar(page).getByRole('button', { name: NEW_FOLDER }).click();
    expect(await focusedIn('Create New Folder')).toBe('input ');
  });

  it('closes the sidebar below 1024 px; the menu opens it', async () => {
    const user = await e2e.createUser();
    const folder = await user.api.folder('Travel', 'pink');
    const page = await openDashboard(user);
    const aside = page.locator('aside[aria-label="Sidebar"]');
    /** Whether any of the sidebar is on screen (a closed drawer slides out to the left). */
    const onScreen = async () => {
      const box = await aside.boundingBox();
      return box !== null && box.x + box.width > 1;
    };
    await expect.poll(onScreen).toBe(true);
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);

    await page.setViewportSize({ width: 1023, height: 800 });
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expectVisible(menu);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(onScreen).toBe(false);

    await menu.click();
    await expect.poll(onScreen).toBe(true);
    await sidebarItem(page, 'Travel').click();
    await expectPath(page, `/app?folder=${folder.id}`);
    await expect.poll(onScreen).toBe(false);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(onScreen).toBe(true);
  });

  it('deletes a link only after confirmation', async () => {
    const user = await e2e.createUser();
    await user.api.link({ url: 'https://example.com/old', title: 'Old news' });
    const page = await openDashboard(user);
    const target = card(page, 'Old news');

    const dismissed = await acceptDialog(
      page,
      () => target.getByRole('button', { name: 'Delete link' }).click(),
      'dismiss',
    );
    expect(dismissed.message()).toBe('Are you sure you want to delete this link?');
    await expectVisible(target);
    expect(await user.api.links()).toHaveLength(1);

    const confirm = await acceptDialog(page, () =>
      target.getByRole('button', { name: 'Delete link' }).click(),
    );
    expect(confirm.type()).toBe('confirm');
    expect(confirm.message()).toBe('Are you sure you want to delete this link?');
    await expectHidden(target);
    await expectVisible(page.getByText('Your memory vault awaits'));
    await expect.poll(async () => (await user.api.links()).length).toBe(0);
  });

  it('alerts with the spec text when the server refuses, and rolls back', async () => {
    const user = await e2e.createUser();
    const folder = await user.api.folder('Work', 'blue');
    await user.api.link({ url: 'https://example.com/stable', title: 'Stable link' });
    const page = await openDashboard(user);
    const refuse = (method: string, pattern: string) =>
      page.route(pattern, (route) =>
        route.request().method() === method
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ error: { code: 'internal', message: 'Something broke' } }),
            })
          : route.fallback(),
      );
    await refuse('POST', '**/api/links');
    await refuse('PATCH', '**/api/links/*');
    await refuse('DELETE', '**/api/links/*');
    await refuse('POST', '**/api/folders');

    // Add
    await page.getByRole('button', { name: 'Save Link' }).click();
    const add = dialog(page, 'Add New Link');
    await add.getByLabel('URL').fill('https://example.com/new');
    let alert = await acceptDialog(page, () => add.getByRole('button', { name: 'Save Link' }).click());
    expect([alert.type(), alert.message()]).toEqual(['alert', 'Failed to add link. Please try again.']);
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(add);

    // Edit (optimistic, rolled back)
    await card(page, 'Stable link').getByRole('button', { name: 'Edit link' }).click();
    const edit = dialog(page, 'Edit Link');
    await edit.getByLabel('Title').fill('Changed title');
    alert = await acceptDialog(page, () => edit.getByRole('button', { name: 'Save Changes' }).click());
    expect([alert.type(), alert.message()]).toEqual(['alert', 'Failed to update link. Please try again.']);
    await expectVisible(card(page, 'Stable link'));

    // Move
    await card(page, 'Stable link').getByRole('button', { name: 'Move link' }).click();
    const move = dialog(page, 'Move Link');
    await expectVisible(move);
    await move.getByRole('combobox').fill('Work');
    alert = await acceptDialog(page, () => page.keyboard.press('Enter'));
    expect([alert.type(), alert.message()]).toEqual(['alert', 'Failed to move link. Please try again.']);
    await expectText(sidebarItem(page, 'Work'), /0$/);

    // Delete
    const dialogs = await dialogsDuring(page, 2, () =>
      card(page, 'Stable link').getByRole('button', { name: 'Delete link' }).click(),
    );
    expect(dialogs).toEqual([
      ['confirm', 'Are you sure you want to delete this link?'],
      ['alert', 'Failed to delete link. Please try again.'],
    ]);
    await expectVisible(card(page, 'Stable link'));

    // Create folder
    await sidebar(page).getByRole('button', { name: NEW_FOLDER }).click();
    const create = dialog(page, 'Create New Folder');
    await create.getByLabel('Name').fill('Never');
    alert = await acceptDialog(page, () => create.getByRole('button', { name: 'Create Folder' }).click());
    expect([alert.type(), alert.message()]).toEqual(['alert', 'Failed to create folder. Please try again.']);

    expect(await user.api.links()).toMatchObject([{ title: 'Stable link', folderId: null }]);
    expect(await user.api.folders()).toMatchObject([{ id: folder.id, name: 'Work' }]);
  });
});
