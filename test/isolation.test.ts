import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentWeek, formatIsoWeek } from '../contracts/index.js';
import { type Client, type Method, clientFor, expectNotFound, snapshot } from './api.js';
import { signUp, useTestApp } from './app.js';
import { TEST_PASSWORD } from './credentials.js';

/**
 * Ids of user A's folder, link, snippet and one of A's signed-in sessions, a tag on A's link, and (ownLink,
 * ownFolder) one of the intruder B's own links and folders.
 */
interface Ids {
  folder: string;
  link: string;
  snippet: string;
  session: string;
  token: string;
  tag: string;
  ownLink: string;
  ownFolder: string;
}

/** The ISO week under way, which holds every link these tests save (GET /api/insights). */
const THIS_WEEK = formatIsoWeek(currentWeek(Date.now(), 'UTC'));

/** POST /api/links/bulk aimed at A's link among B's own: every action answers 404 and changes nothing. */
const BULK_BODIES: { action: string; fields?: (ids: Ids) => Record<string, unknown> }[] = [
  { action: 'move', fields: () => ({ folderId: null }) },
  { action: 'tag', fields: () => ({ tags: ['hijacked'] }) },
  { action: 'untag', fields: (i) => ({ tags: [i.tag] }) },
  { action: 'delete' },
  { action: 'state', fields: () => ({ state: 'archived' }) },
  { action: 'favorite', fields: () => ({ favorite: true }) },
  { action: 'enrich' },
];

/** Every route that takes an id, a folderId or a linkId, aimed by B at A's records. */
const MATRIX: { route: string; method: Method; url: (ids: Ids) => string; body?: (ids: Ids) => unknown }[] = [
  { route: 'GET /api/links/:id', method: 'GET', url: (i) => `/api/links/${i.link}` },
  {
    route: 'PATCH /api/links/:id',
    method: 'PATCH',
    url: (i) => `/api/links/${i.link}`,
    body: () => ({ title: 'Hijacked', url: 'https://evil.example/', folderId: null }),
  },
  { route: 'DELETE /api/links/:id', method: 'DELETE', url: (i) => `/api/links/${i.link}` },
  { route: 'POST /api/links/:id/enrich', method: 'POST', url: (i) => `/api/links/${i.link}/enrich` },
  {
    route: 'PATCH /api/folders/:id',
    method: 'PATCH',
    url: (i) => `/api/folders/${i.folder}`,
    body: () => ({ name: 'Hijacked', color: 'red' }),
  },
  { route: 'DELETE /api/folders/:id', method: 'DELETE', url: (i) => `/api/folders/${i.folder}` },
  { route: 'GET /api/folders/:id/public', method: 'GET', url: (i) => `/api/folders/${i.folder}/public` },
  { route: 'POST /api/folders/:id/public', method: 'POST', url: (i) => `/api/folders/${i.folder}/public` },
  {
    route: 'DELETE /api/folders/:id/public',
    method: 'DELETE',
    url: (i) => `/api/folders/${i.folder}/public`,
  },
  {
    route: 'PATCH /api/snippets/:id',
    method: 'PATCH',
    url: (i) => `/api/snippets/${i.snippet}`,
    body: () => ({ note: 'Hijacked' }),
  },
  { route: 'DELETE /api/snippets/:id', method: 'DELETE', url: (i) => `/api/snippets/${i.snippet}` },
  {
    route: 'POST /api/links with folderId',
    method: 'POST',
    url: () => '/api/links',
    body: (i) => ({ url: 'https://intruder.example/', folderId: i.folder }),
  },
  {
    route: 'PATCH /api/links/:id with folderId',
    method: 'PATCH',
    url: (i) => `/api/links/${i.ownLink}`,
    body: (i) => ({ folderId: i.folder }),
  },
  { route: 'GET /api/links?folderId=', method: 'GET', url: (i) => `/api/links?folderId=${i.folder}` },
  {
    route: 'POST /api/folders with parentId',
    method: 'POST',
    url: () => '/api/folders',
    body: (i) => ({ name: 'Inside', color: 'red', parentId: i.folder }),
  },
  {
    route: 'PATCH /api/folders/:id with parentId',
    method: 'PATCH',
    url: (i) => `/api/folders/${i.ownFolder}`,
    body: (i) => ({ parentId: i.folder }),
  },
  ...BULK_BODIES.map(({ action, fields }) => ({
    route: `POST /api/links/bulk ${action}`,
    method: 'POST' as const,
    url: () => '/api/links/bulk',
    body: (i: Ids) => ({ ids: [i.ownLink, i.link], action, ...fields?.(i) }),
  })),
  {
    route: 'POST /api/links/bulk move into their folder',
    method: 'POST',
    url: () => '/api/links/bulk',
    body: (i) => ({ ids: [i.ownLink], action: 'move', folderId: i.folder }),
  },
  {
    route: 'PATCH /api/tags/:name',
    method: 'PATCH',
    url: (i) => `/api/tags/${i.tag}`,
    body: () => ({ name: 'hijacked' }),
  },
  { route: 'DELETE /api/tags/:name', method: 'DELETE', url: (i) => `/api/tags/${i.tag}` },
  { route: 'DELETE /api/auth/sessions/:id', method: 'DELETE', url: (i) => `/api/auth/sessions/${i.session}` },
  { route: 'DELETE /api/tokens/:id', method: 'DELETE', url: (i) => `/api/tokens/${i.token}` },
  {
    route: 'POST /api/snippets with linkId',
    method: 'POST',
    url: () => '/api/snippets',
    body: (i) => ({ pageUrl: 'https://intruder.example/', selectedText: 'mine', linkId: i.link }),
  },
];

