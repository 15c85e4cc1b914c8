import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestUser, describeE2E, expectHidden, expectPath, expectVisible, useE2E } from './harness.js';
import {
  type TestOAuthClient,
  exchangeCode,
  newAuthorization,
  registerClient,
  startOAuthClient,
} from './oauth-client.js';

/**
 * The whole authorization flow in Chromium against the real server: an assistant (a small web
 * app on 127.0.0.1) sends the browser to Linkvault; the person signs in, reads the consent screen,
 * decides; the assistant gets its code (or the refusal) and trades the code for tokens. A remembered
 * approval skips the screen next time; the settings page lists the app and revokes it.
 */
describeE2E('assistant access: the authorization flow', () => {
  const e2e = useE2E();
  let user: TestUser;
  let assistant: TestOAuthClient;
  let page: Page;

  beforeAll(async () => {
    user = await e2e.createUser({ name: 'Grace Hopper' });
    await user.api.folder('Reading list');
    assistant = await startOAuthClient(e2e.baseURL, 'Flow Test Assistant');
  });
  afterAll(() => assistant?.close());

  /** From the assistant's page to Linkvault: what the assistant does when someone clicks "connect". */
  async function connectFrom(client: TestOAuthClient) {
    await page.goto(client.startUrl());
    await page.getByRole('link', { name: 'Connect Linkvault' }).click();
  }

  /** The assistant's redirect URI as the browser arrived there, with what Linkvault added to it. */
  async function landedAt(client: TestOAuthClient): Promise<URLSearchParams> {
    await expectVisible(page.getByRole('heading', { name: /^Back at / }));
    const url = new URL(page.url());
    expect(`${url.origin}${url.pathname}`).toBe(client.redirectUri);
    return url.searchParams;
  }

  it('signs in, shows the consent screen with the app and its scopes, and approves: the assistant gets a working code', async () => {
    page = await e2e.newPage();
    await connectFrom(assistant);

    await expectPath(page, /^\/oauth\/login\?session=[^&]+&client_id=/);
    await expectVisible(
      page.getByText('Flow Test Assistant wants to connect to your Linkvault.', { exact: false }),
    );
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expectPath(page, /^\/oauth\/consent\?/);
    await expectVisible(
      page.getByRole('heading', { name: 'Flow Test Assistant wants to access your Linkvault' }),
    );
    await expectVisible(page.getByText('View your folders and their names', { exact: true }));
    await expectVisible(
      page.getByText('View your saved links, including summaries and AI-generated insights', { exact: true }),
    );
    expect(await page.getByRole('checkbox', { name: 'Remember my choice' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Authorize' }).click();

    const answer = await landedAt(assistant);
    expect(answer.get('state')).toBe(assistant.latest().state);
    expect(answer.get('iss')).toBeTruthy();
    const code = answer.get('code');
    expect(code).toBeTruthy();
    const tokens = await assistant.exchange(code ?? '');
    expect(tokens.scope.split(' ').sort()).toEqual(['read:folders', 'read:links']);
    const folders = await fetch(e2e.url('/api/folders'), {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(folders.status).toBe(200);
    expect(((await folders.json()) as { items: { name: string }[] }).items.map((f) => f.name)).toEqual([
      'Reading list',
    ]);
  });

  it('skips the consent screen when the approval was remembered', async () => {
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await connectFrom(assistant);
    // Still signed in: the login page offers to go on as the same person.
    await page.getByRole('button', { name: 'Continue as Grace Hopper' }).click();
    const answer = await landedAt(assistant);
    expect(answer.get('state')).toBe(assistant.latest().state);
    await assistant.exchange(answer.get('code') ?? '');
    expect(visited).not.toContain('/oauth/consent');
    expect(visited).toContain('/oauth/resume');
  });

  it('sends error=access_denied (and the state) back when the person denies', async () => {
    const other = await startOAuthClient(e2e.baseURL, 'Denied Assistant');
    try {
      await connectFrom(other);
      await page.getByRole('button', { name: 'Continue as Grace Hopper' }).click();
      await expectVisible(
        page.getByRole('heading', { name: 'Denied Assistant wants to access your Linkvault' }),
      );
      await page.getByRole('button', { name: 'Deny' }).click();
      const answer = await landedAt(other);
      expect(answer.get('error')).toBe('access_denied');
      expect(answer.get('state')).toBe(other.latest().state);
      expect(answer.has('code')).toBe(false);
    } finally {
      await other.close();
    }
  });

  it("shows the code to copy when the client's redirect is Linkvault's own /callback page", async () => {
    const redirectUri = e2e.url('/callback');
    const clientId = await registerClient(e2e.baseURL, 'Command Line Tool', redirectUri);
    const request = newAuthorization(e2e.baseURL, clientId, redirectUri);
    await page.goto(request.url);
    await page.getByRole('button', { name: 'Continue as Grace Hopper' }).click();
    await expectVisible(
      page.getByRole('heading', { name: 'Command Line Tool wants to access your Linkvault' }),
    );
    await page.getByRole('button', { name: 'Authorize' }).click();

    await expectVisible(page.getByRole('button', { name: 'Copy Authorization Code' }));
    const code = new URL(page.url()).searchParams.get('code') ?? '';
    await expectVisible(page.getByText(code, { exact: true }));
    await exchangeCode(e2e.baseURL, { code, clientId, redirectUri, verifier: request.verifier });
  });

  it('lists the connected app in Settings, and revoking it ends its access', async () => {
    await connectFrom(assistant);
    await page.getByRole('button', { name: 'Continue as Grace Hopper' }).click();
    const tokens = await assistant.exchange((await landedAt(assistant)).get('code') ?? '');

    await page.goto(e2e.url('/app'));
    await page.getByRole('link', { name: 'Settings' }).click();
    await expectPath(page, '/app/settings');
    const row = page.getByRole('listitem', { name: 'Flow Test Assistant' });
    await expectVisible(row);
    await expectVisible(row.getByText('Folders', { exact: true }));
    await expectVisible(row.getByText('Links', { exact: true }));
    await expectVisible(row.getByText(/^Connected [A-Z][a-z]{2} \d{1,2}, \d{4}$/));
    expect(await page.getByRole('listitem', { name: 'Denied Assistant' }).count()).toBe(0);

    await row.getByRole('button', { name: 'Revoke access for Flow Test Assistant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke access for Flow Test Assistant?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectVisible(row);
    await row.getByRole('button', { name: 'Revoke access for Flow Test Assistant' }).click();
    await dialog.getByRole('button', { name: 'Revoke access' }).click();
    await expectHidden(row);
    await expectVisible(page.getByRole('listitem', { name: 'Command Line Tool' }));

    const refused = await fetch(e2e.url('/api/folders'), {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(refused.status).toBe(401);
    // And the next authorization asks again: the remembered approval went with it.
    await connectFrom(assistant);
    await page.getByRole('button', { name: 'Continue as Grace Hopper' }).click();
    await expectVisible(page.getByRole('button', { name: 'Authorize' }));
  });
});
