import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, PHONE, describeE2E, expectHidden, expectVisible, useE2E, watchTrouble } from './harness.js';
import { SCREENSHOT_DIR } from './screens.js';
import { SNIPPET_COLORS } from '../contracts/index.js';

/**
 * A page that tries everything: scripts inline and loaded, event handlers, javascript: links, SVG with
 * script, CSS expressions, a form, meta refresh, frames, beacons. Every attempt that ran would call the
 * page server's /hit (counted), set the title, or open a dialog: the test checks none did, in the browser.
 */
const hostile = (origin: string) => `<!doctype html><html lang="en"><head>
<title>The quiet harbour | Coast Journal</title>
<meta property="og:site_name" content="Coast Journal"><meta name="author" content="Ines Marlow">
<meta http-equiv="refresh" content="0;url=${origin}/hit?refresh">
<script>fetch('${origin}/hit?inline'); document.title = 'pwned';</script>
<script src="${origin}/hit?script-src"></script>
<style>body { background: url('${origin}/hit?css'); width: expression(alert('css')); }</style>
</head><body>
<nav><a href="/">Coast Journal home</a></nav>
<article>
<h1>The quiet harbour</h1>
<p>Before dawn the harbour is quiet enough to hear the ropes creak against the bollards, and the fishing boats lean together like sleepers who have shared one blanket all night.</p>
<p>The harbour master walks the length of the quay at five, counting hulls, listening for the cough of an engine that will not start, and writing the tide times on a slate by the steps.</p>
<img src="${origin}/img/boats.png" alt="Boats at dawn" onerror="fetch('${origin}/hit?onerror')" onload="fetch('${origin}/hit?onload')">
<p>By seven the gulls arrive, and with them the first buyers, who argue about the weather as a way of arguing about the price of fish, and never once mention either.</p>
<p><a href="javascript:fetch('${origin}/hit?js-link')">A javascript link</a> and <a href="${origin}/story?utm_source=mail&amp;part=2">the second part</a>.</p>
<svg><script>fetch('${origin}/hit?svg')</script><circle r="4" onload="fetch('${origin}/hit?svg-onload')"/></svg>
<iframe src="${origin}/hit?iframe"></iframe><object data="${origin}/hit?object"></object>
<form action="${origin}/hit?form"><input name="q" autofocus onfocus="fetch('${origin}/hit?onfocus')"><button>Go</button></form>
<p>When the sun is finally up the harbour belongs to the tourists, who photograph the boats that have already done their day's work and are resting, nets folded, in the warm light.</p>
${'<p>The tide turns twice a day, and the harbour turns with it, emptying and filling like a slow lung. Old sailors say you can tell the hour by the smell of the weed on the walls.</p>\n'.repeat(12)}
</article>
<img src="${origin}/hit?beacon" width="1" height="1">
</body></html>`;

/** A 1x1 PNG, so that the article's picture loads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The part of the page's window the scrolling checks use (e2e code is compiled without the DOM's types). */
interface Scrolling {
  scrollY: number;
  innerHeight: number;
  scrollTo(options: { top: number }): void;
  document: { documentElement: { scrollHeight: number } };
  getComputedStyle(element: unknown): { fontSize: string };
}

