import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_HINT_COOKIE, SESSION_PROBE_HEADER } from '../../contracts/constants.js';
import { expectError, expectUnauthenticated } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { hashSecret } from '../lib/secrets.js';
import { REFRESH_COOKIE } from './accounts.routes.js';
import { displayName } from './accounts.service.js';
import { TEST_PASSWORD } from '../../test/credentials.js';

describe('accounts and sessions', () => {
  const ctx = useTestApp();

  let addressCounter = 0;
  /** A new client address per call, so per-address limits only bite where a test means them to. */
  const nextAddress = () => {
    addressCounter += 1;
    return `10.200.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
  };
  const uniqueEmail = (local = 'user') => `${local}-${randomUUID().slice(0, 8)}@example.com`;

  const post = (url: string, payload?: unknown, extra: { address?: string; cookie?: string } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: extra.address ?? nextAddress(),
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
      ...(extra.cookie !== undefined && { cookies: { [REFRESH_COOKIE]: extra.cookie } }),
    });
  const signup = (payload: Record<string, unknown>) => post('/api/auth/signup', payload);
  const login = (email: string, password: string, address?: string) =>
    post('/api/auth/login', { email, password }, { address });
  const refresh = (token: string, via: 'body' | 'cookie' = 'body') =>
    via === 'body'
      ? post('/api/auth/refresh', { refresh_token: token })
      : post('/api/auth/refresh', undefined, { cookie: token });
  const currentUser = (accessToken: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${accessToken}` },
    });

  function expectSession(res: LightMyRequestResponse, status: number, user: { email: string; name: string }) {
    expect(res.statusCode, res.body).toBe(status);
    const session = res.json();
    expect(session).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: expect.any(Number),
      expires_at: expect.any(Number),
      token_type: 'bearer',
      user: { id: expect.any(String), email: user.email, name: user.name, role: expect.any(String) },
    });
    expect(session.access_token).not.toBe(session.refresh_token);
    expect(session.expires_in).toBeGreaterThanOrEqual(3500);
    expect(session.expires_in).toBeLessThanOrEqual(3600);
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(Number.isInteger(session.expires_at)).toBe(true);
    expect(Math.abs(session.expires_at - (nowSeconds + session.expires_in))).toBeLessThanOrEqual(5);
    return session;
  }

  describe('POST /api/auth/signup', () => {
    it('answers 201 with a Session', async () => {
      const email = uniqueEmail('ada');
      const res = await signup({ name: 'Ada Lovelace', email, password: TEST_PASSWORD });
      const session = expectSession(res, 201, { email, name: 'Ada Lovelace' });
      const me = await currentUser(session.access_token);
      expect(me.json()).toEqual(session.user);
    });

    it('sets the refresh token in an httpOnly, SameSite=Strict cookie', async () => {
      const res = await signup({ email: uniqueEmail(), password: TEST_PASSWORD });
      const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
      expect(cookie).toMatchObject({ value: res.json().refresh_token, httpOnly: true, sameSite: 'Strict' });
      expect(cookie?.maxAge).toBeGreaterThanOrEqual(29 * 24 * 3600);
    });

    it('refuses a second account with the same e-mail, whatever its case (409)', async () => {
      const email = uniqueEmail('Grace');
      expect((await signup({ email, password: TEST_PASSWORD })).statusCode).toBe(201);
      expectError(await signup({ email, password: TEST_PASSWORD }), 409, 'conflict');
      expectError(await signup({ email: email.toUpperCase(), password: TEST_PASSWORD }), 409, 'conflict');
    });

    it('stores the e-mail in lower case and accepts it in any case at login', async () => {
      const email = uniqueEmail('MiXeD');
      const res = await signup({ name: 'Mixed', email, password: TEST_PASSWORD });
      expect(res.json().user.email).toBe(email.toLowerCase());
      expectSession(await login(email.toUpperCase(), TEST_PASSWORD), 200, {
        email: email.toLowerCase(),
        name: 'Mixed',
      });
    });

    it.each([
      { given: 'Ada', expected: 'Ada' },
      { given: '  Ada  ', expected: 'Ada' },
      { given: undefined, expected: 'local.part' },
      { given: '', expected: 'local.part' },
      { given: '   ', expected: 'local.part' },
    ])('names the user $expected when the name given is $given', async ({ given, expected }) => {
      const email = `local.part@${randomUUID().slice(0, 8)}.example.com`;
      const res = await signup({
        ...(given !== undefined && { name: given }),
        email,
        password: TEST_PASSWORD,
      });
      expect(res.json().user.name).toBe(expected);
      expect((await currentUser(res.json().access_token)).json().name).toBe(expected);
    });

    it("falls back to 'User' when neither a name nor an e-mail local part exists", () => {
      expect(displayName(null, '@example.com')).toBe('User');
      expect(displayName('  ', '')).toBe('User');
    });

    it('refuses a password shorter than 8 characters and accepts one of 8', async () => {
      expectError(await signup({ email: uniqueEmail(), password: 'short12' }), 400, 'validation_failed');
      expect((await signup({ email: uniqueEmail(), password: '12345678' })).statusCode).toBe(201);
    });
  });

  describe('POST /api/auth/login', () => {
    it('answers 200 with a new Session for the right password', async () => {
      const email = uniqueEmail();
      const first = (await signup({ name: 'Lin', email, password: TEST_PASSWORD })).json();
      const session = expectSession(await login(email, TEST_PASSWORD), 200, { email, name: 'Lin' });
      expect(session.user.id).toBe(first.user.id);
      expect(session.access_token).not.toBe(first.access_token);
      expect((await currentUser(session.access_token)).statusCode).toBe(200);
    });

    it.each([
      { case: 'a wrong password', password: 'wrong password!', knownEmail: true },
      { case: 'an unknown e-mail', password: TEST_PASSWORD, knownEmail: false },
    ])('answers 401 invalid_credentials for $case', async ({ password, knownEmail }) => {
      const email = uniqueEmail();
      if (knownEmail) await signup({ email, password: TEST_PASSWORD });
      const res = await login(knownEmail ? email : uniqueEmail('nobody'), password);
      expectError(res, 401, 'invalid_credentials');
      expect(res.json().error.message).toBe('Invalid login credentials');
      expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
    });
  });

  describe('login rate limits', () => {
    /** The limits count in fixed 15-minute windows: run in the middle of one so no test straddles two. */
    const WINDOW_MS = 15 * 60 * 1000;
    beforeAll(() => {
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      vi.setSystemTime(Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS + WINDOW_MS / 2);
    });
    afterAll(() => {
      vi.useRealTimers();
    });

    function expectRateLimited(res: LightMyRequestResponse) {
      expectError(res, 429, 'rate_limited');
      const retryAfter = Number(res.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      // Half a window remains when the tests start (beforeAll above); they take seconds, not minutes.
      expect(retryAfter).toBeGreaterThan(WINDOW_MS / 2 / 1000 - 120);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 2 / 1000);
    }

    it('locks an account after 10 failures, even from different addresses and with the right password', async () => {
      const email = uniqueEmail('target');
      await signup({ email, password: TEST_PASSWORD });
      for (let i = 0; i < 10; i += 1) {
        expectError(await login(email, 'wrong password!', nextAddress()), 401, 'invalid_credentials');
      }
      expectRateLimited(await login(email, 'wrong password!', nextAddress()));
      expectRateLimited(await login(email.toUpperCase(), TEST_PASSWORD, nextAddress()));
    });

    it('lets no more than 10 guesses reach the password when 200 arrive at once from 200 addresses', async () => {
      const email = uniqueEmail('raced');
      await signup({ email, password: TEST_PASSWORD });
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => login(email, 'wrong password!', nextAddress())),
      );
      const checked = answers.filter((res) => res.statusCode === 401).length;
      expect(checked).toBeLessThanOrEqual(10);
      expect(answers.every((res) => res.statusCode === 401 || res.statusCode === 429)).toBe(true);
    });

    it('does not lock other accounts', async () => {
      const locked = uniqueEmail('locked');
      const other = uniqueEmail('other');
      await signup({ email: locked, password: TEST_PASSWORD });
      await signup({ email: other, password: TEST_PASSWORD });
      for (let i = 0; i < 11; i += 1) await login(locked, 'wrong password!', nextAddress());
      expect((await login(other, TEST_PASSWORD, nextAddress())).statusCode).toBe(200);
    });

    it('limits one address to 50 attempts, whatever the accounts', async () => {
      const address = nextAddress();
      const email = uniqueEmail('busy');
      await signup({ email, password: TEST_PASSWORD });
      for (let i = 0; i < 50; i += 1) {
        const res = await login(uniqueEmail('guess'), TEST_PASSWORD, address);
        expectError(res, 401, 'invalid_credentials');
      }
      expectRateLimited(await login(email, TEST_PASSWORD, address));
      expect((await login(email, TEST_PASSWORD, nextAddress())).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/refresh', () => {
    /** Moves a token's rotation back in time, past the grace for lost answers. */
    const rotatedLongAgo = (token: string) =>
      ctx.database.db
        .updateTable('refresh_tokens')
        .set({ rotated_at: new Date(Date.now() - 60_000).toISOString() })
        .where('token_hash', '=', hashSecret(token))
        .execute();

    it.each(['body', 'cookie'] as const)(
      'rotates via the %s: a new Session, and the old refresh token stops working',
      async (via) => {
        const email = uniqueEmail();
        const first = await signUp(ctx.app, { name: 'Rota', email });
        const res = await refresh(first.refresh_token, via);
        const second = expectSession(res, 200, { email, name: 'Rota' });
        expect(second.refresh_token).not.toBe(first.refresh_token);
        expect(second.access_token).not.toBe(first.access_token);
        expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)?.value).toBe(second.refresh_token);
        expect((await currentUser(second.access_token)).statusCode).toBe(200);
        await rotatedLongAgo(first.refresh_token);
        expectUnauthenticated(await refresh(first.refresh_token, via === 'body' ? 'cookie' : 'body'));
      },
    );

    it('revokes the whole session when a rotated refresh token is presented again', async () => {
      const first = await signUp(ctx.app);
      const second = (await refresh(first.refresh_token)).json();
      const third = (await refresh(second.refresh_token)).json();
      expect((await currentUser(third.access_token)).statusCode).toBe(200);

      await rotatedLongAgo(first.refresh_token);
      expectUnauthenticated(await refresh(first.refresh_token));

      expectUnauthenticated(await currentUser(third.access_token));
      expectUnauthenticated(await currentUser(first.access_token));
      expectUnauthenticated(await refresh(third.refresh_token));
    });

    it('leaves the user’s other sessions alone when one is revoked for reuse', async () => {
      const email = uniqueEmail();
      const phone = await signUp(ctx.app, { email, password: TEST_PASSWORD });
      const laptop = (await login(email, TEST_PASSWORD)).json();
      await refresh(phone.refresh_token);
      await rotatedLongAgo(phone.refresh_token);
      expectUnauthenticated(await refresh(phone.refresh_token));
      expect((await currentUser(laptop.access_token)).statusCode).toBe(200);
      expect((await refresh(laptop.refresh_token)).statusCode).toBe(200);
    });

    it('answers a token presented again just after its rotation (a lost answer) with the same pair, every time', async () => {
      const first = await signUp(ctx.app);
      const second = (await refresh(first.refresh_token)).json();
      for (let i = 0; i < 5; i += 1) {
        const again = await refresh(first.refresh_token, i % 2 === 0 ? 'body' : 'cookie');
        expect(again.statusCode).toBe(200);
        expect(again.json()).toMatchObject({
          access_token: second.access_token,
          refresh_token: second.refresh_token,
          expires_at: second.expires_at,
        });
      }
      expect((await currentUser(second.access_token)).statusCode).toBe(200);
      const third = (await refresh(second.refresh_token)).json();
      expect((await currentUser(third.access_token)).statusCode).toBe(200);
    });

    it('answers the same pair to two refreshes with one token sent at once, so the session never forks', async () => {
      const first = await signUp(ctx.app);
      const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
      const [a, b] = answers.map((res) => res.json<{ refresh_token: string; access_token: string }>());
      expect(a?.refresh_token).toBe(b?.refresh_token);
      expect(a?.access_token).toBe(b?.access_token);
    });

    it('keeps no readable pair once the grace is over: a later replay revokes the session', async () => {
      const first = await signUp(ctx.app);
      const second = (await refresh(first.refresh_token)).json();
      const third = (await refresh(second.refresh_token)).json();
      await rotatedLongAgo(first.refresh_token);
      await refresh(third.refresh_token);
      const kept = await ctx.database.db
        .selectFrom('refresh_tokens')
        .select('successor_sealed')
        .where('token_hash', '=', hashSecret(first.refresh_token))
        .executeTakeFirstOrThrow();
      expect(kept.successor_sealed).toBeNull();
      expectUnauthenticated(await refresh(first.refresh_token));
      expectUnauthenticated(await currentUser(third.access_token));
    });

    it.each([
      { case: 'an unknown token', token: 'lvr_not-a-real-token' },
      { case: 'an access token', token: null },
    ])('refuses $case with 401', async ({ token }) => {
      const session = await signUp(ctx.app);
      expectUnauthenticated(await refresh(token ?? session.access_token));
    });

    it('refuses a request without any refresh token', async () => {
      expectUnauthenticated(await post('/api/auth/refresh'));
    });

    it('refuses an expired refresh token', async () => {
      const session = await signUp(ctx.app);
      const sessions = ctx.database.db
        .selectFrom('auth_sessions')
        .select('id')
        .where('user_id', '=', session.user.id);
      await ctx.database.db
        .updateTable('refresh_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('session_id', 'in', sessions)
        .execute();
      expectUnauthenticated(await refresh(session.refresh_token));
    });
  });

  describe('POST /api/auth/logout', () => {
    it('answers 204, revokes the access and refresh tokens and clears the cookie', async () => {
      const session = await signUp(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const cleared = res.cookies.find((c) => c.name === REFRESH_COOKIE);
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

      expectUnauthenticated(await currentUser(session.access_token));
      expectUnauthenticated(await refresh(session.refresh_token));
    });

    it('ends the session named by the refresh cookie alone', async () => {
      const session = await signUp(ctx.app);
      expect((await post('/api/auth/logout', undefined, { cookie: session.refresh_token })).statusCode).toBe(
        204,
      );
      expectUnauthenticated(await currentUser(session.access_token));
      expectUnauthenticated(await refresh(session.refresh_token));
    });

    it('refuses to spend the cookie for a page of another origin, even of the same site (another port)', async () => {
      const session = await signUp(ctx.app);
      for (const headers of [
        { origin: 'http://localhost:8080' },
        { origin: 'null' },
        { 'sec-fetch-site': 'same-site' },
      ]) {
        for (const url of ['/api/auth/logout', '/api/auth/refresh']) {
          const res = await ctx.app.inject({
            method: 'POST',
            url,
            headers,
            cookies: { [REFRESH_COOKIE]: session.refresh_token },
          });
          expectError(res, 403, 'forbidden');
          expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
        }
      }
      expect((await currentUser(session.access_token)).statusCode).toBe(200);
    });

    it.each([
      { case: "PUBLIC_URL's origin", host: 'localhost:3000', origin: 'http://localhost:3000' },
      { case: 'the host the app was opened by', host: 'nas.local:3000', origin: 'http://nas.local:3000' },
    ])('spends the cookie for the app on $case', async ({ host, origin }) => {
      const session = await signUp(ctx.app);
      const cookies = { [REFRESH_COOKIE]: session.refresh_token };
      const headers = { host, origin, 'sec-fetch-site': 'same-origin' };
      const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers, cookies });
      expect(refreshed.statusCode).toBe(200);
      const next = { [REFRESH_COOKIE]: refreshed.json<{ refresh_token: string }>().refresh_token };
      const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers, cookies: next });
      expect(out.statusCode).toBe(204);
    });

    it('takes a refresh token in the body from any origin (scripts, the extension)', async () => {
      const session = await signUp(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' },
        payload: { refresh_token: session.refresh_token },
      });
      expect(res.statusCode).toBe(204);
      expectUnauthenticated(await currentUser(session.access_token));
    });

    it('ends only its own session', async () => {
      const email = uniqueEmail();
      const one = await signUp(ctx.app, { email, password: TEST_PASSWORD });
      const two = (await login(email, TEST_PASSWORD)).json();
      await post('/api/auth/logout', { refresh_token: one.refresh_token });
      expect((await currentUser(two.access_token)).statusCode).toBe(200);
    });
  });

  describe('session hint cookie', () => {
    const hintOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === SESSION_HINT_COOKIE);

    it('is set beside the refresh cookie, readable by pages, for as long', async () => {
      const email = uniqueEmail();
      for (const res of [
        await signup({ email, password: TEST_PASSWORD }),
        await login(email, TEST_PASSWORD),
        await refresh((await signUp(ctx.app)).refresh_token, 'body'),
      ]) {
        const refreshCookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
        expect(hintOf(res)).toMatchObject({ value: '1', path: '/', sameSite: 'Strict' });
        expect(hintOf(res)?.httpOnly).toBeUndefined();
        expect(hintOf(res)?.maxAge).toBe(refreshCookie?.maxAge);
      }
    });

    it('is cleared by logout and by a refresh cookie that no longer holds a session', async () => {
      const session = await signUp(ctx.app);
      const out = await post('/api/auth/logout', undefined, { cookie: session.refresh_token });
      expect(hintOf(out)?.value).toBe('');
      expect(hintOf(out)?.expires?.getTime()).toBeLessThan(Date.now());
      for (const res of [await refresh(session.refresh_token, 'cookie'), await post('/api/auth/refresh')]) {
        expectUnauthenticated(res);
        expect(hintOf(res)?.value).toBe('');
      }
    });

    describe('a probe (SESSION_PROBE_HEADER)', () => {
      const probe = (extra: { cookie?: string; payload?: Record<string, unknown> } = {}) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          remoteAddress: nextAddress(),
          headers: { [SESSION_PROBE_HEADER]: '1' },
          ...(extra.payload && { payload: extra.payload }),
          ...(extra.cookie !== undefined && { cookies: { [REFRESH_COOKIE]: extra.cookie } }),
        });

      it('without a refresh cookie is answered 204, not a failure, and clears the hint', async () => {
        const res = await probe();
        expect(res.statusCode, res.body).toBe(204);
        expect(res.body).toBe('');
        expect(hintOf(res)?.value).toBe('');
        expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
      });

      it('with a refresh cookie is a refresh: a session for a live one, 401 for a spent one', async () => {
        const email = uniqueEmail();
        const first = await signUp(ctx.app, { name: 'Probe', email });
        const res = await probe({ cookie: first.refresh_token });
        expectSession(res, 200, { email, name: 'Probe' });
        expect(hintOf(res)?.value).toBe('1');
        await post('/api/auth/logout', undefined, { cookie: res.json().refresh_token });
        expectUnauthenticated(await probe({ cookie: res.json().refresh_token }));
      });

      it('with a token in the body is a refresh too', async () => {
        expectUnauthenticated(await probe({ payload: { refresh_token: 'lvr_not-a-real-token' } }));
      });
    });

    it('is left alone when a token sent in the body fails (the extension’s, not the page’s)', async () => {
      const res = await refresh('lvr_not-a-real-token', 'body');
      expectUnauthenticated(res);
      expect(hintOf(res)).toBeUndefined();
    });
  });

  describe('GET /api/auth/user and access tokens', () => {
    it('answers the current User', async () => {
      const email = uniqueEmail();
      const session = await signUp(ctx.app, { name: 'Current', email });
      const res = await currentUser(session.access_token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: session.user.id, email, name: 'Current', role: session.user.role });
    });

    it('refuses an expired access token', async () => {
      const session = await signUp(ctx.app);
      await ctx.database.db
        .updateTable('access_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', session.user.id)
        .execute();
      expectUnauthenticated(await currentUser(session.access_token));
      expect((await refresh(session.refresh_token)).statusCode).toBe(200);
    });

    it('stores tokens only as hashes', async () => {
      const session = await signUp(ctx.app);
      const rotated = (await refresh(session.refresh_token)).json();
      const access = await ctx.database.db.selectFrom('access_tokens').selectAll().execute();
      const refreshRows = await ctx.database.db.selectFrom('refresh_tokens').selectAll().execute();
      expect(access.length).toBeGreaterThan(0);
      expect(refreshRows.length).toBeGreaterThan(0);
      const stored = JSON.stringify([access, refreshRows]);
      for (const token of [
        session.access_token,
        session.refresh_token,
        rotated.access_token,
        rotated.refresh_token,
      ]) {
        expect(stored).not.toContain(token);
        expect(stored).not.toContain(token.slice('lva_'.length));
      }
    });
  });
});