describe("another user's ids", () => {
  const ctx = useTestApp();
  let owner: Client;
  let intruder: Client;
  const ids = {} as Ids;
  /** A's view of their own data through the API. */
  let ownerView: () => Promise<unknown>;

  const ownerEmail = `owner-${randomUUID()}@example.com`;
  let signIns = 0;
  /**
   * Another signed-in session of A's (a sign-in from elsewhere), by its id. Each comes from an address of
   * its own: the matrix signs in more often than one address may in 15 minutes (LOGIN_ATTEMPTS_PER_ADDRESS).
   */
  async function ownerSession(): Promise<string> {
    signIns += 1;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ownerEmail, password: TEST_PASSWORD },
      remoteAddress: `10.77.${Math.floor(signIns / 250)}.${signIns % 250}`,
    });
    const { access_token } = res.json<{ access_token: string }>();
    const sessions = (await clientFor(ctx.app, { access_token }).get('/api/auth/sessions')).json();
    return (sessions.items as { id: string; current: boolean }[]).find((s) => s.current)?.id as string;
  }

  const ownerToken = async (): Promise<string> =>
    (await owner.post('/api/tokens', { name: 'Script', scopes: ['read'] })).json().id;

  beforeAll(async () => {
    owner = clientFor(ctx.app, await signUp(ctx.app, { email: ownerEmail }));
    ids.session = await ownerSession();
    ids.token = await ownerToken();
    intruder = clientFor(ctx.app, await signUp(ctx.app));
    ids.folder = (await owner.folder({ name: 'Secret folder' })).id;
    ids.link = (
      await owner.link({ url: 'https://secret.example/page', title: 'Secret link', folderId: ids.folder })
    ).id;
    ids.snippet = (
      await owner.snippet({
        pageUrl: 'https://secret.example/page',
        selectedText: 'Secret text',
        note: 'Secret',
      })
    ).id;
    await owner.snippet({ pageUrl: 'https://secret.example/unsaved', selectedText: 'Secret orphan' });
    ids.tag = 'secret-tag';
    await owner.patch(`/api/links/${ids.link}`, { tags: [ids.tag] });
    ids.ownLink = (await intruder.link({ url: 'https://intruder.example/own' })).id;
    ids.ownFolder = (await intruder.folder({ name: 'Own folder' })).id;

    ownerView = async () =>
      Promise.all(
        [
          '/api/folders',
          '/api/links',
          '/api/snippets',
          '/api/stats',
          '/api/tags',
          `/api/insights?week=${THIS_WEEK}`,
          `/api/links/${ids.link}`,
        ].map(async (url) => (await owner.get(url)).json()),
      );
  });

  /** A fresh set of A's records, for the calls that show each route does work for its owner. */
  async function ownerRecords(): Promise<Ids> {
    const folder = (await owner.folder({ name: 'Control' })).id;
    const link = (await owner.link({ folderId: folder })).id;
    const snippet = (await owner.snippet({ pageUrl: 'https://control.example/quote' })).id;
    const ownLink = (await owner.link()).id;
    const ownFolder = (await owner.folder({ name: 'Own control' })).id;
    const tag = `control-${randomUUID()}`;
    await owner.patch(`/api/links/${link}`, { tags: [tag] });
    const [session, token] = [await ownerSession(), await ownerToken()];
    return { folder, link, snippet, session, token, tag, ownLink, ownFolder };
  }

  describe.each(MATRIX)('$route', ({ method, url, body }) => {
    it("answers 404 not_found for A's id and changes nothing", async () => {
      const [before, ownerBefore] = [await snapshot(ctx.database), await ownerView()];
      const res = await intruder.send(method, url(ids), body?.(ids));
      expectNotFound(res);
      expect(await snapshot(ctx.database)).toEqual(before);
      expect(await ownerView()).toEqual(ownerBefore);
    });

    it('answers exactly as for an id that does not exist', async () => {
      const unknown: Ids = {
        folder: randomUUID(),
        link: randomUUID(),
        snippet: randomUUID(),
        session: randomUUID(),
        token: randomUUID(),
        tag: `nobody-${randomUUID()}`,
        ownLink: ids.ownLink,
        ownFolder: ids.ownFolder,
      };
      const forTheirs = await intruder.send(method, url(ids), body?.(ids));
      const forNobody = await intruder.send(method, url(unknown), body?.(unknown));
      expect(forTheirs.statusCode).toBe(forNobody.statusCode);
      expect(forTheirs.json()).toEqual(forNobody.json());
    });

    it('works for the owner of the ids', async () => {
      const mine = await ownerRecords();
      const res = await owner.send(method, url(mine), body?.(mine));
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(300);
    });
  });

  describe("B's lists, search and stats never include A's data", () => {
    it.each([
      { url: '/api/links', expected: { items: [{ id: 'own' }], nextCursor: null } },
      { url: '/api/links?q=secret', expected: { items: [], nextCursor: null } },
      {
        url: '/api/links?url=https%3A%2F%2Fsecret.example%2Fpage',
        expected: { items: [], nextCursor: null },
      },
      { url: '/api/links?folderId=uncategorized', expected: { items: [{ id: 'own' }], nextCursor: null } },
      { url: '/api/folders', expected: { items: [{ name: 'Own folder' }] } },
      { url: '/api/links?tag=secret-tag', expected: { items: [], nextCursor: null } },
      { url: '/api/tags', expected: { items: [] } },
      { url: '/api/snippets', expected: { items: [], nextCursor: null } },
      { url: '/api/search?q=secret', expected: { folders: [], links: [], snippets: [] } },
      { url: '/api/search?q=se', expected: { folders: [], links: [], snippets: [] } },
      { url: '/api/search?q=secret&scope=folders', expected: { folders: [], links: [], snippets: [] } },
      { url: '/api/stats', expected: { links: 1, uncategorized: 1, snippets: 0, folders: { own: 0 } } },
      {
        url: `/api/insights?week=${THIS_WEEK}`,
        expected: {
          week: THIS_WEEK,
          saved: 1,
          byFolder: [{ folderId: null, name: 'Uncategorized', count: 1 }],
          byPlatform: [{ platform: 'generic', count: 1 }],
          topTags: [],
          newTags: [],
          read: 0,
          rediscover: [],
          digest: [{ linkId: 'own' }],
        },
      },
    ])('$url', async ({ url, expected }) => {
      const res = await intruder.get(url);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      if ('items' in body && url.startsWith('/api/links')) {
        body.items = body.items.map((l: { id: string }) => ({ id: l.id === ids.ownLink ? 'own' : l.id }));
      }
      if (url === '/api/folders') body.items = body.items.map((f: { name: string }) => ({ name: f.name }));
      if (url === '/api/stats') {
        body.folders = Object.fromEntries(
          Object.entries(body.folders).map(([id, n]) => [id === ids.ownFolder ? 'own' : id, n]),
        );
      }
      if (url.startsWith('/api/insights')) {
        expect(body.byDay.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(1);
        delete body.byDay;
        body.digest = body.digest.map((l: { linkId: string }) => ({
          linkId: l.linkId === ids.ownLink ? 'own' : l.linkId,
        }));
      }
      expect(body).toEqual(expected);
    });

    it("lists nothing for A's link as B's snippet filter", async () => {
      const res = await intruder.get(`/api/snippets?linkId=${ids.link}`);
      expect(res.json()).toEqual({ items: [], nextCursor: null });
    });
  });

  describe('attaching snippets across users', () => {
    it("never attaches B's snippet to A's link of the same page", async () => {
      const snippet = await intruder.snippet({ pageUrl: 'https://secret.example/page', selectedText: 'B' });
      expect(snippet.linkId).toBeNull();
      expect((await owner.get(`/api/links/${ids.link}`)).json().snippetCount).toBe(1);
      await intruder.delete(`/api/snippets/${snippet.id}`);
    });

    it("never attaches A's earlier snippets to B's new link of the same page", async () => {
      const link = await intruder.link({ url: 'https://secret.example/unsaved' });
      expect(link.snippetCount).toBe(0);
      const orphan = (await owner.get('/api/snippets'))
        .json()
        .items.find((s: { selectedText: string }) => s.selectedText === 'Secret orphan');
      expect(orphan.linkId).toBeNull();
      await intruder.delete(`/api/links/${link.id}`);
    });
  });

  // API.md: a personal token's read scope is the library's GETs; its changes need write.
  describe("a read token, on every route that changes A's library", () => {
    it.each(
      MATRIX.filter(
        (entry) =>
          entry.method !== 'GET' &&
          !entry.route.includes('/api/auth/') &&
          !entry.route.includes('/api/tokens/'),
      ),
    )('$route answers 403 insufficient_scope and changes nothing', async ({ method, url, body }) => {
      const mine = await ownerRecords();
      const token = (await owner.post('/api/tokens', { name: 'Reader', scopes: ['read'] })).json().token;
      const reader = clientFor(ctx.app, { access_token: token });
      const before = await snapshot(ctx.database);
      const res = await reader.send(method, url(mine), body?.(mine));
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('insufficient_scope');
      expect(await snapshot(ctx.database)).toEqual(before);
    });
  });
});

