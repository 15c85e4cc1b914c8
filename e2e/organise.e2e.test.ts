import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, expectHidden, expectVisible, useE2E } from './harness.js';
import { LOOSE, seedOrganiseLibrary } from './organise-seed.js';

/**
 * Smart categories (issue 19): the "Move to …?" chip on a card, accepted with a click or dismissed from
 * the keyboard, and Auto-organise in the Uncategorized view, row by row and all at once.
 */
describeE2E('smart categories', () => {
  const e2e = useE2E();
  const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

  it('moves a link with its chip, and a dismissed chip stays gone', async () => {
    const user = await e2e.createUser();
    const { folders, loose } = await seedOrganiseLibrary(user);
    const page = await e2e.newPage();
    await e2e.signIn(page, user, '/app?view=uncategorized');

    const bread = card(page, LOOSE.bread);
    await bread.getByRole('button', { name: 'Move to Baking?' }).click();
    await expectHidden(bread);
    // The card leaves at the click (optimistically); the server's answer may come a moment later.
    await expect
      .poll(async () => (await user.api.links()).find((l) => l.id === loose.bread.id))
      .toMatchObject({ folderId: folders.Baking?.id, suggestedFolderId: null });

    // Dismissed from the keyboard: the chip's buttons are in the tab order, with names that say what they do.
    const poetry = card(page, LOOSE.poetry);
    await expectVisible(poetry.getByRole('button', { name: 'Move to Reading?' }));
    await poetry.getByRole('button', { name: 'Dismiss suggestion: move to Reading' }).focus();
    await page.keyboard.press('Enter');
    await expectHidden(poetry.getByRole('button', { name: 'Move to Reading?' }));
    await page.reload();
    await expectVisible(card(page, LOOSE.poetry));
    await expectHidden(card(page, LOOSE.poetry).getByRole('button', { name: /^Move to/ }));
    // No chip where nothing was found.
    await expectHidden(card(page, LOOSE.unknown).getByRole('button', { name: /^Move to/ }));
  });

  it('Auto-organise proposes folders for Uncategorized, accepted and rejected one by one or all at once', async () => {
    const user = await e2e.createUser();
    const { folders, loose } = await seedOrganiseLibrary(user, { suggest: false });
    const page = await e2e.newPage();
    await e2e.signIn(page, user, '/app?view=uncategorized');
    await page.getByRole('button', { name: 'Auto-organise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Auto-organise' });
    const rows = dialog.getByRole('list', { name: 'Suggested folders' }).getByRole('listitem');
    await expectVisible(rows.first());
    expect(await rows.count()).toBe(3);

    await dialog.getByRole('button', { name: `Reject: keep “${LOOSE.poetry}” out of Reading` }).click();
    await dialog.getByRole('button', { name: `Accept: move “${LOOSE.bread}” to Baking` }).click();
    await expectVisible(dialog.getByText('1 suggestion'));
    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await expectVisible(dialog.getByText('All done'));

    const byId = new Map((await user.api.links()).map((link) => [link.id, link]));
    expect(byId.get(loose.bread.id)?.folderId).toBe(folders.Baking?.id);
    expect(byId.get(loose.postgres.id)?.folderId).toBe(folders.Databases?.id);
    expect(byId.get(loose.poetry.id)).toMatchObject({ folderId: null, suggestedFolderId: null });
    expect(byId.get(loose.unknown.id)?.folderId).toBeNull();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expectVisible(card(page, LOOSE.poetry));
    await expectHidden(card(page, LOOSE.postgres));

    // Asked again: the rejected link is not proposed again, and nothing else is left to propose.
    await page.getByRole('button', { name: 'Auto-organise' }).click();
    await expectVisible(dialog.getByText('No suggestions right now'));
  });
});
