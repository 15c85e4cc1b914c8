import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useOidcProvider } from '../test/oidc-provider.js';
import { DESKTOP, describeE2E, expectPath, expectVisible, useE2E } from './harness.js';
import { SCREENSHOT_DIR, expectCleanScreen } from './screens.js';

/**
 * Single sign-on in Chromium against a real OpenID provider (oidc-provider) the test starts. The app is
 * opened by a name of its own (linkvault.test) and the provider by 127.0.0.1: two sites, as in life, so the
 * provider's redirect back is a cross-site navigation that the flow's cookie must survive.
 */
/** A provider the test starts, and the app (opened as linkvault.test) made its client; `only`: OIDC_ONLY. */
function useSingleSignOn(only: boolean) {
  const idp = useOidcProvider();
  const e2e = useE2E({
    host: 'linkvault.test',
    config: (origin) => {
      idp.allow(origin);
      return { oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, only } };
    },
  });

  /** From the sign-in page through the provider's own sign-in and consent pages, back to Linkvault. */
  async function signInAtProvider(page: Page, login: string): Promise<void> {
    await page.goto(e2e.url('/app'));
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  return { idp, e2e, signInAtProvider };
}

describeE2E('Single sign-on with OpenID Connect', () => {
  const { idp, e2e, signInAtProvider } = useSingleSignOn(false);

  beforeAll(() => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });

  it('signs a new person in and makes their account; the next sign-in finds it by the identity', async () => {
    const email = `grace-${Date.now()}@example.com`;
    idp.accounts.set('grace', { email, email_verified: true, name: 'Grace Hopper' });
    const page = await e2e.newPage();
    await signInAtProvider(page, 'grace');
    await expectPath(page, '/app');
    await expectVisible(page.getByText('Grace Hopper', { exact: true }).first());
    const user = await e2e.database.db
      .selectFrom('users')
      .innerJoin('oidc_identities', 'oidc_identities.user_id', 'users.id')
      .select(['users.id', 'users.email', 'oidc_identities.subject'])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.subject).toBe('grace');

    // The provider's address changed since: the subject still names the same account.
    idp.accounts.set('grace', { email: `new-${email}`, email_verified: true, name: 'Grace Hopper' });
    const again = await e2e.newPage();
    await signInAtProvider(again, 'grace');
    await expectVisible(again.getByText('Grace Hopper', { exact: true }).first());
    const accounts = await e2e.database.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'Grace Hopper')
      .execute();
    expect(accounts).toEqual([{ id: user.id }]);
  });

  it('links an account made with a password, by the e-mail the provider verified', async () => {
    const person = await e2e.createUser({ name: 'Ada Lovelace' });
    idp.accounts.set('ada', { email: person.email, email_verified: true, name: 'Ada (at work)' });
    const page = await e2e.newPage();
    await signInAtProvider(page, 'ada');
    // The account made with a password, by its own name, not a new one by the provider's.
    await expectVisible(page.getByText('Ada Lovelace', { exact: true }).first());
    const linked = await e2e.database.db
      .selectFrom('oidc_identities')
      .select('user_id')
      .where('subject', '=', 'ada')
      .executeTakeFirstOrThrow();
    expect(linked.user_id).toBe(person.id);
  });

  it('lets an invited person in through the provider while sign-ups are by invite, once', async () => {
    const admin = await e2e.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    await e2e.services.admin.updateSettings({ signups: 'invite' });
    const { url } = await e2e.services.admin.createInvite(admin.id);
    idp.accounts.set('katherine', {
      email: `katherine-${Date.now()}@example.com`,
      email_verified: true,
      name: 'Katherine Johnson',
    });
    const page = await e2e.newPage();
    await page.goto(e2e.url(`/invite#${url.split('#')[1]}`));
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await page.waitForURL((address) => address.origin === idp.issuer);
    expect(page.url()).not.toContain('lvl_');
    await page.locator('input[name="login"]').fill('katherine');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(page.getByText('Katherine Johnson', { exact: true }).first());

    // Without an invite, a newcomer is refused, and the page says why.
    idp.accounts.set('dorothy', {
      email: `dorothy-${Date.now()}@example.com`,
      email_verified: true,
      name: 'D',
    });
    const uninvited = await e2e.newPage();
    await signInAtProvider(uninvited, 'dorothy');
    await expectVisible(uninvited.getByText(/by invite only/).first());
    await e2e.services.admin.updateSettings({ signups: 'open' });
  });

  it('says on the sign-in page why an identity without a verified e-mail is refused', async () => {
    const person = await e2e.createUser();
    idp.accounts.set('mallory', { email: person.email, email_verified: false, name: 'Mallory' });
    const page = await e2e.newPage();
    await signInAtProvider(page, 'mallory');
    await expectPath(page, '/app');
    await expectVisible(page.getByText('Your identity provider did not confirm your e-mail address'));
    await expectVisible(page.getByRole('link', { name: 'Sign in with single sign-on' }));
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(theme, () => {
      it('signin-oidc: the sign-in page with single sign-on beside the password form', async () => {
        const page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await page.goto(e2e.url('/app'));
        await expectVisible(page.getByRole('link', { name: 'Sign in with single sign-on' }));
        await expectCleanScreen(page, 'signin-oidc', theme);
      });

      it('signin-oidc-refused: what the page says when the provider’s answer is refused', async () => {
        const page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await signInAtProvider(page, 'mallory');
        await expectVisible(page.getByText('Your identity provider did not confirm your e-mail address'));
        await expectCleanScreen(page, 'signin-oidc-refused', theme);
      });
    });
  }
});

describeE2E('Single sign-on only (OIDC_ONLY)', () => {
  const { idp, e2e, signInAtProvider } = useSingleSignOn(true);

  it('offers no password form, and signs the first person in as the admin', async () => {
    idp.accounts.set('root', { email: `root-${Date.now()}@example.com`, email_verified: true, name: 'Root' });
    const page = await e2e.newPage();
    await page.goto(e2e.url('/app'));
    await expectVisible(page.getByRole('link', { name: 'Sign in with single sign-on' }));
    expect(await page.getByLabel('Password').count()).toBe(0);
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize(DESKTOP);
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await expectCleanScreen(page, 'signin-oidc-only', theme);
    }
    await page.setViewportSize(DESKTOP);
    await signInAtProvider(page, 'root');
    await expectVisible(page.getByRole('link', { name: 'Admin' }));
  });
});
