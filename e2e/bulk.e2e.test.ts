import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { type TestUser, describeE2E, expectHidden, expectVisible, useE2E, watchTrouble } from './harness.js';

/** Issue "Organise a big library by hand": choosing many links and acting on them at once. */
describeE2E('bulk actions', () => {
  const e2e = useE2E();
  const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
  const select = (page: Page, title: string) => page.getByRole('checkbox', { name: `Select ${title}` });
  const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Selected links' });
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await check()).toBe(true);
  };
  const TITLES = ['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm'];

  async function library(user: TestUser) {
    // Saved oldest first: the list shows Elm first and Alder last.
    for (const title of TITLES) {
      await user.api.link({ url: `https://trees.example/${title.toLowerCase()}`, title });
    }
    const page = await e2e.newPage();
    await e2e.signIn(page, user, '/app');
    await expectVisible(card(page, 'Alder'));
    return page;
  }
  const linksNamed = async (user: TestUser, titles: string[]) =>
    (await user.api.links()).filter((link) => titles.includes(link.title));

  it('chooses a range with Shift, and tags, moves and marks the chosen links at once', async () => {
    const user = await e2e.createUser();
    const folder = await user.api.folder('Forest', 'green');
    const page = await library(user);
    const trouble = watchTrouble(page);

    await select(page, 'Elm').click();
    await select(page, 'Cedar').click({ modifiers: ['Shift'] });
    await expectVisible(toolbar(page).getByText('3 selected'));
    const chosen = ['Elm', 'Dogwood', 'Cedar'];

    await toolbar(page).getByRole('button', { name: 'Tag', exact: true }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Add tags' });
    await tagDialog.getByRole('combobox', { name: /^Tags/ }).fill('hardwood');
    await tagDialog.getByRole('combobox', { name: /^Tags/ }).press('Enter');
    await tagDialog.getByRole('button', { name: 'Add tags' }).click();
    await until(async () => (await linksNamed(user, chosen)).every((l) => l.tags.includes('hardwood')));
    expect((await linksNamed(user, ['Birch', 'Alder'])).flatMap((l) => l.tags)).toEqual([]);
    // Done, the choice is cleared.
    await expectHidden(toolbar(page));

    await select(page, 'Birch').click();
    await select(page, 'Alder').click();
    await toolbar(page).getByRole('button', { name: 'Move' }).click();
    await page.getByRole('dialog', { name: 'Move 2 links' }).getByRole('option', { name: 'Forest' }).click();
    await until(async () =>
      (await linksNamed(user, ['Birch', 'Alder'])).every((l) => l.folderId === folder.id),
    );

    await select(page, 'Alder').click();
    await toolbar(page).getByRole('button', { name: 'Select all 5' }).click();
    await expectVisible(toolbar(page).getByText('5 selected'));
    await toolbar(page).getByRole('button', { name: 'Mark read' }).click();
    await until(async () => (await user.api.links()).every((l) => l.state === 'read'));

    // Escape clears a choice; the keyboard chooses with Space.
    await select(page, 'Elm').focus();
    await page.keyboard.press('Space');
    await expectVisible(toolbar(page).getByText('1 selected'));
    await page.keyboard.press('Escape');
    await expectHidden(toolbar(page));
    expect(trouble).toEqual([]);
  });

  it('deletes the chosen links after a moment, and Undo brings them back', async () => {
    const user = await e2e.createUser();
    const page = await library(user);
    const trouble = watchTrouble(page);

    await select(page, 'Birch').click();
    await select(page, 'Cedar').click();
    await toolbar(page).getByRole('button', { name: 'Delete' }).click();
    await expectHidden(card(page, 'Birch'));
    await expectHidden(card(page, 'Cedar'));
    const toast = page.getByRole('status').filter({ hasText: '2 links deleted.' });
    await expectVisible(toast);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expectVisible(card(page, 'Birch'));
    await expectVisible(card(page, 'Cedar'));
    expect(await user.api.links()).toHaveLength(5);

    await select(page, 'Cedar').click();
    await toolbar(page).getByRole('button', { name: 'Delete' }).click();
    await expectHidden(card(page, 'Cedar'));
    await until(async () => (await user.api.links()).length === 4);
    await expectHidden(page.getByText('1 link deleted.'));
    expect((await user.api.links()).map((l) => l.title).sort()).toEqual(['Alder', 'Birch', 'Dogwood', 'Elm']);
    expect(trouble).toEqual([]);
  });

  it('sends a delete still waiting when the page is left', async () => {
    const user = await e2e.createUser();
    const page = await library(user);
    await select(page, 'Elm').click();
    await toolbar(page).getByRole('button', { name: 'Delete' }).click();
    await expectHidden(card(page, 'Elm'));
    // The page going away, as the browser tells it: its pagehide (a navigation or a closed tab in a test
    // browser may end before the keepalive request leaves, which says nothing of the app).
    await page.evaluate(() => {
      const browser = globalThis as unknown as { dispatchEvent(event: Event): boolean };
      browser.dispatchEvent(new Event('pagehide'));
    });
    await until(async () => (await user.api.links()).length === 4);
  });
});
