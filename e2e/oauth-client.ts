import { createHash, randomBytes } from 'node:crypto';
import { type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestUser } from './harness.js';

/**
 * An OAuth client of Linkvault for the e2e tests, doing what an assistant does: register (RFC 7591), send
 * the browser to the authorize endpoint with PKCE (S256) and a state, and trade the code for tokens.
 */

export const SCOPES = 'read:folders read:links';

const base64url = (bytes: Buffer) => bytes.toString('base64url');

export interface Authorization {
  verifier: string;
  state: string;
  url: string;
}

/** Registers a public client (no secret) and returns its client_id. */
export async function registerClient(linkvault: string, name: string, redirectUri: string): Promise<string> {
  const res = await fetch(new URL('/oauth/register', linkvault), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: name,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { client_id: string }).client_id;
}

/** A fresh authorization request: its PKCE verifier, its state, and the authorize URL carrying both. */
export function newAuthorization(
  linkvault: string,
  clientId: string,
  redirectUri: string,
  scope = SCOPES,
): Authorization {
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(12));
  const url = new URL('/oauth/authorize', linkvault);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    scope,
    state,
  }).toString();
  return { verifier, state, url: url.toString() };
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  scope: string;
}

export async function exchangeCode(
  linkvault: string,
  fields: { code: string; clientId: string; redirectUri: string; verifier: string },
): Promise<Tokens> {
  const res = await fetch(new URL('/oauth/token', linkvault), {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: fields.code,
      client_id: fields.clientId,
      redirect_uri: fields.redirectUri,
      code_verifier: fields.verifier,
    }),
  });
  if (res.status !== 200) throw new Error(`token exchange failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Tokens;
}

/**
 * A tiny web app on 127.0.0.1 (a loopback redirect, as native and CLI clients use): /start links to a
 * fresh authorization URL, /callback shows what came back. Registered under `name` on creation.
 */
export interface TestOAuthClient {
  clientId: string;
  redirectUri: string;
  origin: string;
  startUrl(scope?: string): string;
  /** The request started from /start most recently. */
  latest(): Authorization;
  exchange(code: string): Promise<Tokens>;
  close(): Promise<void>;
}

export async function startOAuthClient(linkvault: string, name: string): Promise<TestOAuthClient> {
  let latest: Authorization | undefined;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://client');
    if (url.pathname === '/start') {
      latest = newAuthorization(
        linkvault,
        client.clientId,
        client.redirectUri,
        url.searchParams.get('scope') ?? undefined,
      );
      return html(res, `<h1>${name}</h1><a href="${escapeHtml(latest.url)}">Connect Linkvault</a>`);
    }
    if (url.pathname === '/callback') {
      const fields = [...url.searchParams].map(
        ([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`,
      );
      return html(res, `<h1>Back at ${name}</h1><dl>${fields.join('')}</dl>`);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const redirectUri = `${origin}/callback`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // The browser keeps its connections alive; close() alone would wait for them.
      server.closeAllConnections();
    });
  const clientId = await registerClient(linkvault, name, redirectUri).catch(async (error: unknown) => {
    await close();
    throw error;
  });

  const client: TestOAuthClient = {
    clientId,
    redirectUri,
    origin,
    startUrl: (scope) => `${origin}/start${scope ? `?scope=${encodeURIComponent(scope)}` : ''}`,
    latest: () => {
      if (!latest) throw new Error('no authorization started yet');
      return latest;
    },
    exchange: (code) =>
      exchangeCode(linkvault, { code, clientId, redirectUri, verifier: client.latest().verifier }),
    close,
  };
  return client;
}

/**
 * Connects an app for `user` without a browser, through the same calls the pages make (SPEC.md §7):
 * authorize, PATCH after sign-in, GET to resume, POST to approve (remembered), then the code exchange.
 */
export async function connectOverHttp(linkvault: string, user: TestUser, name: string): Promise<string> {
  const redirectUri = 'http://127.0.0.1:9/callback';
  const clientId = await registerClient(linkvault, name, redirectUri);
  const request = newAuthorization(linkvault, clientId, redirectUri);
  const authorize = await fetch(request.url, { redirect: 'manual' });
  const session = new URL(authorize.headers.get('location') ?? '', linkvault).searchParams.get('session');
  if (!session) throw new Error(`authorize did not send to the login page: ${authorize.status}`);
  await user.api.request('PATCH', '/api/oauth-authorize', { session_token: session, user_id: user.id });
  const resumed = await user.api.request<{ redirect_url: string }>(
    'GET',
    `/api/oauth-authorize?session_token=${encodeURIComponent(session)}`,
  );
  const consent = new URL(resumed.redirect_url, linkvault).searchParams;
  const decision = await fetch(new URL('/api/oauth-authorize', linkvault), {
    method: 'POST',
    headers: { authorization: `Bearer ${user.api.session.access_token}` },
    body: new URLSearchParams({
      action: 'approve',
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      code_challenge: consent.get('code_challenge') ?? '',
      code_challenge_method: 'S256',
      scopes: consent.get('scope') ?? SCOPES,
      user_id: user.id,
      remember_consent: 'true',
      state: request.state,
      session_token: session,
    }),
  });
  if (decision.status !== 200)
    throw new Error(`approval failed: ${decision.status} ${await decision.text()}`);
  const { redirect_url: back } = (await decision.json()) as { redirect_url: string };
  const code = new URL(back).searchParams.get('code');
  if (!code) throw new Error(`no code in ${back}`);
  await exchangeCode(linkvault, { code, clientId, redirectUri, verifier: request.verifier });
  return clientId;
}

function html(res: ServerResponse, body: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><title>Test client</title><body>${body}</body></html>`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
