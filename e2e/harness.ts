import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { BrowserContext, Dialog, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '../contracts/constants.js';
import type { Folder, Link, Session, Snippet } from '../contracts/index.js';
import { type Services, buildApp, buildServices } from '../server/app.js';
import { type Config, testConfig } from '../server/config.js';
import type { Database } from '../server/db/database.js';
import { freshDatabase } from '../test/database.js';
import { freePort } from '../test/listening-app.js';
import { launchChromium } from './chromium.js';
import { TEST_PASSWORD } from '../test/credentials.js';
import { testLogger } from '../test/logs.js';

/**
 * One e2e test file = one real Linkvault server (the app of server/app.ts, listening on 127.0.0.1 on a
 * free port, serving the web app built by global-setup) on a fresh database (SQLite, or PostgreSQL when
 * TEST_DATABASE_URL is set), and one headless Chromium. Files run in parallel without sharing rows.
 */

const environment = inject('e2e');

/**
 * `describe` when a browser was found. Without one: skipped (global-setup has said so loudly), or, under
 * E2E_REQUIRED=1 (CI), one failing test per file in place of its tests, so the rest of `npm test` still runs.
 */
export const describeE2E = ((name: string, body: () => void) => {
  if (environment.chromium) return describe(name, body);
  if (process.env.E2E_REQUIRED === '1') {
    return describe(name, () => {
      it('runs in Chromium (E2E_REQUIRED=1)', () => {
        throw new Error(environment.missing ?? 'no browser');
      });
    });
  }
  return describe.skip(name, body);
}) as (name: string, body: () => void) => void;

/**
 * Locator and navigation waits: generous for a loaded 2-core CI machine (on one whose hypervisor took
 * 20-67% of the CPU, a screen took 13 s to appear), short enough to fail well within a test's minute.
 */
const ACTION_TIMEOUT_MS = 20_000;

/**
 * The browser globals used inside page.evaluate() callbacks, which run in Chromium. e2e/ is type-checked
 * with the server's settings (no DOM library: adding it changes how server code type-checks), so a
 * callback reads them as `(globalThis as unknown as Browser).document` and only what tests use is typed.
 */
export interface Browser {
  document: {
    activeElement: {
      tagName: string;
      id: string;
      textContent: string | null;
      getAttribute(name: string): string | null;
    } | null;
  };
  localStorage: { clear(): void };
  sessionStorage: { clear(): void };
  navigator: { clipboard: { readText(): Promise<string> } };
  addEventListener(type: 'message', listener: (event: { data: unknown; origin: string }) => void): void;
  open(url: string): unknown;
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  api: ApiClient;
}

export interface E2E {
  baseURL: string;
  context: BrowserContext;
  database: Database;
  services: Services;
  /** A new tab with no cookies and empty storage: signed out. */
  newPage(options?: { viewport?: { width: number; height: number }; dark?: boolean }): Promise<Page>;
  /** A new account, made through the accounts service (no sign-up rate limit), with an API client. */
  createUser(fields?: { name?: string; email?: string; password?: string }): Promise<TestUser>;
  /** Signs the page in as `user` (a refresh cookie, as after a login) and opens `path`. */
  signIn(page: Page, user: TestUser, path?: string): Promise<void>;
  /**
   * Only the readable session hint a sign-in sets (SESSION_HINT_COOKIE), no session: the app then asks for
   * one when it loads (POST /api/auth/refresh), which a test may hold or answer itself.
   */
  hintSession(): Promise<void>;
  /** Full URL of an app path. */
  url(path: string): string;
}

let addressCounter = 0;
/** Rate limits are per client address: each sign-up and sign-in made for a test comes from its own. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.${200 + (process.pid % 50)}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
};

/**
 * `host`: the name the browser opens the app by instead of 127.0.0.1 (Chromium resolves it to 127.0.0.1),
 * as a person opens it by a LAN name (http://nas.local:3000): to the browser that is no secure context.
 * `fetchAllow`: addresses enrichment may fetch (pages the test serves on 127.0.0.1).
 */
export function useE2E(
  options: {
    host?: string;
    fetchAllow?: string[];
    /** More configuration, given the app's origin (its PUBLIC_URL): single sign-on names its callback by it. */
    config?: (origin: string) => Partial<Config>;
  } = {},
): E2E {
  const host = options.host ?? '127.0.0.1';
  let app: FastifyInstance | undefined;
  let drop: (() => Promise<void>) | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;
  /** Uncaught exceptions in the pages of the running test. */
  let pageErrors: string[] = [];
  /** Pages closed by newPage: what they report late belonged to an earlier test, which has been judged. */
  const retired = new WeakSet<Page>();
  const ctx = {} as E2E;

  beforeAll(async () => {
    const { chromium: executablePath, webDist } = environment;
    if (!executablePath) throw new Error('no browser: this file should have been skipped');
    const fresh = await freshDatabase();
    drop = fresh.drop;
    // fetchAllow: hosts on 127.0.0.1 the test serves pages from, which its own runOnce() then enriches.
    // The port is chosen first when the configuration must name the app's own address.
    const port = options.config ? await freePort() : 0;
    const origin = `http://${host}:${port}`;
    const config = testConfig({
      webDist,
      workers: 0,
      ...(options.fetchAllow && { fetchAllow: options.fetchAllow }),
      ...(options.config && { publicUrl: origin, ...options.config(origin) }),
    });
    const deps = { config, database: fresh.database, logger: testLogger() };
    const services = buildServices(deps);
    app = await buildApp(deps, services);
    await services.start();
    await app.listen({ host: '127.0.0.1', port });
    const baseURL = `http://${host}:${(app.server.address() as AddressInfo).port}`;

    const browser = await launchChromium(
      executablePath,
      { viewport: DESKTOP, locale: 'en-US', baseURL },
      options.host ? [`--host-resolver-rules=MAP ${options.host} 127.0.0.1`] : [],
    );
    closeBrowser = browser.close;
    const context = browser.context;
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS * 2);

    Object.assign(ctx, {
      baseURL,
      context,
      database: fresh.database,
      services,
      url: (path: string) => `${baseURL}${path}`,
      async newPage(options = {}) {
        for (const open of context.pages()) {
          retired.add(open);
          await open.close();
        }
        await context.clearCookies();
        const page = await context.newPage();
        page.on('pageerror', (error) => {
          if (!retired.has(page)) pageErrors.push(`${page.url()}: ${error.message}`);
        });
        // Same origin as the app, so its storage can be emptied before the app first runs.
        await page.goto(`${baseURL}/healthz`);
        await page.evaluate(() => {
          const browser = globalThis as unknown as Browser;
          browser.localStorage.clear();
          browser.sessionStorage.clear();
        });
        await page.setViewportSize(options.viewport ?? DESKTOP);
        await page.emulateMedia({ colorScheme: options.dark ? 'dark' : 'light' });
        return page;
      },
      async createUser(fields = {}) {
        const tag = randomBytes(4).toString('hex');
        const user = {
          name: fields.name ?? `Ada Lovelace`,
          email: fields.email ?? `ada-${tag}@example.com`,
          password: fields.password ?? TEST_PASSWORD,
        };
        const session = await services.accounts.signup(user, { address: nextAddress(), userAgent: null });
        return { ...user, id: session.user.id, api: new ApiClient(baseURL, session) };
      },
      async signIn(page, user, path = '/app') {
        // A real login through the route, whose refresh cookie (name, path, flags as the server sets them)
        // goes into the browser: the page then starts signed in, as after a login and a reload.
        const res = await app!.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: user.password },
          remoteAddress: nextAddress(),
          // The session is the browser's: Settings lists it by the browser's own agent.
          headers: { 'user-agent': await page.evaluate(() => navigator.userAgent) },
        });
        if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
        await context.addCookies(
          res.cookies.map((cookie) => ({
            name: cookie.name,
            value: cookie.value,
            domain: host,
            path: typeof cookie.path === 'string' ? cookie.path : '/',
            httpOnly: cookie.httpOnly ?? false,
            secure: cookie.secure ?? false,
            sameSite: 'Strict' as const,
          })),
        );
        await page.goto(`${baseURL}${path}`);
      },
      async hintSession() {
        await context.addCookies([{ name: SESSION_HINT_COOKIE, value: '1', url: baseURL }]);
      },
    } satisfies E2E);
  });

  afterEach(async () => {
    // An uncaught exception in the app is a bug even when the journey happened to finish. Errors reach
    // this process a moment after they happen: wait a little before judging, so they count for the test
    // that caused them.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const errors = pageErrors;
    pageErrors = [];
    expect(errors, 'uncaught errors in the page').toEqual([]);
  });

  afterAll(async () => {
    await closeBrowser?.();
    await ctx.services?.close();
    await app?.close();
    await drop?.();
  });

  return ctx;
}

