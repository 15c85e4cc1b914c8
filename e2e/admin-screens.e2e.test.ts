import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import type { OneTimeLink, SignupMode } from '../contracts/index.js';
import { DESKTOP, type TestUser, describeE2E, expectVisible, useE2E } from './harness.js';
import { SCREENSHOT_DIR, expectCleanScreen } from './screens.js';

/**
 * Admin and the pages its links open (issue 18) at 1280 px and 390 px, light and dark, into
 * e2e/screenshots/, each checked with axe-core like the main screens (screens.ts). The journey itself is
 * e2e/admin.e2e.test.ts.
 */

const LONG_EMAIL = 'bartholomew.featherstonehaugh-worthington@household-of-a-rather-long-domain.example.org';

describeE2E('admin screens', () => {
  const e2e = useE2E();
  let grace: TestUser;
  let alan: TestUser;

  const asAdmin = <T>(method: string, path: string, body?: unknown) =>
    grace.api.request<T>(method, path, body);
  const signups = (mode: SignupMode) => asAdmin('PATCH', '/api/admin/settings', { signups: mode });
  const pathOf = (link: OneTimeLink) => {
    const { pathname, hash } = new URL(link.url);
    return `${pathname}${hash}`;
  };

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    // The first account is the admin.
    grace = await e2e.createUser({ name: 'Grace Hopper', email: 'grace@example.com' });
    alan = await e2e.createUser({ name: 'Alan Turing', email: 'alan@example.com' });
    const bart = await e2e.createUser({
      name: 'Bartholomew Featherstonehaugh-Worthington',
      email: LONG_EMAIL,
    });
    const ada = await e2e.createUser({ name: 'Ada Lovelace', email: 'ada@example.com' });
    const katherine = await e2e.createUser({ name: 'Katherine Johnson', email: 'katherine@example.com' });
    for (const [user, count] of [
      [grace, 4],
      [alan, 12],
      [bart, 1],
      [ada, 3],
    ] as const) {
      for (let n = 0; n < count; n += 1) await user.api.link({ url: `https://example.com/${user.id}/${n}` });
    }
    await asAdmin('PATCH', `/api/admin/users/${ada.id}`, { role: 'admin' });
    await asAdmin('PATCH', `/api/admin/users/${katherine.id}`, { disabled: true });
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(theme, () => {
      let page: Page;
      const shoot = (name: string, fullPage = false) => expectCleanScreen(page, name, theme, fullPage);

      async function open(path: string, signedIn: boolean) {
        page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        if (signedIn) await e2e.signIn(page, grace, path);
        else await page.goto(path);
      }

      it('admin: the accounts, sign-ups and invites', async () => {
        await signups('invite');
        await open('/app/admin', true);
        await expectVisible(page.getByRole('listitem', { name: 'Alan Turing' }).getByText('12 links'));
        await expectVisible(page.getByRole('radio', { name: /^Invite only/, checked: true }));
        await shoot('admin', true);
      });

      it('admin-links: an invite and a password reset link, each shown once', async () => {
        await page.setViewportSize(DESKTOP);
        await page.getByRole('button', { name: 'Create invite link' }).click();
        await page.getByRole('button', { name: 'Password reset link: Alan Turing' }).click();
        await expectVisible(page.getByLabel('Password reset link', { exact: true }));
        await expectVisible(page.getByLabel('Invite link', { exact: true }));
        await shoot('admin-links', true);
      });

      it('admin-delete: the question before an account and its library go', async () => {
        await page.setViewportSize(DESKTOP);
        await page.getByRole('button', { name: 'Delete: Bartholomew Featherstonehaugh-Worthington' }).click();
        await expectVisible(page.getByRole('dialog', { name: /^Delete Bartholomew/ }));
        await shoot('admin-delete');
        await page.keyboard.press('Escape');
      });

      it('admin-closed: sign-ups closed, so no invites', async () => {
        await signups('closed');
        await open('/app/admin', true);
        await expectVisible(page.getByRole('listitem', { name: 'Alan Turing' }));
        await page.getByRole('region', { name: 'Sign-ups' }).scrollIntoViewIfNeeded();
        await expectVisible(page.getByText(/^Sign-ups are closed, so an invite/));
        await shoot('admin-closed');
      });

      it('dashboard-admin: the way to Admin in the sidebar, and in the menu of a phone', async () => {
        await open('/app', true);
        await expectVisible(page.getByRole('link', { name: 'Admin' }));
        await shoot('dashboard-admin');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expectVisible(page.getByRole('link', { name: 'Admin' }));
        await page.waitForTimeout(100);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `dashboard-admin-menu-390-${theme}.png`) });
      });

      it('signup-closed: the sign-in form while sign-ups are closed', async () => {
        await open('/app', false);
        await expectVisible(page.getByText(/^Sign-ups are closed on this server/));
        await shoot('signup-closed');
      });

      it('signup-invite: the sign-in form while sign-ups are by invite', async () => {
        await signups('invite');
        await open('/app', false);
        await expectVisible(page.getByText(/^Sign-ups on this server are by invite only/));
        await shoot('signup-invite');
      });

      it('invite: the sign-up form an invite link opens', async () => {
        const invite = await asAdmin<OneTimeLink>('POST', '/api/admin/invites');
        await open(pathOf(invite), false);
        await expectVisible(page.getByRole('heading', { name: 'You’re invited' }));
        await shoot('invite');
      });

      it('invite-used: an invite link that was used already', async () => {
        await page.setViewportSize(DESKTOP);
        const invite = await asAdmin<OneTimeLink>('POST', '/api/admin/invites');
        const used = await fetch(e2e.url('/api/auth/signup'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Someone',
            email: `someone-${theme}@example.com`,
            password: 'a long enough password',
            invite: new URL(invite.url).hash.slice(1),
          }),
        });
        if (used.status !== 201) throw new Error(`sign-up with the invite: ${used.status}`);
        await open(pathOf(invite), false);
        await page.getByLabel('Full name').fill('Dorothy Vaughan');
        await page.getByLabel('E-mail').fill(`dorothy-${theme}@example.com`);
        await page.getByLabel('Password').fill('fortran team');
        await page.getByRole('button', { name: 'Create account' }).click();
        await expectVisible(page.getByRole('alert'));
        await shoot('invite-used');
      });

      it('reset: choosing a new password from a reset link', async () => {
        const reset = await asAdmin<OneTimeLink>('POST', `/api/admin/users/${alan.id}/password-reset`);
        await open(pathOf(reset), false);
        await page.getByLabel('New password', { exact: true }).fill('bombe at bletchley');
        await page.getByLabel('Confirm new password').fill('bombe at bletchley');
        await shoot('reset');
      });

      it('reset-done: the password set', async () => {
        await page.setViewportSize(DESKTOP);
        await page.getByRole('button', { name: 'Set password' }).click();
        await expectVisible(page.getByRole('heading', { name: 'Your password is set' }));
        await shoot('reset-done');
      });

      it('reset-used: a reset link used already', async () => {
        await page.setViewportSize(DESKTOP);
        await page.reload();
        await page.getByLabel('New password', { exact: true }).fill('a third password');
        await page.getByLabel('Confirm new password').fill('a third password');
        await page.getByRole('button', { name: 'Set password' }).click();
        await expectVisible(page.getByRole('alert'));
        await shoot('reset-used');
      });
    });
  }
});