/** Issue 18: the boundaries between roles, and between an admin's one-time links and their second use. */
describe('roles and one-time links', () => {
  const ctx = useTestApp();
  let admin: Client;
  let user: Client;
  let userId: string;
  const userEmail = `user-${randomUUID()}@example.com`;

  const ADMIN_ROUTES: { route: string; method: Method; url: (id: string) => string; body?: unknown }[] = [
    { route: 'GET /api/admin/users', method: 'GET', url: () => '/api/admin/users' },
    {
      route: 'PATCH /api/admin/users/:id',
      method: 'PATCH',
      url: (id) => `/api/admin/users/${id}`,
      body: { role: 'admin' },
    },
    { route: 'DELETE /api/admin/users/:id', method: 'DELETE', url: (id) => `/api/admin/users/${id}` },
    { route: 'POST /api/admin/invites', method: 'POST', url: () => '/api/admin/invites' },
    {
      route: 'POST /api/admin/users/:id/password-reset',
      method: 'POST',
      url: (id) => `/api/admin/users/${id}/password-reset`,
    },
    { route: 'GET /api/admin/settings', method: 'GET', url: () => '/api/admin/settings' },
    {
      route: 'PATCH /api/admin/settings',
      method: 'PATCH',
      url: () => '/api/admin/settings',
      body: { signups: 'open' },
    },
  ];

  beforeAll(async () => {
    const first = await signUp(ctx.app);
    expect(first.user.role).toBe('admin');
    admin = clientFor(ctx.app, first);
    const second = await signUp(ctx.app, { email: userEmail });
    expect(second.user.role).toBe('user');
    user = clientFor(ctx.app, second);
    userId = second.user.id;
  });

  const signUpWith = (invite?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      payload: { email: `invited-${randomUUID()}@example.com`, password: TEST_PASSWORD, invite },
    });

  it.each(ADMIN_ROUTES)(
    "$route answers 403 to a user's session and changes nothing",
    async ({ method, url, body }) => {
      const before = await snapshot(ctx.database);
      const res = await user.send(method, url(userId), body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toEqual({ code: 'forbidden', message: 'Only an admin can do this' });
      expect(await snapshot(ctx.database)).toEqual(before);
    },
  );

  it.each(ADMIN_ROUTES)(
    "$route answers 403 to an admin's read+write personal token",
    async ({ method, url, body }) => {
      const token = (
        await admin.post('/api/tokens', { name: 'Admin script', scopes: ['read', 'write'] })
      ).json().token;
      const res = await clientFor(ctx.app, { access_token: token }).send(method, url(userId), body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('insufficient_scope');
    },
  );

  it("refuses a disabled user's session, refresh token, personal token and password at once; enabling gives the token back", async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: userEmail, password: TEST_PASSWORD },
    });
    const { access_token, refresh_token } = login.json<{ access_token: string; refresh_token: string }>();
    const token = (await user.post('/api/tokens', { name: 'Script', scopes: ['read', 'write'] })).json()
      .token;
    const script = clientFor(ctx.app, { access_token: token });
    expect((await script.get('/api/links')).statusCode).toBe(200);

    const disabled = await admin.patch(`/api/admin/users/${userId}`, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().disabled).toBe(true);

    expect((await clientFor(ctx.app, { access_token }).get('/api/links')).statusCode).toBe(401);
    expect((await script.get('/api/links')).statusCode).toBe(401);
    expect((await script.post('/api/links', { url: 'https://disabled.example/' })).statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: userEmail, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe('This account has been disabled by an administrator');

    await admin.patch(`/api/admin/users/${userId}`, { disabled: false });
    expect((await script.get('/api/links')).statusCode).toBe(200);
    // Disabling ended its sessions for good: the person signs in again.
    expect((await clientFor(ctx.app, { access_token }).get('/api/links')).statusCode).toBe(401);
    user = clientFor(
      ctx.app,
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: userEmail, password: TEST_PASSWORD },
        })
      ).json(),
    );
  });

  it('lets an invite in once, and nobody without one while sign-ups are by invite', async () => {
    expect((await admin.patch('/api/admin/settings', { signups: 'invite' })).json().signups).toBe('invite');
    const refused = await signUpWith();
    expect(refused.statusCode).toBe(403);
    const { url, expiresAt } = (await admin.post('/api/admin/invites')).json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/invite#lvl_[\w-]{43}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);
    const invite = url.split('#')[1];
    const welcomed = await signUpWith(invite);
    expect(welcomed.statusCode, welcomed.body).toBe(201);
    expect(welcomed.json().user.role).toBe('user');
    const twice = await signUpWith(invite);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details).toEqual([
      { field: 'invite', message: 'This invite link has already been used or has expired' },
    ]);
    await admin.patch('/api/admin/settings', { signups: 'open' });
  });

  it('refuses an expired invite, and any invite while sign-ups are closed', async () => {
    await admin.patch('/api/admin/settings', { signups: 'invite' });
    const expired = (await admin.post('/api/admin/invites')).json().url.split('#')[1];
    await ctx.database.db
      .updateTable('one_time_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'invite')
      .where('used_at', 'is', null)
      .execute();
    expect((await signUpWith(expired)).statusCode).toBe(400);
    const fresh = (await admin.post('/api/admin/invites')).json().url.split('#')[1];
    await admin.patch('/api/admin/settings', { signups: 'closed' });
    const closed = await signUpWith(fresh);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.message).toBe('Sign-ups are closed on this server');
    expect((await admin.post('/api/admin/invites')).statusCode).toBe(409);
    await admin.patch('/api/admin/settings', { signups: 'open' });
  });

  it('lets a reset link set the password once, ending every session; an expired one sets nothing', async () => {
    const reset = await admin.post(`/api/admin/users/${userId}/password-reset`);
    expect(reset.statusCode, reset.body).toBe(201);
    const { url } = reset.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/reset#lvl_[\w-]{43}$/);
    const token = url.split('#')[1];
    const use = (newPassword: string, secret = token) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token: secret, newPassword },
      });
    expect((await use('a brand new password')).statusCode).toBe(204);
    expect((await user.get('/api/links')).statusCode).toBe(401);
    const second = await use('another new password');
    expect(second.statusCode).toBe(400);
    expect(second.json().error.details[0].field).toBe('token');
    const signIn = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: userEmail, password } });
    expect((await signIn('another new password')).statusCode).toBe(401);
    expect((await signIn('a brand new password')).statusCode).toBe(200);

    const late = (await admin.post(`/api/admin/users/${userId}/password-reset`)).json().url.split('#')[1];
    await ctx.database.db
      .updateTable('one_time_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'reset')
      .where('used_at', 'is', null)
      .execute();
    expect((await use('too late password', late)).statusCode).toBe(400);
    expect((await signIn('too late password')).statusCode).toBe(401);
  });
});
