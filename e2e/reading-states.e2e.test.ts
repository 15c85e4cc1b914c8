import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  type TestUser,
  describeE2E,
  escapeRegExp,
  expectHidden,
  expectPath,
  expectVisible,
  useE2E,
  watchTrouble,
} from './harness.js';

/** The reading lists (API.md "Reading, organising and finding"): Unread, Favourites, Archive, their keys. */
describeE2E('reading states', () => {
  const e2e = useE2E();
  const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Library' });
  const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
  const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

  async function openDashboard(user: TestUser, path = '/app') {
    const page = await e2e.newPage();
    await e2e.signIn(page, user, path);
    await expectVisible(page.getByRole('button', { name: 'Save Link' }));
    return page;
  }

  const stateOf = async (user: TestUser, title: string) => {
    const link = (await user.api.links()).find((l) => l.title === title);
    return { state: link?.state, favorite: link?.favorite };
  };
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await check()).toBe(true);
  };

  it('favourites and archives from the card, and each list keeps only its links', async () => {
    const user = await e2e.createUser();
    await user.api.link({ url: 'https://example.com/tides', title: 'Tide tables' });
    await user.api.link({ url: 'https://example.com/moon', title: 'Phases of the moon' });
    const page = await openDashboard(user);
    const trouble = watchTrouble(page);

    const tides = card(page, 'Tide tables');
    await tides.hover();
    await tides.getByRole('button', { name: 'Favourite' }).click();
    await expectVisible(tides.getByText('Favourite', { exact: true }));
    await until(async () => (await stateOf(user, 'Tide tables')).favorite === true);

    await sidebar(page).getByRole('link', { name: 'Favourites' }).click();
    await expectPath(page, '/app?view=favorites');
    await expectVisible(heading(page, 'Favourites'));
    await expectVisible(card(page, 'Tide tables'));
    await expectHidden(card(page, 'Phases of the moon'));
    await expectVisible(page.getByText('1 link', { exact: true }));

    await sidebar(page).getByRole('link', { name: 'Unread' }).click();
    await expectVisible(heading(page, 'Unread'));
    const moon = card(page, 'Phases of the moon');
    await moon.hover();
    await moon.getByRole('button', { name: 'Archived' }).click();
    // Archived, it leaves Unread at once (optimistic), and the server agrees.
    await expectHidden(card(page, 'Phases of the moon'));
    await until(async () => (await stateOf(user, 'Phases of the moon')).state === 'archived');

    await sidebar(page).getByRole('link', { name: 'Archive' }).click();
    await expectVisible(heading(page, 'Archive'));
    await expectVisible(card(page, 'Phases of the moon'));
    await expectHidden(card(page, 'Tide tables'));
    expect(trouble).toEqual([]);
  });

  it('marks the focused card with F, E and M, and Link Details with the same keys', async () => {
    const user = await e2e.createUser();
    await user.api.link({ url: 'https://example.com/kelp', title: 'Kelp forests' });
    const page = await openDashboard(user, '/app?view=unread');
    const kelp = card(page, 'Kelp forests');
    await kelp.getByRole('button', { name: 'Kelp forests' }).focus();

    await page.keyboard.press('f');
    await until(async () => (await stateOf(user, 'Kelp forests')).favorite === true);
    await page.keyboard.press('m');
    await until(async () => (await stateOf(user, 'Kelp forests')).state === 'read');
    await expectHidden(kelp);

    await sidebar(page).getByRole('link', { name: 'All Links' }).click();
    await card(page, 'Kelp forests').getByRole('button', { name: 'Kelp forests' }).click();
    const details = page.getByRole('dialog', { name: 'Link Details' });
    await expectVisible(details);
    const reading = details.getByRole('group', { name: 'Reading' });
    expect(await reading.getByRole('button', { name: 'Favourite' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await reading.getByRole('button', { name: 'Read' }).getAttribute('aria-pressed')).toBe('true');

    await page.keyboard.press('e');
    await until(async () => (await stateOf(user, 'Kelp forests')).state === 'archived');
    await expectVisible(reading.getByRole('button', { name: 'Archived', pressed: true }));
    await reading.getByRole('button', { name: 'Favourite' }).click();
    await until(async () => (await stateOf(user, 'Kelp forests')).favorite === false);
    await page.keyboard.press('Escape');
    await expectHidden(details);
  });

  it('says what an empty reading list is for', async () => {
    const user = await e2e.createUser();
    const page = await openDashboard(user, '/app?view=archive');
    await expectVisible(page.getByText('The archive is empty'));
    await sidebar(page).getByRole('link', { name: 'Favourites' }).click();
    await expectVisible(page.getByText('No favourites yet'));
    await sidebar(page)
      .getByRole('link', { name: new RegExp(`^${escapeRegExp('Unread')}$`) })
      .click();
    await expectVisible(page.getByText('Nothing left to read'));
  });
});
