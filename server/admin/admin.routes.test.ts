import { randomUUID } from 'node:crypto';
import { TEST_PASSWORD } from '../../test/credentials.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '../../contracts/index.js';
import { type Client, clientFor, expectError } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';

describe('Admin (API.md "Accounts, tokens and administration")', () => {
  const ctx = useTestApp();
  let admin: Client;
  let adminId: string;
  let user: Client;
  let userId: string;

  beforeAll(async () => {
    const first = await signUp(ctx.app, { name: 'Root' });
    admin = clientFor(ctx.app, first);
    adminId = first.user.id;
    const second = await signUp(ctx.app, { name: 'Member' });
    user = clientFor(ctx.app, second);
    userId = second.user.id;
  });

  const listed = async (id: string): Promise<AdminUser> => {
    const res = await admin.get('/api/admin/users');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as AdminUser[]).find((u) => u.id === id) as AdminUser;
  };

  it('lists every account, oldest first, with its role, link count and last activity', async () => {
    await user.link();
    await user.link();
    const items = (await admin.get('/api/admin/users')).json().items as AdminUser[];
    expect(items.map((u) => u.id).slice(0, 2)).toEqual([adminId, userId]);
    const member = await listed(userId);
    expect(member).toMatchObject({ name: 'Member', role: 'user', disabled: false, linkCount: 2 });
    expect(Date.now() - Date.parse(member.lastActiveAt as string)).toBeLessThan(60_000);
    expect((await listed(adminId)).role).toBe('admin');
  });

  it("counts a personal token's use as activity", async () => {
    const quiet = await signUp(ctx.app);
    await ctx.database.db
      .updateTable('auth_sessions')
      .set({ last_used_at: '2020-01-01T00:00:00.000Z' })
      .where('user_id', '=', quiet.user.id)
      .execute();
    expect((await listed(quiet.user.id)).lastActiveAt).toBe('2020-01-01T00:00:00.000Z');
    const token = (
      await clientFor(ctx.app, quiet).post('/api/tokens', { name: 'S', scopes: ['read'] })
    ).json().token;
    await clientFor(ctx.app, { access_token: token }).get('/api/links');
    expect(Date.parse((await listed(quiet.user.id)).lastActiveAt as string)).toBeGreaterThan(
      Date.now() - 60_000,
    );
  });

  it('makes an account an admin (who then reaches Admin) and a user again (who then does not)', async () => {
    const made = await admin.patch(`/api/admin/users/${userId}`, { role: 'admin' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ id: userId, role: 'admin' });
    expect((await user.get('/api/admin/users')).statusCode).toBe(200);
    expect((await user.get('/api/auth/user')).json().role).toBe('admin');
    await admin.patch(`/api/admin/users/${userId}`, { role: 'user' });
    expect((await user.get('/api/admin/users')).statusCode).toBe(403);
  });

  it('never leaves the instance without an admin who can act', async () => {
    const alone = (res: Awaited<ReturnType<Client['get']>>) => {
      expectError(res, 409, 'conflict');
      expect(res.json().error.message).toBe('This is the only admin: make another account an admin first');
    };
    alone(await admin.patch(`/api/admin/users/${adminId}`, { role: 'user' }));
    expectError(await admin.patch(`/api/admin/users/${adminId}`, { disabled: true }), 409, 'conflict');
    expectError(await admin.delete(`/api/admin/users/${adminId}`), 409, 'conflict');
    // Deleting one's own account from Settings is held to the same rule while others have accounts.
    alone(await admin.send('DELETE', '/api/auth/user', { password: TEST_PASSWORD }));
    expect((await listed(adminId)).role).toBe('admin');

    // With a second admin, the first may step down; the second then cannot.
    await admin.patch(`/api/admin/users/${userId}`, { role: 'admin' });
    expect((await admin.patch(`/api/admin/users/${adminId}`, { role: 'user' })).statusCode).toBe(200);
    alone(await user.patch(`/api/admin/users/${userId}`, { role: 'user' }));
    await user.patch(`/api/admin/users/${adminId}`, { role: 'admin' });
    await admin.patch(`/api/admin/users/${userId}`, { role: 'user' });
  });

  it('keeps an admin when two demote each other at once', async () => {
    const other = await signUp(ctx.app);
    await admin.patch(`/api/admin/users/${other.user.id}`, { role: 'admin' });
    const [a, b] = await Promise.all([
      admin.patch(`/api/admin/users/${other.user.id}`, { role: 'user' }),
      clientFor(ctx.app, other).patch(`/api/admin/users/${adminId}`, { role: 'user' }),
    ]);
    // The loser is refused as the last admin (409), or, when the winner's demotion was done before the
    // loser's request was read, as no admin at all (403): either way one admin is left.
    const [won, lost] = [a.statusCode, b.statusCode].sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    const admins = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .execute();
    // Either may win the race; the one left an admin makes the other one again for the next tests.
    expect(admins).toHaveLength(1);
    if (admins[0]?.id !== adminId) {
      const restored = await clientFor(ctx.app, other).patch(`/api/admin/users/${adminId}`, {
        role: 'admin',
      });
      expect(restored.statusCode, restored.body).toBe(200);
    }
  });

  it('deletes an account with everything it owns, but not through Admin its own', async () => {
    const leaving = await signUp(ctx.app);
    await clientFor(ctx.app, leaving).link();
    const res = await admin.delete(`/api/admin/users/${leaving.user.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(
      await ctx.database.db.selectFrom('links').select('id').where('user_id', '=', leaving.user.id).execute(),
    ).toEqual([]);
    expect((await clientFor(ctx.app, leaving).get('/api/links')).statusCode).toBe(401);
    expectError(await admin.delete(`/api/admin/users/${leaving.user.id}`), 404, 'not_found');
    const self = await admin.delete(`/api/admin/users/${adminId}`);
    expectError(self, 409, 'conflict');
  });

  it('refuses to disable its own account, and names what is unknown', async () => {
    expect(
      (await admin.patch(`/api/admin/users/${adminId}`, { disabled: true })).json().error.message,
    ).toMatch(/own account|only admin/);
    expectError(await admin.patch(`/api/admin/users/${randomUUID()}`, { role: 'admin' }), 404, 'not_found');
    expectError(await admin.post(`/api/admin/users/${randomUUID()}/password-reset`), 404, 'not_found');
    expectError(await admin.patch(`/api/admin/users/${userId}`, {}), 400, 'validation_failed');
    expectError(await admin.patch(`/api/admin/users/${userId}`, { role: 'owner' }), 400, 'validation_failed');
    expectError(await admin.patch('/api/admin/settings', { signups: 'sometimes' }), 400, 'validation_failed');
  });

  it('tells the sign-up form who may sign up', async () => {
    const options = async () => (await ctx.app.inject({ method: 'GET', url: '/api/auth/options' })).json();
    expect(await options()).toEqual({
      signups: 'open',
      firstAccount: false,
      oidc: false,
      passwordSignIn: true,
    });
    await admin.patch('/api/admin/settings', { signups: 'closed' });
    expect((await options()).signups).toBe('closed');
    expect((await admin.get('/api/admin/settings')).json()).toEqual({
      signups: 'closed',
      signupsFromEnvironment: false,
    });
    await admin.patch('/api/admin/settings', { signups: 'open' });
  });
});

describe('SIGNUPS in the environment', () => {
  const ctx = useTestApp({ signups: 'closed' });

  it('lets the first account in (the admin), then nobody; the setting cannot be changed', async () => {
    const options = async () => (await ctx.app.inject({ method: 'GET', url: '/api/auth/options' })).json();
    expect(await options()).toMatchObject({ signups: 'closed', firstAccount: true });
    const first = await signUp(ctx.app);
    expect(first.user.role).toBe('admin');
    expect(await options()).toMatchObject({ signups: 'closed', firstAccount: false });
    await expect(signUp(ctx.app)).rejects.toThrow(/403/);
    const admin = clientFor(ctx.app, first);
    expect((await admin.get('/api/admin/settings')).json()).toEqual({
      signups: 'closed',
      signupsFromEnvironment: true,
    });
    const change = await admin.patch('/api/admin/settings', { signups: 'open' });
    expectError(change, 409, 'conflict');
    expect(change.json().error.message).toMatch(/SIGNUPS environment variable/);
  });
});

describe('the first account', () => {
  const ctx = useTestApp();

  it('is the only admin even when several sign up at once', async () => {
    const sessions = await Promise.all(Array.from({ length: 6 }, () => signUp(ctx.app)));
    expect(sessions.filter((s) => s.user.role === 'admin')).toHaveLength(1);
  });

  it('is whoever signs up while the last admin is being erased (disabled until its row goes)', async () => {
    await ctx.database.db.updateTable('users').set({ disabled_at: new Date().toISOString() }).execute();
    expect((await signUp(ctx.app)).user.role).toBe('admin');
  });
});

describe('password reset links', () => {
  const ctx = useTestApp();

  it('are tried at most 20 times an hour from one address (each try costs a password hash)', async () => {
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        remoteAddress: '10.77.0.1',
        payload: { token: `lvl_${randomUUID()}`, newPassword: 'a new password' },
      });
    for (let i = 0; i < 20; i++) expect((await attempt()).statusCode).toBe(400);
    expectError(await attempt(), 429, 'rate_limited');
  });
});

describe('OIDC_ONLY', () => {
  const ctx = useTestApp({
    oidc: { issuer: 'http://127.0.0.1:1/', clientId: 'linkvault', clientSecret: 'secret', only: true },
  });

  it('refuses password sign-ups and sign-ins, and says so to the forms', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: `a-${randomUUID()}@example.com`, password: TEST_PASSWORD },
    });
    expectError(res, 403, 'forbidden');
    const options = (await ctx.app.inject({ method: 'GET', url: '/api/auth/options' })).json();
    expect(options).toMatchObject({ oidc: true, passwordSignIn: false });
  });
});
