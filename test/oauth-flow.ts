import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A PKCE pair as an OAuth client makes it (RFC 7636 §4.1–4.2). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const form = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();

interface CodeOptions {
  scope?: string;
  remember?: boolean;
  state?: string;
  resource?: string;
}

export interface TestClient {
  clientId: string;
  redirectUri: string;
}

/** Drives the authorization server through its HTTP endpoints and the JSON calls of its pages. */
export function oauthFlow(app: FastifyInstance) {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const flow = {
    async register(redirectUris = ['https://assistant.example/callback'], name = 'Test Assistant') {
      const res = await app.inject({
        method: 'POST',
        url: '/oauth/register',
        remoteAddress: `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
        payload: { client_name: name, redirect_uris: redirectUris },
      });
      if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
      const body = res.json<{ client_id: string }>();
      return { clientId: body.client_id, redirectUri: redirectUris[0] as string };
    },

    authorize(params: Record<string, string | undefined>): Promise<LightMyRequestResponse> {
      return app.inject({ method: 'GET', url: `/oauth/authorize?${form(params)}` });
    },

    /** A valid authorization request; returns the session token of the login page URL. */
    async start(client: TestClient, extra: Record<string, string | undefined> = {}) {
      const pkce = pkcePair();
      const res = await flow.authorize({
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        scope: 'read:folders read:links',
        state: 'xyz',
        ...extra,
      });
      if (res.statusCode !== 302) throw new Error(`authorize failed: ${res.statusCode} ${res.body}`);
      const location = new URL(res.headers.location as string, 'http://server');
      return { session: location.searchParams.get('session') as string, pkce, location };
    },

    bind(accessToken: string, sessionToken: string, userId: string): Promise<LightMyRequestResponse> {
      return app.inject({
        method: 'PATCH',
        url: '/api/oauth-authorize',
        headers: bearer(accessToken),
        payload: { session_token: sessionToken, user_id: userId },
      });
    },

    resume(accessToken: string, sessionToken: string): Promise<LightMyRequestResponse> {
      return app.inject({
        method: 'GET',
        url: `/api/oauth-authorize?session_token=${encodeURIComponent(sessionToken)}`,
        headers: bearer(accessToken),
      });
    },

    /** The consent page's POST, with the fields it copies from its own URL (the consent URL). */
    decide(
      accessToken: string,
      consentUrl: string,
      userId: string,
      overrides: Record<string, string | undefined> = {},
    ): Promise<LightMyRequestResponse> {
      const q = new URL(consentUrl, 'http://server').searchParams;
      const fields = {
        action: 'approve',
        client_id: q.get('client_id') ?? undefined,
        redirect_uri: q.get('redirect_uri') ?? undefined,
        response_type: q.get('response_type') ?? undefined,
        code_challenge: q.get('code_challenge') ?? undefined,
        code_challenge_method: q.get('code_challenge_method') ?? undefined,
        scopes: q.get('scope') ?? undefined,
        user_id: userId,
        remember_consent: 'true',
        state: q.get('state') ?? undefined,
        session_token: q.get('session_token') ?? undefined,
        ...overrides,
      };
      return app.inject({
        method: 'POST',
        url: '/api/oauth-authorize',
        headers: { ...bearer(accessToken), 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(fields),
      });
    },

    token(fields: Record<string, string | undefined>): Promise<LightMyRequestResponse> {
      return app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(fields),
      });
    },

    revoke(fields: Record<string, string | undefined>): Promise<LightMyRequestResponse> {
      return app.inject({
        method: 'POST',
        url: '/oauth/revoke',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(fields),
      });
    },

    /** The whole way to a code: authorize, bind, resume, and approve when the consent page comes up. */
    async code(
      client: TestClient,
      user: { access_token: string; user: { id: string } },
      options: CodeOptions = {},
    ) {
      const started = await flow.start(client, {
        scope: options.scope ?? 'read:folders read:links',
        state: options.state ?? 'xyz',
        resource: options.resource,
      });
      await flow.bind(user.access_token, started.session, user.user.id);
      const resumed = await flow.resume(user.access_token, started.session);
      let redirect = resumed.json<{ redirect_url: string }>().redirect_url;
      const consented = redirect.startsWith('/oauth/consent?');
      if (consented) {
        const decided = await flow.decide(user.access_token, redirect, user.user.id, {
          remember_consent: String(options.remember ?? true),
        });
        redirect = decided.json<{ redirect_url: string }>().redirect_url;
      }
      const url = new URL(redirect);
      return { code: url.searchParams.get('code') as string, url, pkce: started.pkce, consented };
    },

    /** Code, then tokens. */
    async tokens(
      client: TestClient,
      user: { access_token: string; user: { id: string } },
      options: CodeOptions = {},
    ) {
      const { code, pkce } = await flow.code(client, user, options);
      const res = await flow.token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirectUri,
        code_verifier: pkce.verifier,
        client_id: client.clientId,
      });
      if (res.statusCode !== 200) throw new Error(`token exchange failed: ${res.statusCode} ${res.body}`);
      return res.json<{ access_token: string; refresh_token: string; scope: string; expires_in: number }>();
    },
  };
  return flow;
}
