import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { type Server as TcpServer, type Socket, connect, createServer as createTcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BrowserContext, type Page, type Worker, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Link, Snippet } from '../contracts/index.js';
import { type Services, buildApp, buildServices } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { freshDatabase } from '../test/database.js';
import { CHROMIUM_ARGS } from './chromium.js';
import { SCREENSHOT_DIR } from './screens.js';
import { ApiClient, describeE2E } from './harness.js';

/**
 * The browser extension in Chromium (new headless mode loads unpacked extensions): signed in to a real
 * server through a TCP relay that the test can cut to play "offline", saving and highlighting pages served
 * here on 127.0.0.1 with a strict Content-Security-Policy, as third-party pages often have.
 */

const environment = inject('e2e');

/**
 * What the evaluate() callbacks use of the extension's worker and of a page, as harness.ts's `Browser`
 * does: e2e/ is type-checked without the DOM and chrome libraries.
 */
interface WorkerGlobals {
  chrome: {
    tabs: { query(query: object): Promise<{ id?: number; url?: string }[]> };
    storage: { local: { get(key: string): Promise<Record<string, unknown>> } };
  };
  Event: new (type: string) => unknown;
  dispatchEvent(event: unknown): boolean;
}
interface PageGlobals {
  MouseEvent: new (type: string, init: { bubbles: boolean }) => unknown;
  document: {
    body: { textContent: string };
    querySelector(selector: string): unknown;
    createRange(): { selectNodeContents(node: unknown): void };
    getSelection(): { removeAllRanges(): void; addRange(range: unknown): void };
    dispatchEvent(event: unknown): boolean;
  };
}