/** Seeds data through the HTTP API as one user, failing loudly when the server refuses. */
export class ApiClient {
  constructor(
    private readonly baseURL: string,
    readonly session: Session,
  ) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseURL}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.session.access_token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  folder(name: string, color = 'blue', parentId?: string) {
    return this.request<Folder>('POST', '/api/folders', { name, color, ...(parentId && { parentId }) });
  }
  link(body: { url: string; title?: string; description?: string; folderId?: string | null }) {
    return this.request<Link>('POST', '/api/links', body);
  }
  snippet(body: {
    pageUrl: string;
    selectedText: string;
    pageTitle?: string;
    note?: string;
    color?: string;
  }) {
    return this.request<Snippet>('POST', '/api/snippets', body);
  }
  links(query = '') {
    return this.request<{ items: Link[] }>('GET', `/api/links${query}`).then((r) => r.items);
  }
  folders() {
    return this.request<{ items: Folder[] }>('GET', '/api/folders').then((r) => r.items);
  }
  snippets() {
    return this.request<{ items: Snippet[] }>('GET', '/api/snippets').then((r) => r.items);
  }
}

/**
 * Runs `action` and returns the browser dialog (alert or confirm) it opened, answered at once (accepted,
 * unless `answer` is 'dismiss'). SPEC.md §8 names these as browser alerts and confirmations.
 */
