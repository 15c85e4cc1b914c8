import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { LIMITS } from '../contracts/constants.js';
import {
  DESKTOP,
  PHONE,
  type TestUser,
  describeE2E,
  expectText,
  expectVisible,
  useE2E,
  watchTrouble,
} from './harness.js';

/**
 * Text longer than a layout expects: search and filter text past the API's limit, and titles,
 * descriptions, notes and tags written as one unbroken word, at 1280 and 390 px.
 */

/** What the measuring callback uses, typed by hand as harness.ts explains. */
interface Box {
  left: number;
  right: number;
  width: number;
}
interface Element {
  tagName: string;
  className: unknown;
  parentElement: Element | null;
  hasAttribute(name: string): boolean;
  getBoundingClientRect(): Box;
  querySelectorAll(selector: string): Iterable<Element>;
}
interface Globals {
  document: {
    documentElement: { scrollWidth: number; clientWidth: number };
    querySelectorAll(selector: string): Iterable<Element>;
  };
  getComputedStyle(element: Element): { overflowX: string };
}

const WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis';
const unbroken = (length: number) => WORD.repeat(Math.ceil(length / WORD.length)).slice(0, length);

/**
 * What sticks out: the page wider than the window, or an element of a `container` (each card, panel) that
 * shows past the container's sides. What an element inside clips on purpose (a truncated line ending in
 * an ellipsis) does not show; visually hidden elements (1 px: sr-only) are left out.
 */
async function overflows(page: Page, container: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const browser = globalThis as unknown as Globals;
    const { document } = browser;
    const found: string[] = [];
    const { scrollWidth, clientWidth } = document.documentElement;
    if (scrollWidth > clientWidth)
      found.push(`the page scrolls sideways: ${scrollWidth} > ${clientWidth} px`);
    for (const box of document.querySelectorAll(selector)) {
      const outer = box.getBoundingClientRect();
      for (const inner of box.querySelectorAll('*')) {
        const rect = inner.getBoundingClientRect();
        // A card's checkbox sits in the list's margin by design (LinkCard SelectBox).
        if (rect.width <= 1 || inner.hasAttribute('data-gutter')) continue;
        let { left, right } = rect;
        for (let clip = inner.parentElement; clip && clip !== box; clip = clip.parentElement) {
          if (browser.getComputedStyle(clip).overflowX === 'visible') continue;
          const edges = clip.getBoundingClientRect();
          left = Math.max(left, edges.left);
          right = Math.min(right, edges.right);
        }
        const past = Math.max(right - outer.right, outer.left - left);
        if (past > 1) {
          found.push(
            `${inner.tagName}.${String(inner.className)} shows ${Math.round(past)} px past its ${selector}`,
          );
        }
      }
    }
    return found;
  }, container);
}

describeE2E('long text', () => {
  const e2e = useE2E();
  let user: TestUser;
  const title = unbroken(LIMITS.title);

  beforeAll(async () => {
    user = await e2e.createUser();
    const folder = await user.api.folder(unbroken(LIMITS.folderName), 'green');
    const link = await user.api.link({
      url: `https://example.com/${unbroken(600)}`,
      title,
      description: unbroken(1500),
      folderId: folder.id,
    });
    await e2e.database.db
      .updateTable('links')
      .set({
        summary_short: unbroken(300),
        summary_long: unbroken(1200),
        key_points: JSON.stringify([unbroken(400)]),
        highlights: JSON.stringify([unbroken(400)]),
        tags: JSON.stringify([unbroken(120)]),
        enrichment_status: 'enriched',
      })
      .where('id', '=', link.id)
      .execute();
    await user.api.link({ url: 'https://example.com/short', title: 'A short title' });
    await user.api.snippet({
      pageUrl: `https://example.com/${unbroken(600)}`,
      pageTitle: unbroken(LIMITS.title),
      selectedText: unbroken(2000),
      note: unbroken(800),
    });
  });

  async function signedIn(viewport: { width: number; height: number }, path: string) {
    const page = await e2e.newPage({ viewport });
    await e2e.signIn(page, user, path);
    return page;
  }

  it('keeps search and filter text to the API’s limit, and says so of a longer one', async () => {
    const tooLong = 'a'.repeat(LIMITS.searchQuery + 50);
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await signedIn(viewport, '/app');
      const trouble = watchTrouble(page);
      const filter = page.getByRole('searchbox', { name: 'Filter links' });
      await filter.fill(tooLong);
      expect((await filter.inputValue()).length).toBe(LIMITS.searchQuery);
      await expectVisible(page.getByText(/^0 results for "a{200}"$/));
      expect(await overflows(page, 'main')).toEqual([]);

      // An address can carry more than the box takes: not sent, and said in words, for every view.
      for (const path of ['/app', '/app?view=snippets']) {
        await page.goto(e2e.url(`${path}${path.includes('?') ? '&' : '?'}q=${tooLong}`));
        await expectVisible(page.getByRole('heading', { name: "This filter can't be used" }));
        await expectVisible(
          page.getByText(`Search text can be at most 200 characters; this one has ${tooLong.length}.`),
        );
        await expectVisible(page.getByText(/^\d+ (saved links?|snippets?)$/));
        expect(await overflows(page, 'main')).toEqual([]);
      }
      await page.getByRole('button', { name: 'Clear filter' }).filter({ hasText: 'Clear filter' }).click();
      await expectVisible(page.getByText(WORD.slice(0, 20)).first());

      await page.goto(e2e.url(`/app/search?q=${tooLong}`));
      await expectText(
        page.getByRole('alert'),
        `Search text can be at most 200 characters; this one has ${tooLong.length}.`,
      );
      expect((await page.getByRole('searchbox').getAttribute('maxlength')) ?? '').toBe(
        String(LIMITS.searchQuery),
      );
      expect(await overflows(page, 'main')).toEqual([]);
      expect(trouble).toEqual([]);
    }
  });

  it('keeps unbroken titles, descriptions and notes inside their cards and panels', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await signedIn(viewport, '/app');
      const card = page.getByRole('article', { name: title });
      await expectVisible(card);
      expect(await overflows(page, 'article')).toEqual([]);

      await card.getByRole('button', { name: title }).click();
      const details = page.getByRole('dialog', { name: 'Link Details' });
      await expectVisible(details.getByText('Key points'));
      expect(await overflows(page, 'dialog[open]')).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto(e2e.url('/app?view=snippets'));
      const snippet = page.getByRole('article').first();
      await expectVisible(snippet);
      expect(await overflows(page, 'article')).toEqual([]);
      // Its 2,000 characters end after five lines (of 24 px), as ordinary words do.
      const passage = snippet.getByRole('button').first();
      expect((await passage.boundingBox())?.height).toBeLessThan(5 * 25);
      await passage.click();
      await expectVisible(page.getByRole('dialog', { name: 'Snippet Details' }));
      expect(await overflows(page, 'dialog[open]')).toEqual([]);

      await page.goto(e2e.url(`/app/search?q=${WORD}`));
      await expectVisible(page.getByRole('heading', { name: 'Snippets', level: 2 }));
      expect(await overflows(page, 'main li')).toEqual([]);
    }
  });
});
