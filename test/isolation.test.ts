import { randomUUID } from 'node:crypto';
import type { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Folder, type Link, currentWeek, formatIsoWeek } from '../contracts/index.js';
import { type Client, type Method, clientFor, expectError, expectNotFound, snapshot } from './api.js';
import { signUp, useTestApp } from './app.js';
import { TEST_PASSWORD } from './credentials.js';
import { useListeningApp } from './listening-app.js';
import { callTool, connectMcp, toolError } from './mcp-client.js';

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
  { action: 'dismiss' },
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
  {
    route: 'DELETE /api/links/:id/suggestion',
    method: 'DELETE',
    url: (i) => `/api/links/${i.link}/suggestion`,
  },
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
          unread: 1,
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

/**
 * Issue 19, shared folders: every route and MCP tool, for the owner of a shared folder, an editor and a
 * viewer of it, someone it is not shared with and someone it was shared with until they were removed.
 * Each gets exactly what their role gives (API.md "Sharing and insights"), and a refusal changes nothing.
 */
describe('shared folders: owner, editor, viewer, non-member and removed member', () => {
  const ctx = useListeningApp();
  const ROLES = ['owner', 'editor', 'viewer', 'outsider', 'removed'] as const;
  type Role = (typeof ROLES)[number];
  /** Beside the roles: a viewer whose share the matrix changes, and someone to share with. */
  const OTHERS = ['member', 'newcomer'] as const;
  const people = {} as Record<
    Role | (typeof OTHERS)[number],
    { api: Client; id: string; email: string; token: string }
  >;

  /** A folder of the owner's shared with the editor and the viewer (and the removed member, until removed). */
  interface Shared {
    folder: string;
    link: string;
    tag: string;
    /** The acting person's own link (uncategorized) and own folder, to move into the shared one. */
    ownLink: string;
    ownFolder: string;
    self: string;
    /** In the link's title, and in no other setup's. */
    word: string;
  }

  async function sharedFolder(actor: Role): Promise<Shared> {
    const owner = people.owner.api;
    const word = `quokka${randomUUID().slice(0, 8)}`;
    const folder = (await owner.folder({ name: `Shared ${word}` })).id;
    const link = (await owner.link({ title: `Shared link ${word}`, folderId: folder })).id;
    const tag = `shared-${randomUUID().slice(0, 8)}`;
    await owner.patch(`/api/links/${link}`, { tags: [tag] });
    await owner.snippet({
      pageUrl: 'https://example.com/owner-page',
      selectedText: 'Owner only',
      linkId: link,
    });
    for (const [role, as] of [
      ['editor', 'editor'],
      ['viewer', 'viewer'],
      ['removed', 'editor'],
      ['member', 'viewer'],
    ] as const) {
      const res = await owner.post(`/api/folders/${folder}/members`, { email: people[role].email, role: as });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await owner.delete(`/api/folders/${folder}/members/${people.removed.id}`)).statusCode).toBe(204);
    const ownLink = (await people[actor].api.link()).id;
    const ownFolder = (await people[actor].api.folder({ name: 'Own' })).id;
    return { folder, link, tag, ownLink, ownFolder, self: people[actor].id, word };
  }

  /** What a role gets: a 2xx, 403 forbidden, 404 not_found, or a 404 that says the link has no such part. */
  type Outcome = 'ok' | 403 | 404 | { missing: string };
  const by = (...outcomes: Outcome[]) =>
    Object.fromEntries(ROLES.map((role, i) => [role, outcomes[i]])) as Record<Role, Outcome>;
  const READ = by('ok', 'ok', 'ok', 404, 404);
  const WRITE = by('ok', 'ok', 403, 404, 404);
  const OWN = by('ok', 403, 403, 404, 404);
  const OWNER_ALONE = by('ok', 404, 404, 404, 404);
  const readMissing = (missing: string) => by({ missing }, { missing }, { missing }, 404, 404);
  const NOT_FETCHED = 'No copy of this page is kept yet: it has not been fetched successfully';

  const CASES: {
    route: string;
    method: Method;
    url: (s: Shared) => string;
    body?: (s: Shared) => unknown;
    expected: Record<Role, Outcome>;
  }[] = [
    {
      route: 'GET /api/links?folderId=',
      method: 'GET',
      url: (s) => `/api/links?folderId=${s.folder}`,
      expected: READ,
    },
    { route: 'GET /api/links/:id', method: 'GET', url: (s) => `/api/links/${s.link}`, expected: READ },
    {
      route: 'GET /api/links/:id/content',
      method: 'GET',
      url: (s) => `/api/links/${s.link}/content`,
      expected: readMissing(NOT_FETCHED),
    },
    {
      route: 'GET /api/links/:id/archive',
      method: 'GET',
      url: (s) => `/api/links/${s.link}/archive`,
      expected: readMissing(NOT_FETCHED),
    },
    {
      route: 'GET /api/links/:id/preview',
      method: 'GET',
      url: (s) => `/api/links/${s.link}/preview?w=320`,
      expected: readMissing('This link has no preview image'),
    },
    {
      route: 'PATCH /api/links/:id fields',
      method: 'PATCH',
      url: (s) => `/api/links/${s.link}`,
      body: () => ({
        title: 'Changed',
        description: 'Changed',
        url: 'https://example.com/changed',
        tags: ['x'],
      }),
      expected: WRITE,
    },
    {
      route: 'PATCH /api/links/:id reading marks',
      method: 'PATCH',
      url: (s) => `/api/links/${s.link}`,
      body: () => ({ state: 'read', favorite: true, readingProgress: 0.5 }),
      expected: WRITE,
    },
    {
      route: 'PATCH /api/links/:id out to Uncategorized',
      method: 'PATCH',
      url: (s) => `/api/links/${s.link}`,
      body: () => ({ folderId: null }),
      expected: WRITE,
    },
    {
      route: 'PATCH /api/links/:id out to an own folder',
      method: 'PATCH',
      url: (s) => `/api/links/${s.link}`,
      body: (s) => ({ folderId: s.ownFolder }),
      expected: WRITE,
    },
    {
      route: 'PATCH /api/links/:id own link in',
      method: 'PATCH',
      url: (s) => `/api/links/${s.ownLink}`,
      body: (s) => ({ folderId: s.folder }),
      expected: WRITE,
    },
    { route: 'DELETE /api/links/:id', method: 'DELETE', url: (s) => `/api/links/${s.link}`, expected: WRITE },
    {
      route: 'POST /api/links/:id/enrich',
      method: 'POST',
      url: (s) => `/api/links/${s.link}/enrich`,
      expected: WRITE,
    },
    {
      route: 'POST /api/links into it',
      method: 'POST',
      url: () => '/api/links',
      body: (s) => ({ url: `https://example.com/${randomUUID()}`, folderId: s.folder }),
      expected: WRITE,
    },
    ...BULK_BODIES.map(({ action, fields }) => ({
      route: `POST /api/links/bulk ${action}`,
      method: 'POST' as const,
      url: () => '/api/links/bulk',
      body: (s: Shared) => ({
        ids: [s.link],
        action,
        ...fields?.({ tag: s.tag } as Ids),
      }),
      expected: WRITE,
    })),
    {
      route: 'POST /api/links/bulk move own link in',
      method: 'POST',
      url: () => '/api/links/bulk',
      body: (s) => ({ ids: [s.ownLink], action: 'move', folderId: s.folder }),
      expected: WRITE,
    },
    {
      route: 'PATCH /api/folders/:id',
      method: 'PATCH',
      url: (s) => `/api/folders/${s.folder}`,
      body: () => ({ name: 'Renamed', color: 'red' }),
      expected: OWN,
    },
    {
      route: 'DELETE /api/folders/:id',
      method: 'DELETE',
      url: (s) => `/api/folders/${s.folder}`,
      expected: OWN,
    },
    {
      route: 'POST /api/folders inside it',
      method: 'POST',
      url: () => '/api/folders',
      body: (s) => ({ name: 'Inside', color: 'red', parentId: s.folder }),
      expected: OWN,
    },
    {
      route: 'PATCH /api/folders/:id own folder into it',
      method: 'PATCH',
      url: (s) => `/api/folders/${s.ownFolder}`,
      body: (s) => ({ parentId: s.folder }),
      expected: OWN,
    },
    {
      route: 'GET /api/folders/:id/members',
      method: 'GET',
      url: (s) => `/api/folders/${s.folder}/members`,
      expected: READ,
    },
    {
      route: 'POST /api/folders/:id/members',
      method: 'POST',
      url: (s) => `/api/folders/${s.folder}/members`,
      body: () => ({ email: people.newcomer.email, role: 'editor' }),
      expected: OWN,
    },
    {
      route: 'PATCH /api/folders/:id/members/:userId',
      method: 'PATCH',
      url: (s) => `/api/folders/${s.folder}/members/${people.member.id}`,
      body: () => ({ role: 'editor' }),
      expected: OWN,
    },
    {
      route: 'DELETE /api/folders/:id/members/:userId',
      method: 'DELETE',
      url: (s) => `/api/folders/${s.folder}/members/${people.member.id}`,
      expected: OWN,
    },
    {
      route: 'DELETE /api/folders/:id/members/:userId leaving',
      method: 'DELETE',
      url: (s) => `/api/folders/${s.folder}/members/${s.self}`,
      // The owner is no member of their own folder: there is no share of theirs to end.
      expected: by(404, 'ok', 'ok', 404, 404),
    },
    // Publishing is sharing with anyone: the owner's alone, and the folder stays unseen by everyone else.
    ...(['GET', 'POST', 'DELETE'] as const).map((method) => ({
      route: `${method} /api/folders/:id/public`,
      method,
      url: (s: Shared) => `/api/folders/${s.folder}/public`,
      expected: OWNER_ALONE,
    })),
    {
      route: 'DELETE /api/links/:id/suggestion',
      method: 'DELETE',
      url: (s) => `/api/links/${s.link}/suggestion`,
      // A folder suggestion is its person's guess among their own folders (a link in a folder has none).
      expected: OWNER_ALONE,
    },
    {
      route: 'POST /api/snippets with linkId',
      method: 'POST',
      url: () => '/api/snippets',
      body: (s) => ({ pageUrl: 'https://example.com/member-page', selectedText: 'mine', linkId: s.link }),
      // Snippets are personal: only on one's own links.
      expected: OWNER_ALONE,
    },
    {
      route: 'PATCH /api/tags/:name',
      method: 'PATCH',
      url: (s) => `/api/tags/${s.tag}`,
      body: () => ({ name: 'renamed' }),
      // Tags are each person's library's: the owner's tag is not a member's.
      expected: OWNER_ALONE,
    },
    {
      route: 'DELETE /api/tags/:name',
      method: 'DELETE',
      url: (s) => `/api/tags/${s.tag}`,
      expected: OWNER_ALONE,
    },
  ];

  beforeAll(async () => {
    for (const role of [...ROLES, ...OTHERS]) {
      const email = `${role}-${randomUUID()}@example.com`;
      const session = await signUp(ctx.app, { email, name: role });
      people[role] = {
        api: clientFor(ctx.app, session),
        id: session.user.id,
        email,
        token: session.access_token,
      };
    }
  });

  describe.each(CASES)('$route', ({ method, url, body, expected }) => {
    it.each(ROLES)('as %s', async (role) => {
      const shared = await sharedFolder(role);
      const outcome = expected[role];
      const before = await snapshot(ctx.database);
      const res = await people[role].api.send(method, url(shared), body?.(shared));
      if (outcome === 'ok') {
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, res.body).toBeLessThan(300);
        return;
      }
      if (typeof outcome === 'object') {
        expectError(res, 404, 'not_found');
        expect(res.json().error.message).toBe(outcome.missing);
      } else if (outcome === 403) {
        expectError(res, 403, 'forbidden');
      } else {
        expectNotFound(res);
        // As for a folder or link that does not exist: nothing tells an outsider it does.
        expect(res.json().error.message).toMatch(/^(Folder|Link|Member|Tag) not found$|^Tag/);
      }
      expect(await snapshot(ctx.database)).toEqual(before);
    });
  });

  describe('lists, search, stats and exports', () => {
    let shared: Shared;
    beforeAll(async () => {
      shared = await sharedFolder('outsider');
    });
    const sees = (role: Role) => READ[role] === 'ok';

    it.each(ROLES)(
      'GET /api/folders as %s lists the shared folder only to its owner and members',
      async (role) => {
        const items = (await people[role].api.get('/api/folders')).json().items as Folder[];
        const folder = items.find((f) => f.id === shared.folder);
        if (!sees(role)) return expect(folder).toBeUndefined();
        expect(folder).toMatchObject({
          role: role === 'owner' ? 'owner' : role,
          shared: true,
          ownerName: role === 'owner' ? null : 'owner',
          linkCount: 1,
        });
      },
    );

    it.each(ROLES)(
      'GET /api/search as %s finds its links, marked shared, only for owner and members',
      async (role) => {
        const found = (await people[role].api.get(`/api/search?q=${shared.word}`)).json();
        const ids = found.links.map((l: Link) => l.id);
        if (!sees(role)) return expect(ids).not.toContain(shared.link);
        expect(found.links.find((l: Link) => l.id === shared.link)).toMatchObject({ shared: true });
        expect(found.folders.map((f: Folder) => f.id)).toContain(shared.folder);
        expect(found.snippets).toEqual(role === 'owner' ? found.snippets : []);
      },
    );

    it.each(ROLES)(
      "as %s, All links, tags, stats, snippets, insights and the export stay one's own library",
      async (role) => {
        const api = people[role].api;
        const all = (await api.get('/api/links?limit=200')).json().items.map((l: Link) => l.id);
        const tagged = (await api.get(`/api/links?tag=${shared.tag}`)).json().items;
        const tags = (await api.get('/api/tags')).json().items.map((t: { name: string }) => t.name);
        const snippets = (await api.get('/api/snippets'))
          .json()
          .items.map((s: { selectedText: string }) => s.selectedText);
        const stats = (await api.get('/api/stats')).json();
        const exported = (await api.get('/api/export?format=json')).body;
        const onLink = (await api.get(`/api/snippets?linkId=${shared.link}`)).json().items;
        const insights = JSON.stringify((await api.get(`/api/insights?week=${THIS_WEEK}`)).json());
        const owner = role === 'owner';
        expect(all.includes(shared.link)).toBe(owner);
        expect(tagged.length).toBe(owner ? 1 : 0);
        expect(tags.includes(shared.tag)).toBe(owner);
        expect(snippets.includes('Owner only')).toBe(owner);
        expect(shared.folder in stats.folders).toBe(owner);
        expect(exported.includes(`Shared link ${shared.word}`)).toBe(owner);
        expect(onLink.length).toBe(owner ? 1 : 0);
        expect(insights.includes(shared.link)).toBe(owner);
      },
    );
  });

  describe('MCP tools', () => {
    let shared: Shared;
    const open: McpClient[] = [];
    beforeAll(async () => {
      shared = await sharedFolder('outsider');
    });
    afterAll(async () => {
      await Promise.all(open.splice(0).map((c) => c.close()));
    });
    const connect = async (role: Role) => {
      const { client } = await connectMcp(ctx.origin, { token: people[role].token });
      open.push(client);
      return client;
    };
    const sees = (role: Role) => READ[role] === 'ok';

    it.each(ROLES)(
      'as %s: list_folders, list_links, search and get_link reach the folder only as its role does',
      async (role) => {
        const mcp = await connect(role);
        const { folders } = await callTool<{ folders: Folder[] }>(mcp, 'list_folders');
        expect(folders.some((f) => f.id === shared.folder)).toBe(sees(role));
        const found = await callTool<{ links: Link[] }>(mcp, 'search', { query: shared.word });
        expect(found.links.some((l) => l.id === shared.link && l.shared)).toBe(sees(role));
        if (sees(role)) {
          const listed = await callTool<{ links: Link[] }>(mcp, 'list_links', { folderId: shared.folder });
          expect(listed.links.map((l) => [l.id, l.shared])).toEqual([[shared.link, true]]);
          const { link } = await callTool<{ link: Link }>(mcp, 'get_link', { id: shared.link });
          expect(link).toMatchObject({
            id: shared.link,
            shared: true,
            snippetCount: role === 'owner' ? 1 : 0,
          });
        } else {
          expect(await toolError(mcp, 'list_links', { folderId: shared.folder })).toBe('Folder not found');
          expect(await toolError(mcp, 'get_link', { id: shared.link })).toBe('Link not found');
        }
      },
    );
  });
});
