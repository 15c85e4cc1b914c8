import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, describeE2E, useE2E } from './harness.js';
import { captureScreen, expectNoSeriousViolations } from './screens.js';

/**
 * Saving from outside the app: the bookmarklet run on a third-party page with a strict Content-Security-
 * Policy, the installable app's manifest and service worker, and the share target's /share route.
 */

/** What the page and service-worker callbacks use, typed by hand as harness.ts explains. */
interface PageGlobals {
  scrollTo(x: number, y: number): void;
  document: {
    cookie: string;
    querySelector(selector: string): unknown;
    createRange(): { selectNodeContents(node: unknown): void };
    getSelection(): { removeAllRanges(): void; addRange(range: unknown): void };
  };
  navigator: { serviceWorker: { ready: Promise<{ active: { scriptURL: string } | null }> } };
  caches: {
    keys(): Promise<string[]>;
    open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }>;
  };
}

const STORY = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Night trains are back</title></head>
<body><h1>Night trains are back</h1><p id="quote">Sleeper services now link twelve capitals overnight.</p></body></html>`;

describeE2E('saving from anywhere', () => {
  const e2e = useE2E();
  let site: Server;
  let siteOrigin: string;
  const seenBySite: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    site = createServer((req, res) => {
      seenBySite.push(req.headers);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      // As strict as pages get: no scripts, frames, styles or requests of any origin.
      res.setHeader('content-security-policy', "default-src 'none'");
      res.end(STORY);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    // Another site than the app's (127.0.0.1): the app's SameSite=Strict cookie is not the page's.
    siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    site?.closeAllConnections(); // the browser keeps its connections alive
    await new Promise((resolve) => site?.close(resolve));
  });

  it('shows the capture page, linked from the sidebar', async () => {
    const user = await e2e.createUser();
    for (const theme of ['light', 'dark'] as const) {
      const page = await e2e.newPage({ dark: theme === 'dark' });
      await e2e.signIn(page, user);
      await page.getByRole('link', { name: 'Save from anywhere' }).click();
      await page.getByRole('heading', { name: 'Save from anywhere', level: 1 }).waitFor();
      expect(await page.getByLabel('Your Linkvault address', { exact: true }).inputValue()).toBe(e2e.baseURL);
      expect(await page.getByLabel('Shortcut address', { exact: true }).inputValue()).toBe(
        `${e2e.baseURL}/share?url=`,
      );
      await page.getByRole('link', { name: 'Save to Linkvault' }).click();
      await page.getByText('Drag the button to your bookmarks bar, then click it on any page.').waitFor();
      await page.evaluate(() => (globalThis as unknown as PageGlobals).scrollTo(0, 0));
      expectNoSeriousViolations(await captureScreen(page, 'capture', theme, true), `capture (${theme})`);
      await page.setViewportSize(DESKTOP);
    }
  });

  it('saves a page with a strict CSP and its selected text from the bookmarklet, out of the page’s reach', async () => {
    const user = await e2e.createUser();
    const app = await e2e.newPage();
    await e2e.signIn(app, user, '/app/capture');
    const href = await app.getByRole('link', { name: 'Save to Linkvault' }).getAttribute('href');
    expect(href).toMatch(/^javascript:/);

    const story = await e2e.context.newPage();
    await story.goto(`${siteOrigin}/story`);
    await story.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobals;
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('#quote'));
      document.getSelection().removeAllRanges();
      document.getSelection().addRange(range);
    });
    // What clicking the bookmark runs: its code, in the page.
    const opened = e2e.context.waitForEvent('page');
    await story.evaluate(decodeURIComponent(href!.slice('javascript:'.length)));
    const window = await opened;
    expect(new URL(window.url()).pathname).toBe('/save');
    // Any site could open this window: it shows what it would save and waits for the person.
    await window.getByRole('heading', { name: 'Save this page?' }).waitFor();
    await window.getByText('Sleeper services now link twelve capitals overnight.').waitFor();
    expect(await user.api.links()).toEqual([]);
    expect(await user.api.snippets()).toEqual([]);
    // The button has the focus: Enter saves.
    await window.keyboard.press('Enter');
    await window.waitForEvent('close'); // it closes itself once saved

    const [link] = await user.api.links();
    expect(link).toMatchObject({ url: `${siteOrigin}/story`, title: 'Night trains are back' });
    const [snippet] = await user.api.snippets();
    expect(snippet).toMatchObject({
      pageUrl: `${siteOrigin}/story`,
      pageTitle: 'Night trains are back',
      selectedText: 'Sleeper services now link twelve capitals overnight.',
      linkId: link!.id,
    });
    // The visited site never saw Linkvault's session: no token or cookie reached it or its page.
    expect(await story.evaluate(() => (globalThis as unknown as PageGlobals).document.cookie)).toBe('');
    for (const headers of seenBySite) {
      expect(headers.authorization).toBeUndefined();
      expect(headers.cookie ?? '').not.toMatch(/lv_refresh/);
    }
    await story.close();
  });

  it('is an installable app whose share target saves the shared link and its text', async () => {
    const manifest = (await (await fetch(e2e.url('/manifest.webmanifest'))).json()) as {
      icons: { src: string; type: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({
      start_url: '/app',
      display: 'standalone',
      share_target: { action: '/share', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
    });
    for (const icon of manifest.icons) {
      const res = await fetch(e2e.url(icon.src));
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type'), icon.src).toContain(icon.type);
    }
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    const user = await e2e.createUser();
    const page = await e2e.newPage();
    const shared = new URLSearchParams({
      title: 'Night trains',
      text: 'Sleeper services now link twelve capitals overnight.',
      url: 'https://news.example/trains?id=7',
    }).toString();
    await e2e.signIn(page, user, `/share?${shared}`);
    // Opening the address saves nothing: another site could open it in the person's browser.
    await page.getByRole('heading', { name: 'Save this page?' }).waitFor();
    expect(await user.api.links()).toEqual([]);
    expect(await user.api.snippets()).toEqual([]);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      expectNoSeriousViolations(await captureScreen(page, 'share', theme), `share (${theme})`);
      await page.setViewportSize(DESKTOP);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Save to Linkvault' }).click();
    await page.getByRole('heading', { name: 'Saved to Linkvault' }).waitFor();
    await page.getByText('Night trains').first().waitFor();
    await page.goto(e2e.url(`/share?${shared}`));
    await page.getByRole('heading', { name: 'Already in your vault' }).waitFor();
    const links = await user.api.links();
    expect(links.map((l) => [l.url, l.title])).toEqual([
      ['https://news.example/trains?id=7', 'Night trains'],
    ]);
    // Already saved: open it, keep the shared text on it, or save the page again all the same.
    await page.getByRole('button', { name: 'Save the snippet' }).waitFor();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      expectNoSeriousViolations(
        await captureScreen(page, 'share-already', theme),
        `share-already (${theme})`,
      );
      await page.setViewportSize(DESKTOP);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Save anyway' }).click();
    await page.getByRole('heading', { name: 'Saved to Linkvault' }).waitFor();
    const copies = await user.api.links();
    expect(copies.map((l) => l.url)).toEqual([
      'https://news.example/trains?id=7',
      'https://news.example/trains?id=7',
    ]);
    await page.getByRole('link', { name: 'Open in Linkvault' }).click();
    await page
      .getByRole('dialog', { name: 'Link Details' })
      .getByRole('article', { name: 'Night trains' })
      .waitFor();
    expect(new URL(page.url()).search).toBe('');

    // The service worker keeps only hashed assets: never index.html, never an API answer.
    const kept = await page.evaluate(async () => {
      const { navigator, caches } = globalThis as unknown as PageGlobals;
      const registration = await navigator.serviceWorker.ready;
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return { script: registration.active?.scriptURL, urls };
    });
    expect(kept.script).toBe(e2e.url('/sw.js'));
    for (const path of kept.urls) expect(path).toMatch(/^\/assets\//);
  });

  it('saves a link shared inside an app’s message, and not the message as a snippet', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    const shared = new URLSearchParams({
      title: '',
      text: 'Check this out https://news.example/night-trains via Reader',
      url: '',
    }).toString();
    await e2e.signIn(page, user, `/share?${shared}`);
    await page.getByRole('heading', { name: 'Save this page?' }).waitFor();
    expect(await page.getByText(/as a snippet/).count()).toBe(0);
    await page.getByRole('button', { name: 'Save to Linkvault' }).click();
    await page.getByRole('heading', { name: 'Saved to Linkvault' }).waitFor();
    expect(await page.getByText(/snippet/).count()).toBe(0);
    expect((await user.api.links()).map((link) => link.url)).toEqual(['https://news.example/night-trains']);
    expect(await user.api.snippets()).toEqual([]);
  });

  it('asks a signed-out person to sign in, then saves what was shared', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    await page.goto(e2e.url('/share?url=https%3A%2F%2Fblog.example%2Fpost&title=A%20post'));
    await page.getByRole('heading', { name: 'Sign in to save' }).waitFor();
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Save this page?' }).waitFor();
    expect(await user.api.links()).toEqual([]);
    await page.getByRole('button', { name: 'Save to Linkvault' }).click();
    await page.getByRole('heading', { name: 'Saved to Linkvault' }).waitFor();
    expect((await user.api.links()).map((l) => l.url)).toEqual(['https://blog.example/post']);

    await page.goto(e2e.url('/share?text=no%20link%20in%20here'));
    await page.getByRole('heading', { name: 'Nothing to save' }).waitFor();
  });

  it('shows a page saved meanwhile (the server’s 409) as already in the vault, and saves nothing twice', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    // The look-up misses it (saved from another device a moment later); the save then finds it.
    await page.route('**/api/links?limit=1&url=*', (route) =>
      route.fulfill({ json: { items: [], nextCursor: null } }),
    );
    await e2e.signIn(page, user, '/share?url=https%3A%2F%2Fblog.example%2Fraced&title=Raced');
    await page.getByRole('heading', { name: 'Save this page?' }).waitFor();
    await user.api.link({ url: 'https://blog.example/raced', title: 'Saved elsewhere' });
    await page.getByRole('button', { name: 'Save to Linkvault' }).click();
    await page.getByRole('heading', { name: 'Already in your vault' }).waitFor();
    await page.getByText('Saved elsewhere').waitFor();
    await page.getByRole('link', { name: 'Open in Linkvault' }).waitFor();
    expect((await user.api.links()).map((l) => l.title)).toEqual(['Saved elsewhere']);
  });
});
