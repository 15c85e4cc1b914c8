import { randomUUID } from 'node:crypto';
import { TEST_PASSWORD } from '../../../test/credentials.js';
import { describe, expect, it } from 'vitest';
import { SIGNIN_ERROR_COOKIE } from '../../../contracts/index.js';
import { clientFor, expectError } from '../../../test/api.js';
import { signUp, useTestApp } from '../../../test/app.js';
import { useListeningApp } from '../../../test/listening-app.js';
import { useOidcProvider } from '../../../test/oidc-provider.js';
import type { VerifiedIdentity } from '../accounts.service.js';

const client = { address: '10.0.0.1', userAgent: null };

describe('sign-in through an OpenID provider: the flow', () => {
  const idp = useOidcProvider();
  const ctx = useListeningApp(() => ({
    oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, only: false },
  }));

  it('sends the browser to the provider with PKCE (S256), state and nonce, kept in an httpOnly Lax cookie', async () => {
    idp.allow(ctx.origin);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(idp.issuer);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      client_id: idp.clientId,
      response_type: 'code',
      redirect_uri: `${ctx.origin}/api/auth/oidc/callback`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(params.state).toMatch(/^[\w-]{20,}$/);
    expect(params.nonce).toMatch(/^[\w-]{20,}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    const flow = res.cookies.find((c) => c.name === 'lv_oidc');
    expect(flow).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc' });
    // The verifier itself never leaves for the provider.
    expect(location.href).not.toContain(
      JSON.parse(Buffer.from(flow!.value, 'base64url').toString()).codeVerifier,
    );
  });

  it("carries an invite page's invite in the body, never the URL; refuses a malformed one", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/start',
      payload: { invite: 'lvl_an-invite-secret' },
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(new URL(url).origin).toBe(idp.issuer);
    expect(url).not.toContain('lvl_');
    const flow = res.cookies.find((c) => c.name === 'lv_oidc')!;
    expect(JSON.parse(Buffer.from(flow.value, 'base64url').toString()).invite).toBe('lvl_an-invite-secret');
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/auth/oidc/start', payload: { invite: 7 } });
    expectError(bad, 400, 'validation_failed');
  });

  it('refuses a callback without the flow of this browser, and one whose state differs', async () => {
    const bare = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=abc&state=xyz' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/app');
    expect(bare.cookies.find((c) => c.name === SIGNIN_ERROR_COOKIE)?.value).toMatch(
      /took too long|another browser/,
    );
    expect(bare.cookies.some((c) => c.name === 'lv_refresh')).toBe(false);

    const started = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    const flow = started.cookies.find((c) => c.name === 'lv_oidc')!;
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/callback?code=abc&state=not-the-state&iss=${encodeURIComponent(idp.issuer)}`,
      cookies: { lv_oidc: flow.value },
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.cookies.find((c) => c.name === SIGNIN_ERROR_COOKIE)?.value).toMatch(/did not complete/);
    expect(forged.cookies.some((c) => c.name === 'lv_refresh')).toBe(false);
  });
});

describe('sign-in through an OpenID provider: unreachable or off', () => {
  const off = useTestApp();
  const unreachable = useTestApp({
    oidc: { issuer: 'http://127.0.0.1:9/', clientId: 'x', clientSecret: 'y', only: false },
  });

  it('answers 404 when single sign-on is not configured', async () => {
    expectError(await off.app.inject({ method: 'GET', url: '/api/auth/oidc/start' }), 404, 'not_found');
  });

  it('answers 503 when the provider cannot be reached', async () => {
    expectError(
      await unreachable.app.inject({ method: 'GET', url: '/api/auth/oidc/start' }),
      503,
      'unavailable',
    );
  });
});

describe('accounts of identities the provider vouches for', () => {
  const ctx = useTestApp();
  const identity = (fields: Partial<VerifiedIdentity> = {}): VerifiedIdentity => ({
    issuer: 'https://id.example',
    subject: randomUUID(),
    email: `${randomUUID()}@example.com`,
    emailVerified: true,
    name: 'Grace Hopper',
    ...fields,
  });

  it('links an existing account by its verified e-mail, then by the identity alone', async () => {
    const existing = await signUp(ctx.app);
    const who = identity({ email: existing.user.email });
    const first = await ctx.services.accounts.signInWithIdentity(who, undefined, client);
    expect(first.user.id).toBe(existing.user.id);
    // The provider's e-mail may change later: the identity keeps the link.
    const again = await ctx.services.accounts.signInWithIdentity(
      { ...who, email: 'changed@example.com' },
      undefined,
      client,
    );
    expect(again.user.id).toBe(existing.user.id);
    expect((await clientFor(ctx.app, again).get('/api/links')).statusCode).toBe(200);
  });

  it('hands an account linked by e-mail to the identity alone: its password, sessions and tokens end', async () => {
    const existing = await signUp(ctx.app);
    const owner = clientFor(ctx.app, existing);
    const token = (await owner.post('/api/tokens', { name: 'Script', scopes: ['read'] })).json().token;
    await ctx.services.accounts.signInWithIdentity(
      identity({ email: existing.user.email }),
      undefined,
      client,
    );
    expect((await owner.get('/api/links')).statusCode).toBe(401);
    expect((await clientFor(ctx.app, { access_token: token }).get('/api/links')).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: existing.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('never links an account another identity of the same provider holds (an address that changed hands)', async () => {
    const first = identity();
    const held = await ctx.services.accounts.signInWithIdentity(first, undefined, client);
    await expect(
      ctx.services.accounts.signInWithIdentity({ ...identity(), email: first.email }, undefined, client),
    ).rejects.toThrow(
      'The account with this e-mail address belongs to another sign-in at your identity provider',
    );
    // Another provider's identity with that verified address may still link.
    const other = await ctx.services.accounts.signInWithIdentity(
      { ...identity(), issuer: 'https://other-id.example', email: first.email },
      undefined,
      client,
    );
    expect(other.user.id).toBe(held.user.id);
  });

  it('never links by an e-mail the provider did not verify', async () => {
    const existing = await signUp(ctx.app);
    await expect(
      ctx.services.accounts.signInWithIdentity(
        identity({ email: existing.user.email, emailVerified: false }),
        undefined,
        client,
      ),
    ).rejects.toThrow('Your identity provider did not confirm your e-mail address');
  });

  it('makes a new account without a password, let in as sign-ups are', async () => {
    const who = identity();
    const session = await ctx.services.accounts.signInWithIdentity(who, undefined, client);
    expect(session.user).toMatchObject({ email: who.email, name: 'Grace Hopper', role: 'user' });
    // No password was ever set: none signs in.
    for (const password of ['x', TEST_PASSWORD]) {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: who.email, password },
      });
      expect(login.statusCode).toBe(401);
    }
  });

  it('refuses a new identity while sign-ups are closed, and a disabled account', async () => {
    const admin = await ctx.database.db
      .selectFrom('users')
      .select(['id'])
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    await ctx.services.admin.updateSettings({ signups: 'closed' });
    await expect(ctx.services.accounts.signInWithIdentity(identity(), undefined, client)).rejects.toThrow(
      'Sign-ups are closed on this server',
    );
    await ctx.services.admin.updateSettings({ signups: 'open' });
    const who = identity();
    const session = await ctx.services.accounts.signInWithIdentity(who, undefined, client);
    await ctx.services.admin.update(admin.id, session.user.id, { disabled: true });
    await expect(ctx.services.accounts.signInWithIdentity(who, undefined, client)).rejects.toThrow(
      'This account has been disabled by an administrator',
    );
  });
});