export async function acceptDialog(
  page: Page,
  action: () => Promise<unknown>,
  answer: 'accept' | 'dismiss' = 'accept',
): Promise<Dialog> {
  const opened = page.waitForEvent('dialog', {
    timeout: ACTION_TIMEOUT_MS,
    predicate: (dialog) => {
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
      return true;
    },
  });
  const [dialog] = await Promise.all([opened, action()]);
  return dialog;
}

/** Every browser dialog opened while `action` runs, until `count` have opened; all accepted. */
export async function dialogsDuring(
  page: Page,
  count: number,
  action: () => Promise<unknown>,
): Promise<string[][]> {
  const seen: Dialog[] = [];
  const onDialog = (dialog: Dialog) => {
    seen.push(dialog);
    void dialog.accept();
  };
  page.on('dialog', onDialog);
  try {
    await action();
    await expect.poll(() => seen.length, { timeout: ACTION_TIMEOUT_MS }).toBeGreaterThanOrEqual(count);
  } finally {
    page.off('dialog', onDialog);
  }
  return seen.map((dialog) => [dialog.type(), dialog.message()]);
}

/**
 * What goes wrong in a page from now on, as a person with the console open would see it: console errors,
 * answers of 400 and above ("GET /api/links → 404"), and requests that failed (not those the page itself
 * aborted: a closed stream, a cancelled fetch).
 */
export function watchTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      const { pathname } = new URL(response.url());
      trouble.push(`${response.request().method()} ${pathname} → ${response.status()}`);
    }
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') trouble.push(`${request.method()} ${request.url()} failed: ${reason}`);
  });
  return trouble;
}

/** Waits until the page's path (and query) satisfies `expected`. */
export async function expectPath(page: Page, expected: string | RegExp): Promise<void> {
  await expect
    .poll(
      () => {
        const { pathname, search } = new URL(page.url());
        return `${pathname}${search}`;
      },
      { timeout: ACTION_TIMEOUT_MS },
    )
    .toMatch(typeof expected === 'string' ? new RegExp(`^${escapeRegExp(expected)}$`) : expected);
}

export async function expectVisible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible' });
}

export async function expectHidden(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'hidden' });
}

export async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  await expect.poll(() => locator.first().innerText(), { timeout: ACTION_TIMEOUT_MS }).toMatch(expected);
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