const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Foxes at dusk</title>
<meta name="description" content="Field notes on urban foxes."></head><body><main><article>
<h1>Foxes at dusk</h1>
<p>The quick brown fox is a common sight in cities. Foxes have adapted to parks, gardens and railway lines,
where they hunt at dusk and rest in quiet corners during the day.</p>
<p id="second">Later, <em>the quick brown fox</em> sleeps under a tree while the city wakes up around it.</p>
<p>Researchers count foxes every spring and publish their numbers so that everyone can follow the trend.
Urban foxes live shorter lives than their rural cousins but raise more cubs in a year.</p>
</article></main></body></html>`;

/** Relays TCP to the real server; `cut()` refuses connections (the server looks down), `mend()` restores them. */
class Relay {
  private server: TcpServer | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: number) {}
  async mend(): Promise<void> {
    this.server = createTcpServer((client) => {
      const upstream = connect(this.target, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

describeE2E('browser extension', () => {
  let app: FastifyInstance;
  let services: Services;
  let drop: () => Promise<void>;
  let pages: Server;
  let relay: Relay;
  let context: BrowserContext;
  let background: Worker;
  let profile: string;
  let extensionDir: string;
  let pagesOrigin: string;
  let extensionOrigin: string;
  let me: ApiClient;
  const password = 'correct horse battery';
  const email = `fox-${process.pid}@example.com`;

  beforeAll(async () => {
    extensionDir = mkdtempSync(join(tmpdir(), 'lv-extension-'));
    // In a process of its own with NODE_ENV=production (vitest sets "test", which would make React's
    // development JSX runtime part of the bundle), as `npm run build` runs it.
    const root = resolve(import.meta.dirname, '..');
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/tsx/dist/cli.mjs'), 'extension/build.ts', extensionDir],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );

    const fresh = await freshDatabase();
    drop = fresh.drop;
    const deps = {
      config: testConfig({ webDist: environment.webDist, workers: 0, fetchAllow: ['127.0.0.1'] }),
      database: fresh.database,
    };
    services = buildServices(deps);
    app = await buildApp(deps, services);
    await app.listen({ host: '127.0.0.1', port: 0 });
    services.workers.start(1);
    relay = new Relay((app.server.address() as AddressInfo).port);
    await relay.mend();

    pages = createServer((req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('content-security-policy', "default-src 'none'; style-src 'none'; script-src 'none'");
      res.end(
        req.url?.startsWith('/articles/')
          ? ARTICLE.replaceAll('Foxes at dusk', `Foxes ${req.url}`)
          : 'Not here',
      );
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pagesOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;

    const session = await services.accounts.signup({ name: 'Fox Watcher', email, password }, '10.77.0.1');
    me = new ApiClient(`http://127.0.0.1:${relay.port}`, session);

    profile = mkdtempSync(join(tmpdir(), 'lv-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: environment.chromium!,
      headless: true,
      viewport: { width: 1280, height: 800 },
      args: [
        ...CHROMIUM_ARGS,
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
      ],
    });
    context.setDefaultTimeout(10_000);
    background = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // Node gives non-special schemes an opaque origin ("null"): the id is the host.
    extensionOrigin = `chrome-extension://${new URL(background.url()).host}`;
  });

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await relay?.cut();
    pages?.closeAllConnections();
    await new Promise((resolve) => pages?.close(resolve));
    await services?.workers.stop();
    await app?.close();
    await drop?.();
    for (const dir of [profile, extensionDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The popup, opened as a page for the tab showing `page` (a headless browser has no toolbar to click). */
  async function openPopupFor(page: Page): Promise<Page> {
    const url = page.url();
    const tabId = await background.evaluate(
      async (wanted) =>
        (await (globalThis as unknown as WorkerGlobals).chrome.tabs.query({})).find(
          (tab) => tab.url === wanted,
        )?.id,
      url,
    );
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 360, height: 560 });
    await popup.goto(`${extensionOrigin}/popup/popup.html?tabId=${tabId}`);
    return popup;
  }

  /** The extension's screens, in both colour schemes, for people to judge (e2e/screenshots). */
  async function screenshot(page: Page, name: string): Promise<void> {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `extension-${name}-${colorScheme}.png`),
        animations: 'disabled',
      });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  async function openArticle(path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${pagesOrigin}${path}`);
    return page;
  }

  /** Selects the text of `#second em` (the second "the quick brown fox") and releases the mouse, as a reader does. */
  async function selectRepeatedPhrase(page: Page): Promise<void> {
    await page.evaluate(() => {
      const { document, MouseEvent } = globalThis as unknown as PageGlobals;
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('#second em'));
      const selection = document.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    });
  }

  const linksFor = (url: string) =>
    me.request<{ items: Link[] }>('GET', `/api/links?url=${encodeURIComponent(url)}`);
  const snippetsFor = (url: string) =>
    me.request<{ items: Snippet[] }>('GET', `/api/snippets?pageUrl=${encodeURIComponent(url)}`);

  it('signs in from its settings page with the server address, e-mail and password', async () => {
    const options = await context.newPage();
    await options.goto(`${extensionOrigin}/options/options.html`);
    await options.getByLabel('Linkvault address').fill(`http://127.0.0.1:${relay.port}/`);
    await options.getByLabel('E-mail').fill(email);
    await options.getByLabel('Password').fill('wrong password');
    await options.getByRole('button', { name: 'Sign in' }).click();
    await options.getByText('Invalid login credentials').waitFor();
    await options.getByLabel('Password').fill(password);
    await options.getByRole('button', { name: 'Sign in' }).click();
    await options.getByRole('heading', { name: 'Signed in' }).waitFor();
    await options.getByText(`http://127.0.0.1:${relay.port}`).first().waitFor();
    await screenshot(options, 'options');
    // The tokens stay in the extension's storage, closed to content scripts and never in a page.
    const stored = await background.evaluate(
      async () =>
        (await (globalThis as unknown as WorkerGlobals).chrome.storage.local.get('signedIn')).signedIn,
    );
    expect(stored).toMatchObject({ server: `http://127.0.0.1:${relay.port}`, session: { user: { email } } });
    await options.close();
  });

  it('saves the current tab in one click, shows enrichment as it arrives, and knows a saved page', async () => {
    const article = await openArticle('/articles/one');
    const popup = await openPopupFor(article);
    await popup.getByRole('heading', { name: 'Saved to Linkvault' }).waitFor();
    await popup.getByText('Foxes /articles/one').waitFor();
    // The worker fetches the page from 127.0.0.1 and the popup shows its summary when it is ready.
    await popup.getByText(/common sight in cities/).waitFor({ timeout: 30_000 });
    await screenshot(popup, 'popup');

    const folder = await me.folder('Wildlife');
    await popup.close();
    const again = await openPopupFor(article);
    await again.getByRole('heading', { name: 'Already in your vault' }).waitFor();
    await again.getByLabel(/Folder/).selectOption({ label: 'Wildlife' });
    await expect
      .poll(async () => (await linksFor(article.url())).items.map((l) => l.folderId))
      .toEqual([folder.id]);
    await again.close();
    await article.close();
  });

  it('highlights a selection in a chosen colour with a note, and draws it again after a reload', async () => {
    const article = await openArticle('/articles/one');
    await selectRepeatedPhrase(article);
    const toolbar = article.locator('linkvault-toolbar');
    await toolbar.getByRole('button', { name: 'Note' }).click();
    await toolbar.getByLabel('Note').fill('Foxes nap by day');
    await screenshot(article, 'toolbar');
    await toolbar.getByRole('button', { name: 'Highlight green' }).click();
    await toolbar.getByText('Highlighted in Linkvault').waitFor();
    await expect
      .poll(() => article.locator('linkvault-highlight').allInnerTexts())
      .toEqual(['the quick brown fox']);

    const [snippet] = (await snippetsFor(article.url())).items;
    const text = await article.evaluate(
      () => (globalThis as unknown as PageGlobals).document.body.textContent,
    );
    const start = text.lastIndexOf('the quick brown fox');
    expect(snippet).toMatchObject({
      pageUrl: article.url(),
      pageTitle: 'Foxes /articles/one',
      selectedText: 'the quick brown fox',
      contextBefore: expect.stringMatching(/^is a common sight .* during the day\. Later,$/) as unknown,
      contextAfter: expect.stringMatching(/^sleeps under a tree/) as unknown,
      note: 'Foxes nap by day',
      color: 'green',
      linkId: (await linksFor(article.url())).items[0]!.id,
      positionData: {
        selector: [
          {
            type: 'TextQuoteSelector',
            exact: 'the quick brown fox',
            prefix: expect.stringMatching(/Later, $/) as unknown,
            suffix: expect.stringMatching(/^ sleeps under/) as unknown,
          },
          { type: 'TextPositionSelector', start, end: start + 'the quick brown fox'.length },
        ],
      },
    });

    await article.reload();
    const drawn = article.locator('linkvault-highlight');
    await expect.poll(() => drawn.allInnerTexts()).toEqual(['the quick brown fox']);
    expect(await drawn.getAttribute('data-color')).toBe('green');
    expect(await drawn.getAttribute('title')).toBe('Foxes nap by day');
    expect(await drawn.evaluate((mark) => mark.parentElement?.tagName)).toBe('EM');
    await screenshot(article, 'highlight');
    await article.close();
  });

  it('keeps a save and a highlight made while the server is down, and sends each once when it is back', async () => {
    await relay.cut();
    const article = await openArticle('/articles/offline');
    const popup = await openPopupFor(article);
    await popup.getByRole('heading', { name: 'Saved offline' }).waitFor();
    await popup.close();

    await selectRepeatedPhrase(article);
    await article.locator('linkvault-toolbar').getByRole('button', { name: 'Highlight pink' }).click();
    await article
      .locator('linkvault-toolbar')
      .getByText(/Saved offline/)
      .waitFor();
    await article.reload();
    await expect
      .poll(() => article.locator('linkvault-highlight').allInnerTexts())
      .toEqual(['the quick brown fox']);

    await relay.mend();
    const options = await context.newPage();
    await options.goto(`${extensionOrigin}/options/options.html`);
    await options.getByText('2 saved offline, waiting to sync.').waitFor();
    await options.getByRole('button', { name: 'Sync now' }).click();
    await options.getByText('Everything is synced.').waitFor();

    const links = (await linksFor(article.url())).items;
    expect(links.map((l) => l.title)).toEqual(['Foxes /articles/offline']);
    const snippets = (await snippetsFor(article.url())).items;
    expect(snippets.map((s) => [s.selectedText, s.color, s.linkId])).toEqual([
      ['the quick brown fox', 'pink', links[0]!.id],
    ]);

    // A second sync (the alarm, or reconnection) finds nothing left to send: still one of each.
    await background.evaluate(() =>
      (globalThis as unknown as WorkerGlobals).dispatchEvent(
        new (globalThis as unknown as WorkerGlobals).Event('online'),
      ),
    );
    await options.reload();
    await options.getByText('Everything is synced.').waitFor();
    expect((await linksFor(article.url())).items).toHaveLength(1);
    expect((await snippetsFor(article.url())).items).toHaveLength(1);
  });
});
