import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../test/app.js';
import { oauthFlow, pkcePair } from '../../test/oauth-flow.js';
import { html, usePageServer } from '../../test/page-server.js';

const ISSUER = 'http://127.0.0.1:4555';

describe('OAuth authorization: metadata, registration, the authorize endpoint and the pages’ calls', () => {
  const pages = usePageServer();
  const ctx = useTestApp({ publicUrl: ISSUER, fetchAllow: ['127.0.0.1'] });
  const flow = () => oauthFlow(ctx.app);

  describe('metadata', () => {
    it('publishes RFC 8414 authorization server metadata', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/oauth/authorize`,
        token_endpoint: `${ISSUER}/oauth/token`,
        registration_endpoint: `${ISSUER}/oauth/register`,
        revocation_endpoint: `${ISSUER}/oauth/revoke`,
        code_challenge_methods_supported: ['S256'],
        client_id_metadata_document_supported: true,
        authorization_response_iss_parameter_supported: true,
        scopes_supported: ['read:folders', 'read:links'],
      });
    });

    it('publishes RFC 9728 protected resource metadata for the MCP endpoint and the API', async () => {
      const mcp = await ctx.app.inject({ method: 'GET', url: '/.well-known/oauth-protected-resource/mcp' });
      expect(mcp.json()).toMatchObject({ resource: `${ISSUER}/mcp`, authorization_servers: [ISSUER] });
      const api = await ctx.app.inject({ method: 'GET', url: '/.well-known/oauth-protected-resource' });
      expect(api.json()).toMatchObject({ resource: ISSUER, authorization_servers: [ISSUER] });
    });
  });

  describe('dynamic client registration (RFC 7591)', () => {
    const register = (payload: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: '/oauth/register',
        payload: payload as object,
        remoteAddress: '10.77.0.1',
      });

    it('registers a public client and writes oauth_apps', async () => {
      const res = await register({
        client_name: 'Claude',
        redirect_uris: ['https://claude.example/cb', 'http://127.0.0.1/callback'],
        token_endpoint_auth_method: 'client_secret_basic',
        unknown_field: 'ignored',
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toMatchObject({
        client_name: 'Claude',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      });
      expect(body).not.toHaveProperty('client_secret');
      const row = await ctx.database.db
        .selectFrom('oauth_apps')
        .selectAll()
        .where('client_id', '=', body.client_id)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('Claude');
    });

    it.each([
      [{ client_name: 'x' }, 'invalid_redirect_uri'],
      [{ redirect_uris: [] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['http://evil.example/cb'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['https://app.example/cb#frag'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['not a url'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['https://user:pw@app.example/cb'] }, 'invalid_redirect_uri'],
      [
        { redirect_uris: ['https://app.example/cb'], grant_types: ['client_credentials'] },
        'invalid_client_metadata',
      ],
      [{ redirect_uris: ['https://app.example/cb'], response_types: ['token'] }, 'invalid_client_metadata'],
      [{ redirect_uris: 'https://app.example/cb' }, 'invalid_client_metadata'],
    ])('refuses %j with %s', async (payload, error) => {
      const res = await register(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error });
    });
  });

  describe('the authorize endpoint', () => {
    const valid = async () => {
      const client = await flow().register(['https://assistant.example/cb']);
      return {
        client,
        params: {
          response_type: 'code',
          client_id: client.clientId,
          redirect_uri: client.redirectUri,
          code_challenge: pkcePair().challenge,
          code_challenge_method: 'S256',
          scope: 'read:folders',
          state: 'st&te=1 2',
        },
      };
    };

    it('sends a valid request to the login page with a session token', async () => {
      const { params, client } = await valid();
      const res = await flow().authorize(params);
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string, ISSUER);
      expect(location.pathname).toBe('/oauth/login');
      expect(location.searchParams.get('client_id')).toBe(client.clientId);
      expect(location.searchParams.get('session')?.length).toBeGreaterThanOrEqual(43);
    });

    it.each([
      ['an unknown client', { client_id: 'no-such-client' }],
      ['no client', { client_id: undefined }],
      ['an unregistered redirect URI', { redirect_uri: 'https://attacker.example/cb' }],
      ['a redirect URI differing by a trailing slash', { redirect_uri: 'https://assistant.example/cb/' }],
      ['a redirect URI with extra query', { redirect_uri: 'https://assistant.example/cb?x=1' }],
      ['no redirect URI', { redirect_uri: undefined }],
    ])('shows an error page, never a redirect, for %s', async (_, change) => {
      const { params } = await valid();
      const res = await flow().authorize({ ...params, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Authorization Error');
    });

    it.each([
      ['unsupported_response_type', { response_type: 'token' }],
      ['invalid_request', { code_challenge: undefined }],
      ['invalid_request', { code_challenge_method: 'plain' }],
      ['invalid_request', { code_challenge: 'too-short' }],
      ['invalid_scope', { scope: 'write:links' }],
      ['invalid_scope', { scope: ' ' }],
      ['invalid_target', { resource: 'https://other.example/mcp' }],
    ])('redirects back with %s for %j, state as sent and iss', async (error, change) => {
      const { params } = await valid();
      const res = await flow().authorize({ ...params, ...change });
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(location.origin + location.pathname).toBe('https://assistant.example/cb');
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('state')).toBe('st&te=1 2');
      expect(location.searchParams.get('iss')).toBe(ISSUER);
    });

    it('refuses a repeated parameter', async () => {
      const { params } = await valid();
      const query = new URLSearchParams(params);
      query.append('scope', 'read:links');
      const res = await ctx.app.inject({ method: 'GET', url: `/oauth/authorize?${query.toString()}` });
      expect(new URL(res.headers.location as string).searchParams.get('error')).toBe('invalid_request');
    });

    it('lets only the port of a loopback redirect URI vary (RFC 8252 §7.3)', async () => {
      const client = await flow().register(['http://127.0.0.1/callback']);
      const base = { ...client, redirectUri: 'http://127.0.0.1:53117/callback' };
      await expect(flow().start(base)).resolves.toBeDefined();
      for (const redirectUri of ['http://127.0.0.1:53117/other', 'http://localhost:53117/callback']) {
        const res = await flow().authorize({
          response_type: 'code',
          client_id: client.clientId,
          redirect_uri: redirectUri,
          code_challenge: pkcePair().challenge,
        });
        expect(res.statusCode).toBe(400);
      }
    });
  });

  describe('the login, resume and consent calls', () => {
    it('binds, resumes to the consent page and approves with a code bound to the request', async () => {
      const client = await flow().register(['https://assistant.example/cb'], 'Reader Bot');
      const user = await signUp(ctx.app);
      const started = await flow().start(client, { state: 'opaque/state?x=1' });

      const bound = await flow().bind(user.access_token, started.session, user.user.id);
      expect(bound.statusCode).toBe(200);
      const resumed = await flow().resume(user.access_token, started.session);
      expect(resumed.statusCode).toBe(200);
      expect(resumed.headers['cache-control']).toBe('no-store');
      const consentUrl = resumed.json<{ redirect_url: string }>().redirect_url;
      expect(consentUrl.startsWith('/oauth/consent?')).toBe(true);
      const consent = new URL(consentUrl, ISSUER).searchParams;
      expect(consent.get('app_name')).toBe('Reader Bot');
      expect(consent.get('scope')).toBe('read:folders read:links');
      expect(consent.get('session_token')).toBe(started.session);

      const decided = await flow().decide(user.access_token, consentUrl, user.user.id);
      expect(decided.statusCode).toBe(200);
      const back = new URL(decided.json<{ redirect_url: string }>().redirect_url);
      expect(back.origin + back.pathname).toBe('https://assistant.example/cb');
      expect(back.searchParams.get('state')).toBe('opaque/state?x=1');
      expect(back.searchParams.get('iss')).toBe(ISSUER);
      const code = back.searchParams.get('code') as string;
      expect(Buffer.from(code.replace(/^lvc_/, ''), 'base64url').length * 8).toBeGreaterThanOrEqual(128);

      const again = await flow().decide(user.access_token, consentUrl, user.user.id);
      expect(again.statusCode).toBe(404);
    });

    it('returns access_denied when the user denies', async () => {
      const client = await flow().register();
      const user = await signUp(ctx.app);
      const started = await flow().start(client);
      const resumed = await flow().resume(user.access_token, started.session);
      const consentUrl = resumed.json<{ redirect_url: string }>().redirect_url;
      const denied = await flow().decide(user.access_token, consentUrl, user.user.id, { action: 'deny' });
      const back = new URL(denied.json<{ redirect_url: string }>().redirect_url);
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('state')).toBe('xyz');
      expect(back.searchParams.has('code')).toBe(false);
    });

    it('needs the user’s own session, and keeps each request to its user', async () => {
      const client = await flow().register();
      const [alice, mallory] = [await signUp(ctx.app), await signUp(ctx.app)];
      const started = await flow().start(client);

      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: `/api/oauth-authorize?session_token=${started.session}`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({
        error: { code: 'unauthenticated', message: 'User not authenticated' },
      });
      expect((await flow().bind(alice.access_token, started.session, mallory.user.id)).statusCode).toBe(400);
      expect((await flow().bind(alice.access_token, started.session, alice.user.id)).statusCode).toBe(200);
      expect((await flow().bind(mallory.access_token, started.session, mallory.user.id)).statusCode).toBe(
        404,
      );
      expect((await flow().resume(mallory.access_token, started.session)).statusCode).toBe(404);
      expect((await flow().resume(alice.access_token, 'lvs_unknown')).statusCode).toBe(404);

      const consentUrl = (await flow().resume(alice.access_token, started.session)).json<{
        redirect_url: string;
      }>().redirect_url;
      expect((await flow().decide(mallory.access_token, consentUrl, mallory.user.id)).statusCode).toBe(404);
      expect((await flow().decide(alice.access_token, consentUrl, mallory.user.id)).statusCode).toBe(400);
    });

    it('refuses a decision that does not match the request, or widens its scopes', async () => {
      const client = await flow().register();
      const user = await signUp(ctx.app);
      const started = await flow().start(client, { scope: 'read:folders' });
      const consentUrl = (await flow().resume(user.access_token, started.session)).json<{
        redirect_url: string;
      }>().redirect_url;
      for (const change of [
        { redirect_uri: 'https://attacker.example/cb' },
        { code_challenge: pkcePair().challenge },
        { client_id: 'another' },
        { state: 'other' },
        { scopes: 'read:folders read:links' },
        { scopes: 'admin' },
        { session_token: undefined },
        { action: 'maybe' },
      ]) {
        const res = await flow().decide(user.access_token, consentUrl, user.user.id, change);
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json()).toHaveProperty('error.message');
      }
      expect((await flow().decide(user.access_token, consentUrl, user.user.id)).statusCode).toBe(200);
    });

    it('skips the consent screen for remembered scopes, and only for them', async () => {
      const client = await flow().register();
      const user = await signUp(ctx.app);
      expect((await flow().code(client, user, { scope: 'read:folders', remember: true })).consented).toBe(
        true,
      );
      const second = await flow().code(client, user, { scope: 'read:folders' });
      expect(second.consented).toBe(false);
      expect(second.code).toBeTruthy();
      expect(second.url.searchParams.get('state')).toBe('xyz');
      expect(
        (await flow().code(client, user, { scope: 'read:folders read:links', remember: false })).consented,
      ).toBe(true);
      expect((await flow().code(client, user, { scope: 'read:links' })).consented).toBe(true);

      const other = await signUp(ctx.app);
      expect((await flow().code(client, other, { scope: 'read:folders' })).consented).toBe(true);
    });

    it('refuses the pages’ calls to an assistant’s token', async () => {
      const client = await flow().register();
      const user = await signUp(ctx.app);
      const tokens = await flow().tokens(client, user);
      const started = await flow().start(client);
      const res = await flow().resume(tokens.access_token, started.session);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'insufficient_scope' } });
    });

    it('describes a client for the pages, never verified when it registered itself (even as "Claude"), and 404s an unknown one', async () => {
      const client = await flow().register(['https://assistant.example/cb'], 'Claude');
      const res = await ctx.app.inject({ method: 'GET', url: `/api/oauth/clients/${client.clientId}` });
      expect(res.json()).toEqual({
        clientId: client.clientId,
        name: 'Claude',
        verified: false,
        domain: null,
        redirectUris: ['https://assistant.example/cb'],
      });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/oauth/clients/nope' })).statusCode).toBe(404);
    });
  });

  describe('Client ID Metadata Documents', () => {
    const documentAt = (path: string, body: (clientId: string) => unknown) => {
      pages.routes[path] = (req, res) =>
        html(JSON.stringify(body(pages.url(path))), { 'content-type': 'application/json' })(req, res);
      return pages.url(path);
    };

    it('fetches the document, checks it names itself, and shows it as vouched for by its domain', async () => {
      const clientId = documentAt('/client.json', (id) => ({
        client_id: id,
        client_name: 'Metadata Assistant',
        redirect_uris: ['http://127.0.0.1:7777/cb'],
      }));
      const started = await flow().start({ clientId, redirectUri: 'http://127.0.0.1:7777/cb' });
      expect(started.session).toBeTruthy();
      const described = await ctx.app.inject({
        method: 'GET',
        url: `/api/oauth/clients/${encodeURIComponent(clientId)}`,
      });
      expect(described.json()).toMatchObject({
        name: 'Metadata Assistant',
        verified: true,
        domain: new URL(clientId).host,
      });
      const user = await signUp(ctx.app);
      const { code } = await flow().code({ clientId, redirectUri: 'http://127.0.0.1:7777/cb' }, user);
      expect(code).toBeTruthy();
    });

    it.each([
      [
        'names another client',
        (id: string) => ({ client_id: `${id}x`, redirect_uris: ['http://127.0.0.1:7777/cb'] }),
      ],
      [
        'lacks the redirect URI',
        (id: string) => ({ client_id: id, redirect_uris: ['http://127.0.0.1:7777/other'] }),
      ],
      [
        'wants a client secret',
        (id: string) => ({
          client_id: id,
          redirect_uris: ['http://127.0.0.1:7777/cb'],
          token_endpoint_auth_method: 'client_secret_basic',
        }),
      ],
      ['is not JSON', () => '<html>'],
    ])('refuses a document that %s', async (label, body) => {
      const clientId = documentAt(`/bad-${label.replaceAll(' ', '-')}.json`, body);
      const res = await flow().authorize({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: 'http://127.0.0.1:7777/cb',
        code_challenge: pkcePair().challenge,
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
    });

    it('limits how many new documents one address can make the server fetch', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/oauth/authorize?${new URLSearchParams({
            response_type: 'code',
            client_id: pages.url(`/missing-${i}.json`),
            redirect_uri: 'http://127.0.0.1:7777/cb',
            code_challenge: pkcePair().challenge,
          }).toString()}`,
          remoteAddress: '10.66.0.1',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
      expect(statuses[30]).toBe(429);
    });

    it('never fetches a client id in private space without FETCH_ALLOW', async () => {
      const res = await flow().authorize({
        response_type: 'code',
        client_id: 'http://10.0.0.1/client.json',
        redirect_uri: 'http://127.0.0.1:7777/cb',
        code_challenge: pkcePair().challenge,
      });
      expect(res.statusCode).toBe(400);
    });
  });
});
