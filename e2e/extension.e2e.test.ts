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
import { TEST_PASSWORD } from '../test/credentials.js';
import { testLogger } from '../test/logs.js';

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
  KeyboardEvent: new (type: string, init: { bubbles: boolean; shiftKey: boolean; key: string }) => unknown;
  setTimeout: (run: () => void, ms: number) => unknown;
  document: {
    body: { textContent: string };
    documentElement: { outerHTML: string };
    querySelector(selector: string): ShadowHost | null;
    createRange(): { selectNodeContents(node: unknown): void };
    getSelection(): { removeAllRanges(): void; addRange(range: unknown): void };
    dispatchEvent(event: unknown): boolean;
  };
}
interface ShadowHost {
  shadowRoot: { querySelector(selector: string): { click(): void } | null } | null;
  getAttribute(name: string): string | null;
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
      logger: testLogger(),
    };
    services = buildServices(deps);
    app = await buildApp(deps, services);
    await app.listen({ host: '127.0.0.1', port: 0 });
    await services.start(1);
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

    const session = await services.accounts.signup(
      { name: 'Fox Watcher', email, password: TEST_PASSWORD },
      { address: '10.77.0.1', userAgent: null },
    );
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

  /**
   * Selects the text of `#second em` (the second "the quick brown fox") by dragging the real mouse across it,
   * as a reader does: the extension ignores events that a page's script makes up.
   */
  async function selectRepeatedPhrase(page: Page): Promise<void> {
    const box = (await page.locator('#second em').boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 1, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 1, y, { steps: 5 });
    await page.mouse.up();
  }

  /**
   * The toolbar and the note tip live in closed shadow roots, out of reach of the page's scripts and so of
   * Playwright's selectors: the test finds their parts as assistive technology does, in Chromium's
   * accessibility tree, and uses them with the real mouse.
   */
  async function closedUi(page: Page) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('Accessibility.enable');
    const nameOf = (node: { name?: { value?: unknown } }) =>
      typeof node.name?.value === 'string' ? node.name.value : '';
    const find = async (name: string | RegExp, role?: string) => {
      let found: { backendDOMNodeId?: number } | undefined;
      await expect
        .poll(
          async () => {
            const { nodes } = await cdp.send('Accessibility.getFullAXTree');
            found = nodes.find(
              (node) =>
                !node.ignored &&
                (role === undefined || node.role?.value === role) &&
                (typeof name === 'string' ? nameOf(node) === name : name.test(nameOf(node))),
            );
            return found !== undefined;
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      return found!;
    };
    return {
      waitFor: (name: string | RegExp, role?: string) => find(name, role),
      click: async (role: string, name: string) => {
        const { backendDOMNodeId } = await find(name, role);
        const { model } = await cdp.send('DOM.getBoxModel', { backendNodeId: backendDOMNodeId! });
        const [x1, y1, , , x3, y3] = model.border;
        await page.mouse.click((x1! + x3!) / 2, (y1! + y3!) / 2);
      },
    };
  }

  const linksFor = (url: string) =>
    me.request<{ items: Link[] }>('GET', `/api/links?url=${encodeURIComponent(url)}`);
  const snippetsFor = (url: string) =>
    me.request<{ items: Snippet[] }>('GET', `/api/snippets?pageUrl=${encodeURIComponent(url)}`);

  it('signs in from its settings page with the server address, e-mail and password', async () => {
    const options = await context.newPage();
    await options.goto(`${extensionOrigin}/options/options.html`);
    // Plain http would carry the password and tokens unencrypted: only a Linkvault on this computer may use it.
    await options.getByLabel('Linkvault address').fill('http://vault.example.com/');
    await options.getByLabel('E-mail').fill(email);
    await options.getByLabel('Password').fill(TEST_PASSWORD);
    await options.getByRole('button', { name: 'Sign in' }).click();
    await options.getByText(/Use an https:\/\/ address/).waitFor();
    await options.getByLabel('Linkvault address').fill(`http://127.0.0.1:${relay.port}/`);
    await options.getByLabel('E-mail').fill(email);
    await options.getByLabel('Password').fill('wrong password');
    await options.getByRole('button', { name: 'Sign in' }).click();
    await options.getByText('Invalid login credentials').waitFor();
    await options.getByLabel('Password').fill(TEST_PASSWORD);
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

  it('creates nothing when the page itself selects text and fakes the mouseup, keyup and clicks', async () => {
    const article = await openArticle('/articles/forged');
    const reached = await article.evaluate(async () => {
      const { document, MouseEvent, KeyboardEvent, setTimeout } = globalThis as unknown as PageGlobals;
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('#second em'));
      const selection = document.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      document.dispatchEvent(new KeyboardEvent('keyup', { bubbles: true, shiftKey: true, key: 'Shift' }));
      for (let tries = 0; tries < 20; tries++) {
        await new Promise<void>((resolve) => setTimeout(resolve, 100));
        const host = document.querySelector('linkvault-toolbar');
        if (!host) continue;
        const button = host.shadowRoot?.querySelector('button[aria-label="Highlight green"]') ?? null;
        button?.click();
        return { toolbar: true, clicked: button !== null };
      }
      return { toolbar: false, clicked: false };
    });
    // Time for a save to reach the server, had one been made.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await snippetsFor(article.url())).items).toEqual([]);
    expect((await linksFor(article.url())).items).toEqual([]);
    expect(reached).toEqual({ toolbar: false, clicked: false });
    await article.close();
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
    // Already saved: open it in Linkvault (its details), or save the page again all the same.
    const [saved] = (await linksFor(article.url())).items;
    expect(await again.getByRole('link', { name: 'Open in Linkvault' }).getAttribute('href')).toBe(
      `http://127.0.0.1:${relay.port}/app?link=${saved!.id}`,
    );
    await screenshot(again, 'popup-already');
    await again.getByRole('button', { name: 'Save anyway' }).click();
    await again.getByRole('heading', { name: 'Saved to Linkvault' }).waitFor();
    await expect.poll(async () => (await linksFor(article.url())).items.length).toBe(2);
    await again.close();
    await article.close();
  });

  it('highlights a selection in a chosen colour with a note, and draws it again after a reload', async () => {
    const article = await openArticle('/articles/one');
    await selectRepeatedPhrase(article);
    const toolbar = await closedUi(article);
    await toolbar.click('button', 'Note');
    await toolbar.click('textbox', 'Note');
    await article.keyboard.type('Foxes nap by day');
    await screenshot(article, 'toolbar');
    // The page sees the toolbar's element, never inside it: not the note being typed, not the buttons.
    expect(
      await article.evaluate(() => {
        const { document } = globalThis as unknown as PageGlobals;
        const host = document.querySelector('linkvault-toolbar');
        return { host: host !== null, shadowRoot: host?.shadowRoot ?? null };
      }),
    ).toEqual({ host: true, shadowRoot: null });
    await toolbar.click('button', 'Highlight green');
    await toolbar.waitFor('Highlighted in Linkvault');
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
    expect(await drawn.evaluate((mark) => mark.parentElement?.tagName)).toBe('EM');
    // The note shows on hover, from the extension's closed shadow root: the page's scripts cannot read it.
    await drawn.hover();
    await (await closedUi(article)).waitFor('Foxes nap by day', 'tooltip');
    expect(await drawn.getAttribute('title')).toBeNull();
    expect(
      await article.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.outerHTML),
    ).not.toContain('Foxes nap by day');
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
    const toolbar = await closedUi(article);
    await toolbar.click('button', 'Highlight pink');
    await toolbar.waitFor(/Saved offline/);
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
