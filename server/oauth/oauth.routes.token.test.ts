import { describe, expect, it } from 'vitest';
import { clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { oauthFlow } from '../../test/oauth-flow.js';
import { hashSecret } from '../lib/secrets.js';

const ISSUER = 'http://127.0.0.1:4556';

describe('OAuth tokens: code exchange, refresh, revocation, scopes and connected apps', () => {
  const ctx = useTestApp({ publicUrl: ISSUER });
  const flow = () => oauthFlow(ctx.app);
  const as = (token: string) => clientFor(ctx.app, { access_token: token });

  const setup = async (options: { scope?: string } = {}) => {
    const client = await flow().register();
    const user = await signUp(ctx.app);
    const { code, pkce } = await flow().code(client, user, options);
    const exchange = (fields: Record<string, string | undefined> = {}) =>
      flow().token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirectUri,
        code_verifier: pkce.verifier,
        client_id: client.clientId,
        ...fields,
      });
    return { client, user, code, exchange };
  };

  it('exchanges a code for tokens, with no-store, and stores only hashes', async () => {
    const { exchange, code } = await setup();
    const res = await exchange();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read:folders read:links' });
    const db = ctx.database.db;
    const access = await db.selectFrom('access_tokens').selectAll().execute();
    expect(access.some((r) => r.token_hash === hashSecret(body.access_token))).toBe(true);
    expect(access.some((r) => r.token_hash === body.access_token)).toBe(false);
    expect(
      await db
        .selectFrom('oauth_refresh_tokens')
        .selectAll()
        .where('token_hash', '=', body.refresh_token)
        .execute(),
    ).toHaveLength(0);
    const storedCode = await db
      .selectFrom('oauth_codes')
      .selectAll()
      .where('code_hash', '=', hashSecret(code))
      .executeTakeFirstOrThrow();
    const lifetime = Date.parse(storedCode.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(60_000);
    expect(access.find((r) => r.token_hash === hashSecret(body.access_token))?.audience).toBe(
      `${ISSUER}/mcp`,
    );
  });

  it.each([
    ['a wrong verifier', { code_verifier: 'x'.repeat(43) }, 'invalid_grant'],
    ['another client', { client_id: 'someone-else' }, 'invalid_grant'],
    ['another redirect URI', { redirect_uri: 'https://assistant.example/other' }, 'invalid_grant'],
    ['no verifier', { code_verifier: undefined }, 'invalid_request'],
    ['another resource', { resource: 'https://elsewhere.example/mcp' }, 'invalid_target'],
    ['an unknown grant type', { grant_type: 'password' }, 'unsupported_grant_type'],
    ['no client', { client_id: undefined }, 'invalid_client'],
  ])('refuses an exchange with %s', async (_, fields, error) => {
    const { exchange } = await setup();
    const res = await exchange(fields);
    expect(res.statusCode).toBe(error === 'invalid_client' ? 401 : 400);
    expect(res.json()).toMatchObject({ error });
    expect((await exchange()).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { exchange, code } = await setup();
    await ctx.database.db
      .updateTable('oauth_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('code_hash', '=', hashSecret(code))
      .execute();
    expect((await exchange()).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('lets a code be used once; a replay revokes what the first use gave', async () => {
    const { exchange } = await setup();
    const first = (await exchange()).json();
    expect((await as(first.access_token).get('/api/folders')).statusCode).toBe(200);
    const replay = await exchange();
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await as(first.access_token).get('/api/folders')).statusCode).toBe(401);
    const refreshed = await flow().token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.statusCode).toBe(401);
  });

  it('accepts the client id from HTTP Basic as well as from the body', async () => {
    const { exchange, client } = await setup();
    const basic = Buffer.from(`${encodeURIComponent(client.clientId)}:`).toString('base64');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'none' }).toString(),
    });
    expect(res.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await exchange()).statusCode).toBe(200);
  });

  describe('refresh', () => {
    const refresh = (clientId: string, token: string, extra: Record<string, string> = {}) =>
      flow().token({ grant_type: 'refresh_token', refresh_token: token, client_id: clientId, ...extra });

    it('rotates the refresh token; reusing an old one revokes the grant', async () => {
      const { exchange, client } = await setup();
      const first = (await exchange()).json();
      const second = await refresh(client.clientId, first.refresh_token);
      expect(second.statusCode).toBe(200);
      const rotated = second.json();
      expect(rotated.refresh_token).not.toBe(first.refresh_token);
      expect((await as(rotated.access_token).get('/api/links')).statusCode).toBe(200);

      const reuse = await refresh(client.clientId, first.refresh_token);
      expect(reuse.json()).toMatchObject({ error: 'invalid_grant' });
      expect((await as(rotated.access_token).get('/api/links')).statusCode).toBe(401);
      expect((await refresh(client.clientId, rotated.refresh_token)).statusCode).toBe(400);
    });

    it('may narrow the scope but never widen it', async () => {
      const { exchange, client } = await setup({ scope: 'read:folders' });
      const first = (await exchange()).json();
      const wider = await refresh(client.clientId, first.refresh_token, { scope: 'read:folders read:links' });
      expect(wider.json()).toMatchObject({ error: 'invalid_scope' });

      const full = await setup();
      const tokens = (await full.exchange()).json();
      const narrowed = (
        await refresh(full.client.clientId, tokens.refresh_token, { scope: 'read:folders' })
      ).json();
      expect(narrowed.scope).toBe('read:folders');
      expect((await as(narrowed.access_token).get('/api/links')).statusCode).toBe(403);
      const again = (await refresh(full.client.clientId, narrowed.refresh_token)).json();
      expect(again.scope).toBe('read:folders read:links');
    });

    it('keeps the refresh token usable after a refresh refused for its scope or resource', async () => {
      const { exchange, client } = await setup({ scope: 'read:folders' });
      const first = (await exchange()).json();
      const wider = await refresh(client.clientId, first.refresh_token, { scope: 'read:links' });
      expect(wider.json()).toMatchObject({ error: 'invalid_scope' });
      const elsewhere = await refresh(client.clientId, first.refresh_token, {
        resource: 'https://elsewhere.example/mcp',
      });
      expect(elsewhere.json()).toMatchObject({ error: 'invalid_target' });
      // A refused request is not a use: the token still rotates once, and the grant lives on.
      const retried = await refresh(client.clientId, first.refresh_token);
      expect(retried.statusCode).toBe(200);
      expect((await as(retried.json().access_token).get('/api/folders')).statusCode).toBe(200);
    });

    it('refuses another client’s refresh token', async () => {
      const { exchange } = await setup();
      const tokens = (await exchange()).json();
      const other = await flow().register();
      expect((await refresh(other.clientId, tokens.refresh_token)).json()).toMatchObject({
        error: 'invalid_grant',
      });
    });
  });

  describe('an assistant’s token on the API', () => {
    it('reads within its scopes and is refused everywhere else with insufficient_scope', async () => {
      const { exchange, user } = await setup({ scope: 'read:folders' });
      const own = clientFor(ctx.app, user);
      const folder = await own.folder({ name: 'Research' });
      const link = await own.link({ url: 'https://example.com/research' });
      const token = (await exchange()).json().access_token;
      const assistant = as(token);

      expect((await assistant.get('/api/folders')).json().items).toEqual([
        expect.objectContaining({ id: folder.id }),
      ]);
      for (const [method, url] of [
        ['GET', '/api/links'],
        ['GET', `/api/links/${link.id}`],
        ['GET', '/api/search?q=research'],
        ['POST', '/api/folders'],
        ['PATCH', `/api/folders/${folder.id}`],
        ['DELETE', `/api/links/${link.id}`],
        ['GET', '/api/auth/user'],
        ['GET', '/api/stats'],
        ['GET', '/api/snippets'],
        ['GET', '/api/oauth/connections'],
      ] as const) {
        const res = await assistant.send(method, url, method === 'GET' ? undefined : {});
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ error: { code: 'insufficient_scope' } });
      }
      expect((await own.get(`/api/links/${link.id}`)).statusCode).toBe(200);
    });

    it('with read:links reads links and searches them, without folder names or snippets', async () => {
      const { exchange, user } = await setup({ scope: 'read:links' });
      const own = clientFor(ctx.app, user);
      await own.folder({ name: 'Zebra folder' });
      await own.link({ url: 'https://zebra.example/', title: 'Zebra crossing' });
      await own.snippet({ selectedText: 'A zebra quote', note: 'my private zebra note' });
      const assistant = as((await exchange()).json().access_token);
      expect((await assistant.get('/api/links')).json().items).toHaveLength(1);
      const found = (await assistant.get('/api/search?q=zebra')).json();
      expect(found.links).toHaveLength(1);
      expect(found.folders).toEqual([]);
      expect(found.snippets).toEqual([]);
      const mine = (await own.get('/api/search?q=zebra')).json();
      expect(mine.folders).toHaveLength(1);
      expect(mine.snippets).toHaveLength(1);
      expect((await assistant.get('/api/folders')).statusCode).toBe(403);
    });

    it('is refused when issued for another audience', async () => {
      const { exchange } = await setup();
      const token = (await exchange()).json().access_token;
      await ctx.database.db
        .updateTable('access_tokens')
        .set({ audience: 'https://other-server.example/mcp' })
        .where('token_hash', '=', hashSecret(token))
        .execute();
      expect((await as(token).get('/api/folders')).statusCode).toBe(401);
    });
  });

  describe('revocation (RFC 7009)', () => {
    it('revoking the refresh token ends the grant; unknown tokens answer 200', async () => {
      const { exchange, client } = await setup();
      const tokens = (await exchange()).json();
      const res = await flow().revoke({ token: tokens.refresh_token, client_id: client.clientId });
      expect(res.statusCode).toBe(200);
      expect((await as(tokens.access_token).get('/api/folders')).statusCode).toBe(401);
      expect((await flow().revoke({ token: 'lvr_unknown' })).statusCode).toBe(200);
      expect((await flow().revoke({})).json()).toMatchObject({ error: 'invalid_request' });
    });

    it('revoking an access token ends the grant too, but not for another client', async () => {
      const { exchange, client } = await setup();
      const tokens = (await exchange()).json();
      const other = await flow().register();
      await flow().revoke({ token: tokens.access_token, client_id: other.clientId });
      expect((await as(tokens.access_token).get('/api/folders')).statusCode).toBe(200);
      await flow().revoke({ token: tokens.access_token, client_id: client.clientId });
      expect((await as(tokens.access_token).get('/api/folders')).statusCode).toBe(401);
    });

    it('never revokes the user’s own session', async () => {
      const user = await signUp(ctx.app);
      await flow().revoke({ token: user.access_token });
      await flow().revoke({ token: user.refresh_token });
      expect((await as(user.access_token).get('/api/folders')).statusCode).toBe(200);
    });
  });

  describe('connected apps', () => {
    it('lists the user’s apps with scopes and last use, and disconnecting ends every token and the remembered consent', async () => {
      const { exchange, client, user } = await setup();
      const tokens = (await exchange()).json();
      await as(tokens.access_token).get('/api/folders');
      const own = clientFor(ctx.app, user);
      const list = (await own.get('/api/oauth/connections')).json().items;
      expect(list).toEqual([
        expect.objectContaining({
          clientId: client.clientId,
          name: 'Test Assistant',
          verified: false,
          domain: null,
          scopes: ['read:folders', 'read:links'],
          lastUsedAt: expect.any(String),
        }),
      ]);
      const stranger = clientFor(ctx.app, await signUp(ctx.app));
      expect((await stranger.get('/api/oauth/connections')).json().items).toEqual([]);
      expect((await stranger.delete(`/api/oauth/connections/${client.clientId}`)).statusCode).toBe(404);

      expect((await own.delete(`/api/oauth/connections/${client.clientId}`)).statusCode).toBe(204);
      expect((await as(tokens.access_token).get('/api/folders')).statusCode).toBe(401);
      const refreshed = await flow().token({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: client.clientId,
      });
      expect(refreshed.statusCode).toBe(400);
      expect((await own.get('/api/oauth/connections')).json().items).toEqual([]);
      expect((await flow().code(client, user)).consented).toBe(true);
      expect((await own.delete(`/api/oauth/connections/${client.clientId}`)).statusCode).toBe(204);
      expect((await own.delete(`/api/oauth/connections/${client.clientId}`)).statusCode).toBe(404);
    });
  });
});
