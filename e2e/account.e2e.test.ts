import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../contracts/index.js';
import {
  DESKTOP,
  type E2E,
  type TestUser,
  describeE2E,
  expectHidden,
  expectPath,
  expectVisible,
  useE2E,
} from './harness.js';
import { SCREENSHOT_DIR, captureScreen, expectNoSeriousViolations } from './screens.js';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A sign-in of `user` from another browser: its session, as that browser would hold it. */
async function signInElsewhere(e2e: E2E, user: TestUser, userAgent: string, password = user.password) {
  const res = await fetch(e2e.url('/api/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email: user.email, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Session;
}

/** Whether a session's access token still opens the account. */
async function stillSignedIn(e2e: E2E, session: Session): Promise<boolean> {
  const res = await fetch(e2e.url('/api/auth/user'), {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  return res.status === 200;
}

describeE2E('Settings → Account', () => {
  const e2e = useE2E();
  const section = (page: Page) => page.getByRole('region', { name: 'Account', exact: true });

  beforeAll(() => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });

  it('changes the name, signs another browser out, changes the password, and deletes the account', async () => {
    const user = await e2e.createUser({ name: 'Ada Lovelace' });
    const firefox = await signInElsewhere(e2e, user, FIREFOX);
    const phone = await signInElsewhere(e2e, user, IPHONE);
    const page = await e2e.newPage();
    await e2e.signIn(page, user, '/app/settings#account');
    const account = section(page);

    // The sessions: this browser first and marked, the others by their browser and system.
    const sessions = account.getByRole('listitem');
    await expectVisible(sessions.filter({ hasText: 'This device' }).filter({ hasText: 'Chrome on Linux' }));
    await expectVisible(account.getByRole('listitem', { name: 'Firefox on Windows' }));
    await expectVisible(account.getByRole('listitem', { name: 'Safari on iOS' }));

    // The name, saved with the keyboard.
    const name = account.getByLabel('Name');
    await name.fill('Ada King');
    await name.press('Enter');
    await expectVisible(account.getByRole('status').filter({ hasText: 'Saved.' }));
    const seenElsewhere = await fetch(e2e.url('/api/auth/user'), {
      headers: { authorization: `Bearer ${firefox.access_token}` },
    });
    expect(((await seenElsewhere.json()) as { name: string }).name).toBe('Ada King');

    // One other browser signed out from here.
    await account
      .getByRole('listitem', { name: 'Firefox on Windows' })
      .getByRole('button', { name: /^Sign out Firefox on Windows/ })
      .click();
    await expectHidden(account.getByRole('listitem', { name: 'Firefox on Windows' }));
    expect(await stillSignedIn(e2e, firefox)).toBe(false);

    // The password: a wrong current one is said so; the right one changes it and signs the rest out.
    await account.getByLabel('Current password').fill('not my password');
    await account.getByLabel('New password').fill('a much better passphrase');
    await account.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(account.getByRole('alert').filter({ hasText: 'The password is not correct' }));
    await account.getByLabel('Current password').fill(user.password);
    await account.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(account.getByText('Password changed. Your other sessions were signed out.'));
    expect(await stillSignedIn(e2e, phone)).toBe(false);
    await expectHidden(account.getByRole('listitem', { name: 'Safari on iOS' }));
    await page.reload();
    await expectVisible(section(page).getByRole('listitem', { name: 'Chrome on Linux' }));

    // The account, after its password; the app then shows the signed-out pages.
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expectVisible(dialog.getByRole('alert').filter({ hasText: 'The password is not correct' }));
    await dialog.getByLabel('Password').fill('a much better passphrase');
    await dialog.getByLabel('Password').press('Enter');
    await expectPath(page, '/');
    const login = await fetch(e2e.url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'a much better passphrase' }),
    });
    expect(login.status).toBe(401);
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(theme, () => {
      let page: Page;

      beforeAll(async () => {
        const user = await e2e.createUser({ name: 'Ada Lovelace' });
        for (let i = 1; i <= 3; i++) await user.api.link({ url: `https://example.com/essay-${i}` });
        await signInElsewhere(e2e, user, FIREFOX);
        await signInElsewhere(e2e, user, IPHONE);
        page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await e2e.signIn(page, user, '/app/settings');
      });

      it('settings-account: profile, password and the signed-in sessions', async () => {
        await expectVisible(section(page).getByRole('listitem', { name: 'Safari on iOS' }));
        expectNoSeriousViolations(
          await captureScreen(page, 'settings-account', theme, true),
          `settings-account (${theme})`,
        );
      });

      it('settings-account-delete: the question before the account goes', async () => {
        await page.setViewportSize(DESKTOP);
        await page.getByRole('button', { name: 'Delete account…' }).click();
        await expectVisible(page.getByRole('dialog', { name: 'Delete your account?' }));
        expectNoSeriousViolations(
          await captureScreen(page, 'settings-account-delete', theme),
          `settings-account-delete (${theme})`,
        );
        await page.keyboard.press('Escape');
        await expectHidden(page.getByRole('dialog', { name: 'Delete your account?' }));
      });
    });
  }
});