describeE2E('reader', () => {
  const hits: string[] = [];
  let origin = '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    if (url.startsWith('/hit')) {
      hits.push(url);
      res.writeHead(204).end();
    } else if (url === '/harbour') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostile(origin));
    } else if (url === '/img/boats.png' || url === '/favicon.ico') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    } else res.writeHead(404).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const e2e = useE2E({ fetchAllow: ['127.0.0.1'] });
  const drain = async () => {
    while (await e2e.services.workers.runOnce());
  };

  async function savedArticle() {
    const user = await e2e.createUser();
    const link = await user.api.link({ url: `${origin}/harbour` });
    await drain();
    hits.length = 0;
    return { user, link };
  }

  async function screenshot(page: Page, name: string) {
    for (const [width, viewport] of [
      [1280, DESKTOP],
      [390, PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `${name}-${width}-${scheme}.png`),
          animations: 'disabled',
        });
      }
    }
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: 'light' });
  }

  it('opens from the card into a clean reader where nothing of the page runs', async () => {
    const { user } = await savedArticle();
    const page = await e2e.newPage();
    const trouble = watchTrouble(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await e2e.signIn(page, user, '/app');
    const card = page.getByRole('article', { name: 'The quiet harbour', exact: true });
    await card.hover();
    await card.getByRole('link', { name: 'Read' }).click();

    await expectVisible(page.getByRole('heading', { name: 'The quiet harbour', level: 1 }));
    expect(page.url()).toMatch(/\/app\/read\//);
    await expectVisible(page.getByText('Ines Marlow · Coast Journal'));
    await expectVisible(page.getByText(/^\d+ min read$/));
    await expectVisible(page.getByText(/harbour master walks the length of the quay/));
    await expectVisible(page.getByRole('img', { name: 'Boats at dawn' }));
    expect(await page.getByRole('link', { name: 'the second part' }).getAttribute('href')).toBe(
      `${origin}/story?part=2`,
    );
    await expectHidden(page.getByText('Coast Journal home'));
    expect(
      await page.locator('.reader-prose :is(script, form, input, iframe, svg, object, style)').count(),
    ).toBe(0);

    const fontSize = () =>
      page
        .locator('.reader-prose')
        .evaluate((el) => (globalThis as unknown as Scrolling).getComputedStyle(el).fontSize);
    const before = await fontSize();
    await page.getByRole('button', { name: 'Larger text' }).click();
    expect(Number.parseFloat(await fontSize())).toBeGreaterThan(Number.parseFloat(before));
    await page.getByRole('button', { name: 'Smaller text' }).click();
    expect(await fontSize()).toBe(before);

    await screenshot(page, 'reader');
    await page.getByRole('button', { name: 'Archived copy' }).click();
    const frame = page.frameLocator('iframe[title^="Archived copy of"]');
    await expectVisible(frame.getByText(/Archived copy of/));
    await expectVisible(frame.getByText('Coast Journal home'));
    await expectVisible(frame.getByText(/harbour master walks/));
    await screenshot(page, 'reader-archive');

    expect(await page.title()).not.toBe('pwned');
    expect(hits).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(trouble).toEqual([]);
  });

  it('remembers how far the article was read and marks it read at the end', async () => {
    const { user, link } = await savedArticle();
    const page = await e2e.newPage({ viewport: PHONE });
    await e2e.signIn(page, user, `/app/read/${link.id}`);
    await expectVisible(page.getByRole('heading', { name: 'The quiet harbour', level: 1 }));

    await page.evaluate(() => {
      const w = globalThis as unknown as Scrolling;
      w.scrollTo({ top: (w.document.documentElement.scrollHeight - w.innerHeight) / 2 });
    });
    const progressOf = async () =>
      (await user.api.links()).find((l) => l.id === link.id)?.readingProgress ?? 0;
    await expect.poll(progressOf, { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect((await user.api.links())[0]?.state).toBe('unread');

    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'The quiet harbour', level: 1 }));
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as Scrolling).scrollY), { timeout: 5_000 })
      .toBeGreaterThan(200);

    await page.evaluate(() => {
      const w = globalThis as unknown as Scrolling;
      w.scrollTo({ top: w.document.documentElement.scrollHeight });
    });
    await expect.poll(async () => (await user.api.links())[0]?.state, { timeout: 10_000 }).toBe('read');
    expect(await progressOf()).toBe(1);
    await expectVisible(page.getByRole('button', { name: 'Mark as unread' }));
  });

  it('finds the article on the search page by words of its text, the words marked', async () => {
    const { user, link } = await savedArticle();
    const page = await e2e.newPage();
    const trouble = watchTrouble(page);
    await e2e.signIn(page, user, '/app/search?q=bollards%20sleepers');
    const result = page.getByRole('link', { name: /The quiet harbour/ });
    await expectVisible(result);
    const marks = page.locator('mark');
    await expectVisible(marks.first());
    expect(await marks.allTextContents()).toEqual(expect.arrayContaining(['bollards', 'sleepers']));
    await expectVisible(page.getByText('In the page'));
    expect(link.title).not.toMatch(/bollards/);
    await screenshot(page, 'search-text');
    expect(trouble).toEqual([]);
  });

  it("draws snippets on the article and takes new ones from a selection, with the extension's selectors", async () => {
    const { user, link } = await savedArticle();
    // As the extension saves one on the live page: its offsets count the live page's text, not the article's.
    await user.api.request('POST', '/api/snippets', {
      pageUrl: link.url,
      selectedText: 'the gulls arrive',
      color: 'blue',
      note: 'Gull time',
      positionData: {
        selector: [
          {
            type: 'TextQuoteSelector',
            exact: 'the gulls arrive',
            prefix: 'By seven ',
            suffix: ', and with them',
          },
          { type: 'TextPositionSelector', start: 900, end: 916 },
        ],
      },
    });
    const page = await e2e.newPage();
    const trouble = watchTrouble(page);
    await e2e.signIn(page, user, `/app/read/${link.id}`);
    const drawn = page.locator('.reader-prose mark[data-color="blue"]');
    await expectVisible(drawn);
    expect(await drawn.textContent()).toBe('the gulls arrive');
    expect(await drawn.getAttribute('title')).toBe('Gull time');

    await selectInArticle(page, 'harbour master walks', 'counting hulls');
    const toolbar = page.getByRole('toolbar', { name: 'Highlight' });
    await expectVisible(toolbar);
    await toolbar.getByRole('button', { name: 'Note' }).click();
    await toolbar.getByLabel('Note').fill('The daily count');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(SCREENSHOT_DIR, `reader-highlight-1280-${scheme}.png`) });
    }
    await toolbar.getByRole('button', { name: 'Highlight in Green' }).click();
    await expectHidden(toolbar);
    const made = page.locator('.reader-prose mark[data-color="green"]');
    await expectVisible(made);
    expect(await made.textContent()).toBe('counting hulls');

    const saved = (await user.api.snippets()).find((s) => s.selectedText === 'counting hulls');
    expect(saved).toMatchObject({
      linkId: link.id,
      pageUrl: link.url,
      color: 'green',
      note: 'The daily count',
    });
    const [quote] = (saved?.positionData as { selector: { exact: string; prefix: string; suffix: string }[] })
      .selector;
    expect(quote).toMatchObject({
      exact: 'counting hulls',
      prefix: expect.stringMatching(/quay at five, $/),
    });
    expect(quote?.suffix).toMatch(/^, listening for the cough/);
    expect(trouble).toEqual([]);
  });

  it('offers the highlight toolbar on a phone and to the keyboard: H reaches the colours, Escape lets go', async () => {
    const { user, link } = await savedArticle();
    const page = await e2e.newPage({ viewport: PHONE });
    const trouble = watchTrouble(page);
    await e2e.signIn(page, user, `/app/read/${link.id}`);
    await selectInArticle(page, 'harbour master walks', 'counting hulls');
    const toolbar = page.getByRole('toolbar', { name: 'Highlight' });
    await expectVisible(toolbar);
    const box = await toolbar.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await toolbar.getByRole('button', { name: 'Note' }).click();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(SCREENSHOT_DIR, `reader-highlight-390-${scheme}.png`) });
    }
    await toolbar.getByRole('button', { name: 'Note' }).click();

    await page.keyboard.press('h');
    const first = toolbar.getByRole('button').first();
    expect(await first.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expectHidden(toolbar);

    await selectInArticle(page, 'harbour master walks', 'counting hulls');
    await expectVisible(toolbar);
    await page.keyboard.press('h');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectHidden(toolbar);
    const saved = (await user.api.snippets()).find((s) => s.selectedText === 'counting hulls');
    expect(saved?.color).toBe(SNIPPET_COLORS[1]);
    expect(trouble).toEqual([]);
  });

  it('says what it is waiting for when the page has not been fetched yet', async () => {
    const user = await e2e.createUser();
    const link = await user.api.link({ url: `${origin}/harbour` });
    const page = await e2e.newPage();
    await e2e.signIn(page, user, `/app/read/${link.id}`);
    await expectVisible(page.getByText('Linkvault is fetching this page'));
    await expectVisible(page.getByRole('link', { name: 'Open the original' }));
  });
});

/** Selects `words` in the article's paragraph holding `paragraphText`, on screen, as a person's drag would. */
async function selectInArticle(page: Page, paragraphText: string, words: string): Promise<void> {
  // Not before the snippets are drawn: the article is drawn anew then, and a selection in it lost.
  await page.locator('.reader-prose[aria-busy="false"]').waitFor();
  const paragraph = page.locator('.reader-prose p', { hasText: paragraphText });
  await paragraph.scrollIntoViewIfNeeded();
  await paragraph.evaluate((paragraph, words) => {
    const doc = paragraph.ownerDocument as unknown as {
      createRange(): { setStart(n: unknown, o: number): void; setEnd(n: unknown, o: number): void };
      getSelection(): { removeAllRanges(): void; addRange(r: unknown): void };
    };
    const text = (paragraph as unknown as { firstChild: { data: string } }).firstChild;
    const at = text.data.indexOf(words);
    const range = doc.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + words.length);
    doc.getSelection().removeAllRanges();
    doc.getSelection().addRange(range);
  }, words);
}
