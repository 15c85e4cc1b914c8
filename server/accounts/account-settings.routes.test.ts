import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AccountSession, Session } from '../../contracts/index.js';
import { type Client, clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { testDialect } from '../../test/database.js';
import { mintOAuthToken } from '../../test/oauth-tokens.js';
import { TEST_PASSWORD } from '../../test/credentials.js';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('Settings → Account (API.md "Accounts, tokens and administration")', () => {
  const ctx = useTestApp();
  let addresses = 0;

  async function logIn(email: string, password = TEST_PASSWORD, userAgent = FIREFOX) {
    addresses += 1;
    return ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: `10.9.${Math.floor(addresses / 250)}.${addresses % 250}`,
      headers: { 'user-agent': userAgent },
      payload: { email, password },
    });
  }

  /** A new account, and a client signed in to it from Firefox. */
  async function account(): Promise<{ email: string; me: Client; session: Session }> {
    const email = `settings-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    await signUp(ctx.app, { email, password: TEST_PASSWORD });
    const res = await logIn(email);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json<Session>();
    return { email, me: clientFor(ctx.app, session), session };
  }

  describe('PATCH /api/auth/user', () => {
    it('changes the name and the e-mail, and a blank name falls back to the e-mail', async () => {
      const { me } = await account();
      const res = await me.patch('/api/auth/user', {
        name: '  Ada Lovelace ',
        email: 'ADA.renamed@Example.com',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Ada Lovelace', email: 'ada.renamed@example.com' });
      expect((await me.get('/api/auth/user')).json()).toMatchObject({ email: 'ada.renamed@example.com' });
      expect((await me.patch('/api/auth/user', { name: '' })).json().name).toBe('ada.renamed');
      expect((await logIn('ada.renamed@example.com')).statusCode).toBe(200);
    });

    it("answers 409 for another account's e-mail and changes nothing", async () => {
      const { me } = await account();
      const other = await account();
      const before = (await me.get('/api/auth/user')).json();
      const res = await me.patch('/api/auth/user', { name: 'New', email: other.email });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('An account with this e-mail already exists');
      expect((await me.get('/api/auth/user')).json()).toEqual(before);
    });

    it('answers 400 to nothing to change, a bad e-mail or an unknown field', async () => {
      const { me } = await account();
      for (const body of [{}, { email: 'not an address' }, { role: 'admin' }]) {
        const res = await me.patch('/api/auth/user', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
      }
    });
  });

  describe('POST /api/auth/password', () => {
    it('changes the password and signs every other session out, this one staying', async () => {
      const { email, me } = await account();
      const elsewhere = clientFor(
        ctx.app,
        (await logIn(email, TEST_PASSWORD, SAFARI_IPHONE)).json<Session>(),
      );
      const elsewhereRefresh = (await logIn(email)).json<Session>().refresh_token;
      const res = await me.post('/api/auth/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'a much better passphrase',
      });
      expect(res.statusCode, res.body).toBe(204);
      expect((await me.get('/api/auth/user')).statusCode).toBe(200);
      expect((await elsewhere.get('/api/auth/user')).statusCode).toBe(401);
      const refreshed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: elsewhereRefresh },
      });
      expect(refreshed.statusCode).toBe(401);
      expect((await logIn(email)).statusCode).toBe(401);
      expect((await logIn(email, 'a much better passphrase')).statusCode).toBe(200);
    });

    it('answers 400 to a wrong current password or a short new one, and keeps the old', async () => {
      const { email, me } = await account();
      const wrong = await me.post('/api/auth/password', {
        currentPassword: 'guess',
        newPassword: 'long enough now',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        message: 'The password is not correct',
        details: [{ field: 'currentPassword', message: 'The password is not correct' }],
      });
      const short = await me.post('/api/auth/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'short',
      });
      expect(short.statusCode).toBe(400);
      expect((await logIn(email)).statusCode).toBe(200);
    });

    it('counts wrong passwords against the account, as sign-ins are', async () => {
      const { me } = await account();
      const tries = [];
      for (let i = 0; i < 11; i++) {
        tries.push(
          (
            await me.post('/api/auth/password', {
              currentPassword: `guess ${i}`,
              newPassword: 'long enough now',
            })
          ).statusCode,
        );
      }
      expect(tries.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(tries[10]).toBe(429);
    });
  });

  describe('GET and DELETE /api/auth/sessions', () => {
    it('lists the signed-in sessions by device, this one marked, and signs one out', async () => {
      const { email, me, session } = await account();
      const phone = (await logIn(email, TEST_PASSWORD, SAFARI_IPHONE)).json<Session>();
      const res = await me.get('/api/auth/sessions');
      expect(res.statusCode, res.body).toBe(200);
      const sessions = res.json<{ items: AccountSession[] }>().items;
      expect(sessions.map((s) => [s.device, s.current]).sort()).toEqual([
        ['Firefox on Windows', true],
        ['Safari on iOS', false],
        // The sign-up's, from the test's own agent.
        ['lightMyRequest', false],
      ]);
      const phoneSession = sessions.find((s) => s.device === 'Safari on iOS') as AccountSession;
      expect(phoneSession.userAgent).toBe(SAFARI_IPHONE);
      expect((await me.delete(`/api/auth/sessions/${phoneSession.id}`)).statusCode).toBe(204);
      expect((await clientFor(ctx.app, phone).get('/api/auth/user')).statusCode).toBe(401);
      const after = (await me.get('/api/auth/sessions')).json<{ items: AccountSession[] }>().items;
      expect(after.map((s) => s.id)).not.toContain(phoneSession.id);
      expect((await me.delete(`/api/auth/sessions/${phoneSession.id}`)).statusCode).toBe(404);
      expect((await clientFor(ctx.app, session).get('/api/auth/user')).statusCode).toBe(200);
    });

    it("cannot see or sign out another person's sessions", async () => {
      const { me } = await account();
      const other = await account();
      const theirs = (await other.me.get('/api/auth/sessions')).json<{ items: AccountSession[] }>().items;
      const mine = (await me.get('/api/auth/sessions')).json<{ items: AccountSession[] }>().items;
      expect(mine.map((s) => s.id)).not.toContain(theirs[0]?.id);
      const res = await me.delete(`/api/auth/sessions/${theirs[0]?.id}`);
      expect(res.statusCode).toBe(404);
      expect((await other.me.get('/api/auth/user')).statusCode).toBe(200);
    });
  });

  describe('the account routes and other credentials', () => {
    it("refuse an assistant's token (403) and nobody (401)", async () => {
      const { me, session } = await account();
      const token = await mintOAuthToken(ctx.database, {
        userId: session.user.id,
        scopes: ['read:links', 'read:folders'],
        audience: null,
      });
      const assistant = clientFor(ctx.app, { access_token: token });
      const nobody = clientFor(ctx.app, null);
      const calls: [keyof Client & ('get' | 'patch' | 'post' | 'delete'), string, unknown?][] = [
        ['patch', '/api/auth/user', { name: 'x' }],
        ['post', '/api/auth/password', { currentPassword: TEST_PASSWORD, newPassword: 'long enough now' }],
        ['get', '/api/auth/sessions'],
        ['delete', '/api/auth/sessions/abc'],
      ];
      for (const [method, url, body] of calls) {
        const call = (client: Client) =>
          method === 'get' || method === 'delete' ? client[method](url) : client[method](url, body);
        expect((await call(assistant)).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(nobody)).statusCode, `${method} ${url}`).toBe(401);
      }
      const deleted = await assistant.send('DELETE', '/api/auth/user', { password: TEST_PASSWORD });
      expect(deleted.statusCode).toBe(403);
      expect((await me.get('/api/auth/user')).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/auth/user', () => {
    /** Every row of every table holding `value` in any column (as text), by table. */
    async function rowsHolding(value: string): Promise<Record<string, number>> {
      const { db } = ctx.database;
      const pattern = `%${value}%`;
      const tables =
        testDialect() === 'postgres'
          ? (
              await sql<{ table: string; columns: string[] }>`
                SELECT table_name AS table, array_agg(column_name::text) AS columns
                FROM information_schema.columns WHERE table_schema = 'public' GROUP BY table_name
              `.execute(db)
            ).rows
          : await Promise.all(
              (
                await sql<{ name: string }>`
                  SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
                `.execute(db)
              ).rows.map(async ({ name }) => ({
                table: name,
                columns: (
                  await sql<{ name: string }>`SELECT name FROM pragma_table_info(${name})`.execute(db)
                ).rows.map((c) => c.name),
              })),
            );
      const found: Record<string, number> = {};
      for (const { table, columns } of tables) {
        const tests = columns.map((c) =>
          testDialect() === 'postgres'
            ? sql`${sql.ref(c)}::text LIKE ${pattern}`
            : sql`CAST(${sql.ref(c)} AS TEXT) LIKE ${pattern}`,
        );
        const { rows } = await sql<{ n: number | string }>`
          SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.join(tests, sql` OR `)}
        `.execute(db);
        const n = Number(rows[0]?.n ?? 0);
        if (n > 0) found[table] = n;
      }
      return found;
    }

    /** A library with something in every part: folders nested, links with tags, snippets, a kept page. */
    async function fill(client: Client) {
      const parent = await client.folder({ name: 'Reading' });
      const child = (
        await client.post('/api/folders', { name: 'Later', color: 'blue', parentId: parent.id })
      ).json();
      const links = [];
      for (let i = 0; i < 5; i++) {
        links.push(
          await client.link({
            url: `https://site-${i}.example/page`,
            title: `Page ${i}`,
            folderId: child.id,
          }),
        );
      }
      await client.post('/api/links/bulk', {
        ids: links.map((l) => l.id),
        action: 'tag',
        tags: ['keep', 'read'],
      });
      await client.snippet({ pageUrl: 'https://site-1.example/page', selectedText: 'A line worth keeping' });
      await client.snippet({
        pageUrl: 'https://elsewhere.example/',
        selectedText: 'Unattached',
        note: 'A note',
      });
    }

    it('deletes the account and everything it owns, and nothing of anyone else', async () => {
      const { email, me, session } = await account();
      const other = await account();
      await fill(me);
      await fill(other.me);
      await logIn(email, 'a wrong guess');
      await me.post('/api/auth/password', {
        currentPassword: 'another wrong guess',
        newPassword: 'long enough now',
      });
      const othersBefore = await rowsHolding(other.session.user.id);
      expect(Object.keys(await rowsHolding(session.user.id)).length).toBeGreaterThan(5);

      const script = (await me.post('/api/tokens', { name: 'Script', scopes: ['read', 'write'] })).json()
        .token;
      const assistant = await mintOAuthToken(ctx.database, {
        userId: session.user.id,
        scopes: ['read:links'],
        audience: null,
      });

      const res = await me.send('DELETE', '/api/auth/user', { password: TEST_PASSWORD });
      expect(res.statusCode, res.body).toBe(204);
      for (const token of [script, assistant]) {
        expect((await clientFor(ctx.app, { access_token: token }).get('/api/links')).statusCode).toBe(401);
      }
      expect(res.headers['set-cookie']).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^lv_refresh=;/),
          expect.stringMatching(/^lv_session=;/),
        ]),
      );

      expect(await rowsHolding(session.user.id)).toEqual({});
      expect(await rowsHolding(email)).toEqual({});
      expect(await rowsHolding(other.session.user.id)).toEqual(othersBefore);
      expect((await other.me.get('/api/links')).json().items).toHaveLength(5);
      expect((await me.get('/api/auth/user')).statusCode).toBe(401);
      expect((await logIn(email)).statusCode).toBe(401);
    });

    it('answers 400 to a wrong password and deletes nothing', async () => {
      const { me, session } = await account();
      await fill(me);
      const before = await rowsHolding(session.user.id);
      const res = await me.send('DELETE', '/api/auth/user', { password: 'not it' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { field: 'password', message: 'The password is not correct' },
      ]);
      const after = await rowsHolding(session.user.id);
      expect({ ...after, rate_limits: undefined }).toEqual({ ...before, rate_limits: undefined });
      expect((await me.get('/api/links')).json().items).toHaveLength(5);
    });
  });
});
