import type { Page, Request, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, describeE2E, expectPath, expectText, expectVisible, useE2E } from './harness.js';

/**
 * The pages of an authorization flow (SPEC.md §2 "Always available", §4 "OAuth flow", §8), each message
 * word for word. The real server runs behind them; where a message needs an answer the server never
 * gives on purpose (an empty answer, a 500, a dropped connection), the browser's request is answered here.
 */

const CLIENT_ID = 'client-under-test';
const CLIENT = {
  clientId: CLIENT_ID,
  name: 'Claude',
  verified: true,
  domain: 'claude.ai',
  redirectUris: ['http://127.0.0.1:9/callback'],
};

type Browser = { __marker?: number; fetch(url: string, init: { method: string }): Promise<unknown> };

/** The page's calls of SPEC.md §7 "oauth-authorize", and the client lookup (regular expressions: unroute finds them by value). */
const AUTHORIZE_CALLS = /\/api\/oauth-authorize(\?|$)/;
const CLIENT_LOOKUP = /\/api\/oauth\/clients\//;

/** A gate for a held answer: `until` resolves once `release` is called. */
function hold(): { until: Promise<void>; release: () => void } {
  let release = () => {};
  const until = new Promise<void>((resolve) => (release = resolve));
  return { until, release };
}

describeE2E('authorization pages: messages and routing', () => {
  const e2e = useE2E();

  /** Answers the page's calls to /api/oauth-authorize of one method; the others go to the server. */
  async function answerAuthorize(page: Page, method: string, answer: (route: Route) => Promise<void>) {
    await page.route(AUTHORIZE_CALLS, (route) =>
      route.request().method() === method ? answer(route) : route.fallback(),
    );
  }

  /** The registered client the consent and login pages look up, as the server would describe it. */
  async function knownClient(page: Page, client: Partial<typeof CLIENT> = {}) {
    await page.route(CLIENT_LOOKUP, (route) => route.fulfill({ json: { ...CLIENT, ...client } }));
  }

  const json = (status: number, body?: unknown) => (route: Route) =>
    route.fulfill(body === undefined ? { status } : { status, json: body });
  const apiError = (status: number, code: string, message: string) =>
    json(status, { error: { code, message } });

  function consentPath(overrides: Record<string, string | null> = {}) {
    const fields: Record<string, string | null> = {
      client_id: CLIENT_ID,
      redirect_uri: 'http://127.0.0.1:9/callback',
      response_type: 'code',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      scope: 'read:folders read:links',
      state: 'state-123',
      app_name: 'Claude',
      session_token: 'session-abc',
      ...overrides,
    };
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) if (value !== null) query.set(name, value);
    return `/oauth/consent?${query.toString()}`;
  }

  const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
  const alert = (page: Page) => page.getByRole('alert');

  /** The page's console errors, collected from now on. */
  function consoleErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    return errors;
  }

  /** Marks the loaded document: the mark survives in-app navigation and is gone after a full load. */
  const markDocument = (page: Page) =>
    page.evaluate(() => {
      (globalThis as unknown as Browser).__marker = 1;
    });
  const documentMarked = (page: Page) =>
    page.evaluate(() => (globalThis as unknown as Browser).__marker === 1);

  it('login: a missing session parameter, an empty session token', async () => {
    const page = await e2e.newPage();
    await page.goto('/oauth/login');
    await expectText(alert(page), 'Missing session parameter. Please restart the authorization flow.');
    await page.goto('/oauth/login?session=&client_id=x');
    await expectText(alert(page), 'Missing session token. Please restart the authorization flow.');
    await expectVisible(page.getByRole('link', { name: 'Return to Dashboard' }));
  });

  it("login: a failed sign-in shows the server's message, else 'Failed to sign in'", async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    await knownClient(page);
    await page.goto(`/oauth/login?session=s1&client_id=${CLIENT_ID}`);
    await expectVisible(heading(page, 'Sign in to Linkvault'));
    await expectVisible(page.getByText('Claude wants to connect to your Linkvault.', { exact: false }));
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectText(alert(page), 'Invalid login credentials');

    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectText(alert(page), /^Failed to sign in$/);
    await expectPath(page, `/oauth/login?session=s1&client_id=${CLIENT_ID}`);
  });

  it('login: ties the request to the user (a failure is only logged), then resumes', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    const errors = consoleErrors(page);
    const patches: Request[] = [];
    await answerAuthorize(page, 'PATCH', (route) => {
      patches.push(route.request());
      return apiError(500, 'internal', 'Something broke')(route);
    });
    await answerAuthorize(
      page,
      'GET',
      apiError(404, 'not_found', 'This authorization request has expired or does not exist'),
    );
    await page.goto('/oauth/login?session=the-session');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expectPath(page, '/oauth/resume?session=the-session');
    expect(patches).toHaveLength(1);
    expect(patches[0]?.headers().authorization).toMatch(/^Bearer .+/);
    expect(patches[0]?.postDataJSON()).toEqual({ session_token: 'the-session', user_id: user.id });
    expect(errors.join('\n')).toMatch(/Could not attach the authorization request/);
    await expectVisible(heading(page, 'Authorization Error'));
    await expectText(alert(page), 'This authorization request has expired or does not exist');
  });

  it('login: someone signed in continues as themselves, or switches account', async () => {
    const user = await e2e.createUser({ name: 'Ada Lovelace' });
    const page = await e2e.newPage();
    await knownClient(page);
    const patches: unknown[] = [];
    await answerAuthorize(page, 'PATCH', (route) => {
      patches.push(route.request().postDataJSON());
      return json(200, { ok: true })(route);
    });
    await answerAuthorize(page, 'GET', json(200, {}));
    await e2e.signIn(page, user, `/oauth/login?session=s2&client_id=${CLIENT_ID}`);
    await expectVisible(heading(page, 'Connect Claude'));
    await expectVisible(page.getByText(user.email));
    await expect.poll(() => page.getByLabel('Password').count()).toBe(0);
    await page.getByRole('button', { name: 'Continue as Ada Lovelace' }).click();
    await expectPath(page, '/oauth/resume?session=s2');
    expect(patches).toEqual([{ session_token: 's2', user_id: user.id }]);

    await page.goto(`/oauth/login?session=s3&client_id=${CLIENT_ID}`);
    await page.getByRole('button', { name: 'Use another account' }).click();
    await expectVisible(page.getByLabel('Password'));
    // Signed out for real: a reload finds no session.
    await page.reload();
    await expectVisible(page.getByLabel('Password'));
  });

  it('login: says why when the consent screen found nobody signed in', async () => {
    const page = await e2e.newPage();
    await page.goto('/oauth/login?session=s4&error=authentication_required');
    await expectVisible(page.getByText('Your session has ended. Sign in again to continue.'));
  });

  it('resume: every error of SPEC.md §8, titled Authorization Error, with Return to Dashboard', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    await page.goto('/oauth/resume');
    await expectVisible(heading(page, 'Authorization Error'));
    await expectText(alert(page), /^Missing session parameter$/);

    await page.goto('/oauth/resume?session=s5');
    await expectText(alert(page), 'Not authenticated. Please try logging in again.');

    // The real server, asked about a request it never issued.
    await e2e.signIn(page, user, '/oauth/resume?session=never-issued');
    await expectText(alert(page), 'This authorization request has expired or does not exist');
    const answers: [(route: Route) => Promise<void>, string | RegExp][] = [
      [
        apiError(403, 'forbidden', 'This authorization request belongs to another user'),
        'This authorization request belongs to another user',
      ],
      [json(500), /^Failed to resume authorization$/],
      [(route) => route.abort('connectionrefused'), /^Failed to resume authorization$/],
      [json(200, {}), 'Authorization completed but redirect URL not provided'],
    ];
    for (const [answer, message] of answers) {
      await page.unroute(AUTHORIZE_CALLS);
      await answerAuthorize(page, 'GET', answer);
      await page.goto('/oauth/resume?session=s5');
      await expectVisible(heading(page, 'Authorization Error'));
      await expectText(alert(page), message);
    }
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expectPath(page, '/app');
  });

  it('resume: a consent address stays inside the app; any other is a full page navigation', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    await knownClient(page);
    const held = hold();
    const consent = consentPath();
    await answerAuthorize(page, 'GET', async (route) => {
      await held.until;
      await route.fulfill({ json: { redirect_url: consent } });
    });
    await e2e.signIn(page, user, '/oauth/resume?session=session-abc');
    await expectVisible(heading(page, 'Resuming Authorization'));
    await markDocument(page);
    held.release();
    await expectVisible(page.getByRole('button', { name: 'Authorize' }));
    await expectPath(page, consent);
    expect(await documentMarked(page)).toBe(true);

    await page.unroute(AUTHORIZE_CALLS);
    const heldAgain = hold();
    await answerAuthorize(page, 'GET', async (route) => {
      await heldAgain.until;
      await route.fulfill({ json: { redirect_url: e2e.url('/callback?code=remembered&state=st') } });
    });
    await page.goto('/oauth/resume?session=session-abc');
    await expectVisible(heading(page, 'Resuming Authorization'));
    await markDocument(page);
    heldAgain.release();
    await expectVisible(page.getByText('remembered'));
    await expectPath(page, '/callback?code=remembered&state=st');
    expect(await documentMarked(page)).toBe(false);
  });

  it('consent: Invalid Request when client_id, redirect_uri, response_type or code_challenge is missing', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    for (const signedIn of [false, true]) {
      if (signedIn) await e2e.signIn(page, user, '/app');
      for (const missing of ['client_id', 'redirect_uri', 'response_type', 'code_challenge']) {
        await page.goto(consentPath({ [missing]: null }));
        await expectVisible(heading(page, 'Invalid Request'));
        await expectText(alert(page), /^Missing required OAuth parameters$/);
      }
    }
  });

  it('consent: nobody signed in goes to /oauth/login with the session and error=authentication_required', async () => {
    const page = await e2e.newPage();
    await page.goto(consentPath());
    await expectPath(page, /^\/oauth\/login\?/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('session')).toBe('session-abc');
    expect(query.get('error')).toBe('authentication_required');
    await expectVisible(page.getByText('Your session has ended. Sign in again to continue.'));

    await page.goto(consentPath({ session_token: null }));
    await expectPath(page, /^\/oauth\/login\?/);
    expect(new URL(page.url()).searchParams.get('error')).toBe('authentication_required');
    expect(new URL(page.url()).searchParams.has('session')).toBe(false);
  });

  it('consent: the registered name (not the address), scopes, remember-my-choice, the form sent, the redirect followed', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    await knownClient(page);
    const posts: Request[] = [];
    await answerAuthorize(page, 'POST', (route) => {
      posts.push(route.request());
      return route.fulfill({ json: { redirect_url: e2e.url('/callback?code=granted&state=state-123') } });
    });
    await e2e.signIn(
      page,
      user,
      consentPath({ app_name: 'Totally Trustworthy Bank', code_challenge_method: null }),
    );

    await expectVisible(heading(page, 'Claude wants to access your Linkvault'));
    expect(await page.getByText('Totally Trustworthy Bank').count()).toBe(0);
    expect(await page.getByText('Unverified').count()).toBe(0);
    await expectVisible(page.getByText('claude.ai', { exact: true }));
    await expectVisible(page.getByText('View your folders and their names', { exact: true }));
    await expectVisible(
      page.getByText('View your saved links, including summaries and AI-generated insights', { exact: true }),
    );
    await expectVisible(page.getByText('127.0.0.1:9', { exact: true }));
    const remember = page.getByRole('checkbox', { name: 'Remember my choice' });
    expect(await remember.isChecked()).toBe(true);
    await expectVisible(page.getByRole('button', { name: 'Deny' }));

    await markDocument(page);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expectPath(page, '/callback?code=granted&state=state-123');
    expect(await documentMarked(page)).toBe(false);
    const post = posts[0];
    expect(post?.headers()['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(post?.headers().authorization).toMatch(/^Bearer .+/);
    expect(Object.fromEntries(new URLSearchParams(post?.postData() ?? ''))).toEqual({
      action: 'approve',
      client_id: CLIENT_ID,
      redirect_uri: 'http://127.0.0.1:9/callback',
      response_type: 'code',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      scopes: 'read:folders read:links',
      user_id: user.id,
      remember_consent: 'true',
      state: 'state-123',
      session_token: 'session-abc',
    });

    // Deny, without remembering, and with neither state nor session token to send.
    await page.goto(consentPath({ state: null, session_token: null }));
    await page.getByRole('checkbox', { name: 'Remember my choice' }).uncheck();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expectPath(page, /^\/callback\?/);
    const denial = Object.fromEntries(new URLSearchParams(posts[1]?.postData() ?? ''));
    expect(denial).toMatchObject({ action: 'deny', remember_consent: 'false' });
    expect(denial).not.toHaveProperty('state');
    expect(denial).not.toHaveProperty('session_token');
  });

  it('consent: an unknown client shows the name from the address, marked unverified, or Unknown Application', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    await page.route(CLIENT_LOOKUP, apiError(404, 'not_found', 'Not found'));
    await e2e.signIn(page, user, consentPath({ app_name: 'Some Assistant' }));
    await expectVisible(heading(page, 'Some Assistant wants to access your Linkvault'));
    await expectVisible(page.getByText('Unverified', { exact: true }));

    await page.goto(consentPath({ app_name: null }));
    await expectVisible(heading(page, 'Unknown Application wants to access your Linkvault'));
    await expectVisible(page.getByText('Unverified', { exact: true }));
  });

  it('consent: every error of SPEC.md §8 when the decision cannot be made', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    await knownClient(page);
    await e2e.signIn(page, user, consentPath());
    const authorize = page.getByRole('button', { name: 'Authorize' });
    await expectVisible(authorize);
    const answers: [(route: Route) => Promise<void>, string | RegExp][] = [
      [json(200, {}), 'Authorization completed but redirect URL not provided'],
      [json(500), /^Failed to process authorization$/],
      [
        apiError(400, 'invalid_scope', 'The requested scope is not allowed for this client'),
        'The requested scope is not allowed for this client',
      ],
      [(route) => route.abort('connectionrefused'), /^An error occurred during authorization$/],
    ];
    for (const [answer, message] of answers) {
      await page.unroute(AUTHORIZE_CALLS);
      await answerAuthorize(page, 'POST', answer);
      await authorize.click();
      await expectText(alert(page), message);
      expect(await authorize.isEnabled()).toBe(true);
    }

    // Signed out elsewhere (the same browser's cookie), the real server answering: it no longer knows
    // the user, and the page's own session is gone after its refresh fails.
    await page.unroute(AUTHORIZE_CALLS);
    await page.evaluate(() =>
      (globalThis as unknown as Browser).fetch('/api/auth/logout', { method: 'POST' }),
    );
    await authorize.click();
    await expectText(alert(page), 'No active user. Please log in again.');
    await authorize.click();
    await expectText(alert(page), 'No active session. Please log in again.');
    await expectPath(page, /^\/oauth\/consent\?/);
    await alert(page).getByRole('link', { name: 'Sign in again' }).click();
    await expectPath(
      page,
      /^\/oauth\/login\?session=session-abc&client_id=client-under-test&error=authentication_required$/,
    );
  });

  it("consent: 'Unable to get access token from session' when the session carries none", async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    await knownClient(page);
    await e2e.hintSession();
    await page.route('**/api/auth/refresh', (route) =>
      route.fulfill({
        json: {
          access_token: '',
          refresh_token: 'r',
          expires_in: 3600,
          expires_at: Math.floor(Date.now() / 1000) + 3600,
          token_type: 'bearer',
          user: { id: user.id, email: user.email, name: user.name, role: 'user' },
        },
      }),
    );
    await page.goto(consentPath());
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expectText(alert(page), 'Unable to get access token from session');
  });

  it('routing: /oauth/* and /callback are served while loading, signed out and signed in', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage({ viewport: DESKTOP });
    await knownClient(page);
    const pages: [string, (page: Page) => Promise<void>][] = [
      [
        '/oauth/login',
        (p) => expectText(alert(p), 'Missing session parameter. Please restart the authorization flow.'),
      ],
      ['/oauth/resume', (p) => expectText(alert(p), /^Missing session parameter$/)],
      ['/oauth/consent', (p) => expectVisible(heading(p, 'Invalid Request'))],
      ['/callback', (p) => expectVisible(heading(p, 'Invalid Callback'))],
    ];

    // Loading: the session refresh is held until every page has been seen.
    await e2e.hintSession();
    const held = hold();
    await page.route('**/api/auth/refresh', async (route) => {
      await held.until;
      await route.continue().catch(() => undefined);
    });
    for (const [path, shows] of pages) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await shows(page);
      await expectPath(page, path);
    }
    held.release();
    await page.unroute('**/api/auth/refresh');

    for (const signedIn of [false, true]) {
      if (signedIn) await e2e.signIn(page, user, '/app');
      for (const [path, shows] of pages) {
        await page.goto(path);
        await shows(page);
        await expectPath(page, path);
      }
      // A well-formed request is served too: the sign-in form, or the choice of account.
      await page.goto(`/oauth/login?session=s9&client_id=${CLIENT_ID}`);
      await expectVisible(signedIn ? heading(page, 'Connect Claude') : heading(page, 'Sign in to Linkvault'));
      await expectPath(page, `/oauth/login?session=s9&client_id=${CLIENT_ID}`);
    }
  });
});
