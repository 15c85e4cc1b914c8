import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ApiToken, CreatedApiToken } from '../../contracts/index.js';
import { type Client, clientFor, expectError } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { TEST_PASSWORD } from '../../test/credentials.js';

describe('personal API tokens (API.md "Accounts, tokens and administration")', () => {
  const ctx = useTestApp();

  async function person() {
    const session = await signUp(ctx.app);
    return { me: clientFor(ctx.app, session), userId: session.user.id };
  }

  async function token(me: Client, body: Record<string, unknown>): Promise<CreatedApiToken> {
    const res = await me.post('/api/tokens', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedApiToken>();
  }

  const bearer = (created: CreatedApiToken) => clientFor(ctx.app, { access_token: created.token });

  it('shows the secret once, keeps only its hash, and lists the token without it', async () => {
    const { me } = await person();
    const created = await token(me, { name: 'Backup script', scopes: ['read'], expiresInDays: 30 });
    expect(created.token).toMatch(/^lvp_[\w-]{43}$/);
    expect(created).toMatchObject({ name: 'Backup script', scopes: ['read'], lastUsedAt: null });
    const days = (Date.parse(created.expiresAt ?? '') - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);

    const listed = (await me.get('/api/tokens')).json<{ items: ApiToken[] }>().items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('token');
    expect({ ...listed[0], token: created.token }).toEqual(created);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    const { rows } = await sql<{ n: number | string }>`
      SELECT count(*) AS n FROM api_tokens WHERE token_hash = ${created.token}
    `.execute(ctx.database.db);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('reads the library with "read", and changes nothing', async () => {
    const { me } = await person();
    const link = await me.link({ title: 'A saved page' });
    await me.snippet({ selectedText: 'A quoted line' });
    const reader = bearer(await token(me, { name: 'Reader', scopes: ['read'] }));
    for (const url of [
      '/api/links',
      `/api/links/${link.id}`,
      '/api/folders',
      '/api/snippets',
      '/api/stats',
      '/api/tags',
    ]) {
      expect((await reader.get(url)).statusCode, url).toBe(200);
    }
    const found = (await reader.get('/api/search?q=quoted')).json();
    expect(found.snippets).toHaveLength(1);
    expect((await reader.get('/api/export?format=json')).statusCode).toBe(200);

    for (const [method, url, body] of [
      ['POST', '/api/links', { url: 'https://new.example/' }],
      ['PATCH', `/api/links/${link.id}`, { title: 'Changed' }],
      ['DELETE', `/api/links/${link.id}`, undefined],
      ['POST', '/api/links/bulk', { ids: [link.id], action: 'delete' }],
      ['POST', '/api/folders', { name: 'New', color: 'blue' }],
      ['POST', '/api/snippets', { pageUrl: 'https://a.example/', selectedText: 'x' }],
    ] as const) {
      expectError(await reader.send(method, url, body), 403, 'insufficient_scope');
    }
    expect((await me.get(`/api/links/${link.id}`)).json().title).toBe('A saved page');
  });

  it('changes the library with "read" and "write"', async () => {
    const { me } = await person();
    const writer = bearer(await token(me, { name: 'Saver', scopes: ['read', 'write'] }));
    const saved = await writer.post('/api/links', { url: 'https://saved-by-script.example/' });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().id;
    expect((await writer.patch(`/api/links/${id}`, { title: 'Renamed by script' })).statusCode).toBe(200);
    expect(
      (await writer.post('/api/links/bulk', { ids: [id], action: 'favorite', favorite: true })).statusCode,
    ).toBe(200);
    expect((await me.get(`/api/links/${id}`)).json()).toMatchObject({
      title: 'Renamed by script',
      favorite: true,
    });
    expect((await writer.delete(`/api/links/${id}`)).statusCode).toBe(204);
  });

  it('never reaches account, token or admin routes, whatever its scopes', async () => {
    const { me } = await person();
    const writer = bearer(await token(me, { name: 'Everything', scopes: ['read', 'write'] }));
    for (const [method, url, body] of [
      ['GET', '/api/auth/user', undefined],
      ['PATCH', '/api/auth/user', { name: 'Taken over' }],
      ['POST', '/api/auth/password', { currentPassword: TEST_PASSWORD, newPassword: 'taken over now' }],
      ['DELETE', '/api/auth/user', { password: TEST_PASSWORD }],
      ['GET', '/api/auth/sessions', undefined],
      ['GET', '/api/tokens', undefined],
      ['POST', '/api/tokens', { name: 'Another', scopes: ['read', 'write'] }],
      ['GET', '/api/oauth/connections', undefined],
    ] as const) {
      expectError(await writer.send(method, url, body), 403, 'insufficient_scope');
    }
    expect((await me.get('/api/tokens')).json().items).toHaveLength(1);
  });

  it('keeps when it was last used, and stops working once revoked', async () => {
    const { me } = await person();
    const created = await token(me, { name: 'Cron', scopes: ['read'] });
    expect((await bearer(created).get('/api/links')).statusCode).toBe(200);
    const [listed] = (await me.get('/api/tokens')).json<{ items: ApiToken[] }>().items;
    expect(Date.parse(listed?.lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    expect((await me.delete(`/api/tokens/${created.id}`)).statusCode).toBe(204);
    expectError(await bearer(created).get('/api/links'), 401, 'unauthenticated');
    expectError(await me.delete(`/api/tokens/${created.id}`), 404, 'not_found');
    expect((await me.get('/api/tokens')).json().items).toEqual([]);
  });

  it('stops working once expired', async () => {
    const { me } = await person();
    const created = await token(me, { name: 'Short-lived', scopes: ['read'], expiresInDays: 1 });
    await ctx.database.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', created.id)
      .execute();
    expectError(await bearer(created).get('/api/links'), 401, 'unauthenticated');
  });

  it("cannot list or revoke another person's tokens", async () => {
    const { me } = await person();
    const other = await person();
    const theirs = await token(other.me, { name: 'Theirs', scopes: ['read'] });
    expect((await me.get('/api/tokens')).json().items).toEqual([]);
    expectError(await me.delete(`/api/tokens/${theirs.id}`), 404, 'not_found');
    expect((await bearer(theirs).get('/api/links')).statusCode).toBe(200);
    // Their token reads their library, never this person's.
    await me.link({ title: 'Mine only' });
    expect((await bearer(theirs).get('/api/links')).json().items).toEqual([]);
  });

  it.each([
    { body: { name: 'x', scopes: ['write'] }, why: 'write without read' },
    { body: { name: 'x', scopes: [] }, why: 'no scope' },
    { body: { name: 'x', scopes: ['read', 'read'] }, why: 'a scope twice' },
    { body: { name: 'x', scopes: ['admin'] }, why: 'an unknown scope' },
    { body: { name: '  ', scopes: ['read'] }, why: 'a blank name' },
    { body: { name: 'x', scopes: ['read'], expiresInDays: 0 }, why: 'an expiry in the past' },
    { body: { name: 'x', scopes: ['read'], expiresInDays: 1.5 }, why: 'part of a day' },
  ])('answers 400 to $why and makes nothing', async ({ body }) => {
    const { me } = await person();
    expectError(await me.post('/api/tokens', body), 400, 'validation_failed');
    expect((await me.get('/api/tokens')).json().items).toEqual([]);
  });
});
