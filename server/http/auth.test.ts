import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type Client, type Method, clientFor, expectUnauthenticated, snapshot } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';

interface Ids {
  folder: string;
  link: string;
  snippet: string;
}

/** Every data route of API.md with a valid body, so that only the missing session can be wrong. */
const DATA_ROUTES: { method: Method; url: (ids: Ids) => string; body?: (ids: Ids) => unknown }[] = [
  { method: 'GET', url: () => '/api/auth/user' },
  { method: 'GET', url: () => '/api/folders' },
  { method: 'POST', url: () => '/api/folders', body: () => ({ name: 'New', color: 'red' }) },
  { method: 'PATCH', url: (ids) => `/api/folders/${ids.folder}`, body: () => ({ name: 'Renamed' }) },
  { method: 'DELETE', url: (ids) => `/api/folders/${ids.folder}` },
  { method: 'GET', url: () => '/api/links' },
  { method: 'GET', url: (ids) => `/api/links?folderId=${ids.folder}` },
  { method: 'POST', url: () => '/api/links', body: () => ({ url: 'https://example.org/' }) },
  { method: 'GET', url: (ids) => `/api/links/${ids.link}` },
  { method: 'PATCH', url: (ids) => `/api/links/${ids.link}`, body: () => ({ title: 'Renamed' }) },
  { method: 'DELETE', url: (ids) => `/api/links/${ids.link}` },
  { method: 'POST', url: (ids) => `/api/links/${ids.link}/enrich` },
  { method: 'GET', url: () => '/api/snippets' },
  {
    method: 'POST',
    url: () => '/api/snippets',
    body: () => ({ pageUrl: 'https://example.org/', selectedText: 'text' }),
  },
  { method: 'PATCH', url: (ids) => `/api/snippets/${ids.snippet}`, body: () => ({ note: 'note' }) },
  { method: 'DELETE', url: (ids) => `/api/snippets/${ids.snippet}` },
  { method: 'GET', url: () => '/api/search?q=example' },
  { method: 'GET', url: () => '/api/stats' },
];

const BAD_CREDENTIALS: { case: string; authorization?: string }[] = [
  { case: 'no Authorization header' },
  { case: 'a garbage bearer token', authorization: 'Bearer lva_this-is-not-a-token' },
  { case: 'an empty bearer token', authorization: 'Bearer ' },
  { case: 'a token without a scheme', authorization: 'lva_this-is-not-a-token' },
  { case: 'the Basic scheme', authorization: 'Basic dXNlcjpwYXNz' },
  { case: 'two tokens', authorization: 'Bearer one two' },
];

describe('authentication on every data route', () => {
  const ctx = useTestApp();
  const ids = {} as Ids;
  let owner: Client;

  beforeAll(async () => {
    const session = await signUp(ctx.app);
    owner = clientFor(ctx.app, session);
    ids.folder = (await owner.folder()).id;
    ids.link = (await owner.link({ folderId: ids.folder })).id;
    ids.snippet = (await owner.snippet()).id;
  });

  describe.each(BAD_CREDENTIALS)('with $case', ({ authorization }) => {
    it.each(
      DATA_ROUTES.map((r) => ({
        ...r,
        name: `${r.method} ${r.url({ folder: ':id', link: ':id', snippet: ':id' })}`,
      })),
    )('$name answers 401 User not authenticated and changes nothing', async ({ method, url, body }) => {
      const before = await snapshot(ctx.database);
      const res = await ctx.app.inject({
        method,
        url: url(ids),
        ...(body && { payload: body(ids) as Record<string, unknown> }),
        headers: authorization === undefined ? {} : { authorization },
      });
      expectUnauthenticated(res);
      expect(await snapshot(ctx.database)).toEqual(before);
    });
  });

  it('checks the session before the body: an anonymous invalid body still gets 401', async () => {
    const anonymous = clientFor(ctx.app, null);
    expectUnauthenticated(await anonymous.post('/api/folders', { color: 'not-a-colour' }));
    expectUnauthenticated(
      await anonymous.send('POST', '/api/links', '{"url": ', {
        headers: { 'content-type': 'application/json' },
      }),
    );
    expectUnauthenticated(await anonymous.get('/api/links?limit=0'));
  });

  it('accepts the scheme name in any case', async () => {
    const session = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `bearer ${session.access_token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('looks up the tokens of requests that arrive together in one query, each as its own user', async () => {
    const sessions = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUp(ctx.app)]);
    const loggedOut = await signUp(ctx.app);
    expect((await clientFor(ctx.app, loggedOut).post('/api/auth/logout')).statusCode).toBe(204);
    const tokens = [
      ...sessions.map((s) => s.access_token),
      'lva_not-a-token',
      loggedOut.access_token,
      sessions[0]?.access_token,
    ];
    const lookups = vi.spyOn(AccountsRepository.prototype, 'findAccessTokens');
    const answers = await Promise.all(
      tokens.map((token) =>
        ctx.app.inject({
          method: 'GET',
          url: '/api/auth/user',
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    const hashesLookedUp = lookups.mock.calls.map(([hashes]) => hashes.length);
    lookups.mockRestore();
    expect(hashesLookedUp).toEqual([5]); // one query, the repeated token in it once
    const emails = answers.map((res) =>
      res.statusCode === 200 ? res.json<{ email: string }>().email : null,
    );
    const own = sessions.map((s) => s.user.email);
    expect(emails).toEqual([...own, null, null, own[0]]);
    for (const refused of answers.slice(3, 5)) expectUnauthenticated(refused);
  });

  it('refuses a token that was revoked by logout on every data route', async () => {
    const session = await signUp(ctx.app);
    const revoked = clientFor(ctx.app, session);
    expect((await revoked.post('/api/auth/logout')).statusCode).toBe(204);
    for (const route of DATA_ROUTES) {
      const res = await revoked.send(route.method, route.url(ids), route.body?.(ids));
      expectUnauthenticated(res);
    }
  });
});
