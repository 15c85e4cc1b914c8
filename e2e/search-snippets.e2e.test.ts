import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { Folder, Snippet } from '../contracts/index.js';
import {
  type Browser,
  type TestUser,
  acceptDialog,
  describeE2E,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  useE2E,
} from './harness.js';

/** /app/search (SPEC.md §2, §5) and the Snippets view with its note editor (SPEC.md §4). */
describeE2E('search and snippets', () => {
  const e2e = useE2E();
  let user: TestUser;
  let learning: Folder;
  let snippet: Snippet;

  beforeAll(async () => {
    user = await e2e.createUser();
    learning = await user.api.folder('Machine Learning', 'purple');
    await user.api.folder('Cooking', 'orange');
    await user.api.link({
      url: 'https://rust.example.com/book',
      title: 'Learning Rust the hard way',
      folderId: learning.id,
    });
    await user.api.link({
      url: 'https://example.com/bread',
      title: 'Bread',
      description: 'Deep LEARNING for bakers',
    });
    await user.api.link({ url: 'https://example.com/unrelated', title: 'Unrelated page' });
    snippet = await user.api.snippet({
      pageUrl: 'https://blog.example.com/post',
      pageTitle: 'A blog post',
      selectedText: 'Spaced repetition makes learning stick.',
    });
  });

  const searchBox = (page: Page) => page.getByRole('searchbox');
  const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true, level: 2 });
  const status = (page: Page) => page.getByRole('status').filter({ hasText: /result/ });

  async function openSearch(path = '/app') {
    const page = await e2e.newPage();
    await e2e.signIn(page, user, path);
    await expectVisible(page.getByRole('button', { name: 'Save Link' }));
    await page
      .getByRole('link', { name: /search/i })
      .first()
      .click();
    await expectPath(page, '/app/search');
    await expect
      .poll(() =>
        searchBox(page).evaluate((el) => el === (globalThis as unknown as Browser).document.activeElement),
      )
      .toBe(true);
    return page;
  }

  it('opens from the dashboard with the prompt and a focused search box', async () => {
    const page = await openSearch();
    await expectVisible(page.getByText('Search your memory'));
    await expectVisible(page.getByRole('button', { name: 'All Results', pressed: true }));
    await expectVisible(page.getByRole('button', { name: 'Folders Only', pressed: false }));
  });

  it('finds folders, links and snippets, case-insensitively, grouped, counted and highlighted', async () => {
    const page = await openSearch();
    await page.keyboard.type('learn');
    await expectPath(page, '/app/search?q=learn');
    await expectVisible(heading(page, 'Folders'));
    await expectVisible(heading(page, 'Links'));
    await expectVisible(heading(page, 'Snippets'));
    await expectText(status(page), /^4 results$/);
    expect(await page.locator('mark').allInnerTexts()).toEqual(
      expect.arrayContaining(['Learn', 'LEARN', 'learn']),
    );
    // A link found opens its details in Linkvault; its site is one click further, in a new tab.
    const rust = page.getByRole('link', { name: /^Learning Rust the hard way/ });
    expect(await rust.getAttribute('href')).toMatch(/^\/app\?link=/);
    const site = page.getByRole('link', { name: /^Open Learning Rust the hard way on its site/ });
    expect(await site.getAttribute('href')).toBe('https://rust.example.com/book');
    expect(await site.getAttribute('target')).toBe('_blank');
    expect(await page.getByText('Unrelated page').count()).toBe(0);

    // The query lives in the URL: a reload shows the same search.
    await page.reload();
    expect(await searchBox(page).inputValue()).toBe('learn');
    await expectText(status(page), /^4 results$/);
  });

  it('filters to folders only, and a folder opens on the dashboard', async () => {
    const page = await openSearch();
    await searchBox(page).fill('LEARNING');
    await expectVisible(heading(page, 'Links'));
    await page.getByRole('button', { name: 'Folders Only' }).click();
    await expectPath(page, '/app/search?q=LEARNING&scope=folders');
    await expectVisible(page.getByRole('button', { name: 'Folders Only', pressed: true }));
    await expectText(status(page), /^1 result$/);
    await expectHidden(heading(page, 'Links'));
    expect(await heading(page, 'Snippets').count()).toBe(0);

    await page.getByRole('link', { name: /Machine Learning/ }).click();
    await expectPath(page, `/app?folder=${learning.id}`);
    await expectVisible(page.getByRole('heading', { name: 'Machine Learning', level: 1 }));
    await expectVisible(page.getByRole('article', { name: 'Learning Rust the hard way' }));
  });

  it('says when nothing matches, and Escape goes back to the dashboard', async () => {
    const page = await openSearch(`/app?folder=${learning.id}`);
    await searchBox(page).fill('zebra crossing');
    await expectVisible(page.getByText('No results found'));
    await expectText(status(page), /^0 results$/);
    await page.keyboard.press('Escape');
    await expectPath(page, `/app?folder=${learning.id}`);

    // Opened directly (no history inside the app), Escape and the back link lead to /app.
    await page.goto('/app/search?q=bread');
    await expectVisible(heading(page, 'Links'));
    await page.keyboard.press('Escape');
    await expectPath(page, '/app');
    await page.goto('/app/search');
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expectPath(page, '/app');
  });

  it('moves through results with the arrow keys; a snippet opens in the Snippets view', async () => {
    const page = await openSearch();
    await page.keyboard.type('stick');
    // "st" already finds the Rust link: wait for the answer to the whole word before moving.
    await expectText(status(page), /^1 result$/);
    await expectVisible(heading(page, 'Snippets'));
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(
      () => (globalThis as unknown as Browser).document.activeElement?.textContent ?? '',
    );
    expect(focused).toContain('Spaced repetition makes learning stick.');
    await page.keyboard.press('Enter');
    await expectPath(page, '/app?view=snippets');
    await expectVisible(page.getByRole('heading', { name: 'All Snippets', level: 1 }));
    const panel = page.getByRole('dialog', { name: 'Snippet Details' });
    await expectVisible(panel.getByText('Spaced repetition makes learning stick.'));
  });

  it('opens a snippet and edits its note: saving, saved, then the panel closes', async () => {
    const page = await e2e.newPage();
    await e2e.signIn(page, user, '/app?view=snippets');
    await expectVisible(page.getByRole('heading', { name: 'All Snippets', level: 1 }));
    await page.getByRole('button', { name: snippet.selectedText }).click();
    const panel = page.getByRole('dialog', { name: 'Snippet Details' });
    await expectVisible(panel);
    await expectVisible(panel.getByText('A blog post'));

    // Hold the save for a moment so the 'saving' state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/snippets/*', async (route) => {
      if (route.request().method() === 'PATCH') await held;
      await route.fallback();
    });
    await panel.getByLabel('Note').fill('Review this every Sunday.');
    await panel.getByRole('button', { name: 'Save Note' }).click();
    await expectVisible(panel.getByRole('button', { name: 'Saving…' }));
    release();
    await expectVisible(panel.getByText('Saved', { exact: true }));
    const savedAt = Date.now();
    await expectHidden(panel);
    // SPEC.md §9: the saved indicator closes the panel after 1 second.
    expect(Date.now() - savedAt).toBeGreaterThan(600);
    await expectVisible(page.getByText('Review this every Sunday.'));
    expect((await user.api.snippets())[0]?.note).toBe('Review this every Sunday.');
  });

  it('shows the inline error when the note cannot be saved', async () => {
    const page = await e2e.newPage();
    await e2e.signIn(page, user, '/app?view=snippets');
    await page.route('**/api/snippets/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":{"code":"internal","message":"x"}}',
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: snippet.selectedText }).click();
    const panel = page.getByRole('dialog', { name: 'Snippet Details' });
    await panel.getByLabel('Note').fill('This will not stick');
    // SPEC.md §8: the alert 'Failed to update note…' and, in the panel, 'Failed to save note…'.
    const alert = await acceptDialog(page, () => panel.getByRole('button', { name: 'Save Note' }).click());
    expect(alert.message()).toBe('Failed to update note. Please try again.');
    await expectText(panel.getByRole('alert'), 'Failed to save note. Please try again.');
    await expectVisible(panel);
  });
});
