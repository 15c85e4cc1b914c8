import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Session } from '../contracts/index.js';
import { launchChromium } from './chromium.js';
import {
  ApiClient,
  DESKTOP,
  describeE2E,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  useE2E,
} from './harness.js';

interface Person {
  name: string;
  email: string;
  password: string;
}

const GRACE: Person = { name: 'Grace Hopper', email: 'grace@example.com', password: 'cobol is forever' };
const ALAN: Person = { name: 'Alan Turing', email: 'alan@example.com', password: 'enigma machine' };
const KATHERINE: Person = {
  name: 'Katherine Johnson',
  email: 'katherine@example.com',
  password: 'orbit 1962',
};
const DOROTHY: Person = { name: 'Dorothy Vaughan', email: 'dorothy@example.com', password: 'fortran team' };

/** The path and fragment of a link the server made for its PUBLIC_URL, opened on the test's server. */
const pathOf = (url: string) => {
  const { pathname, hash } = new URL(url);
  return `${pathname}${hash}`;
};

async function signUp(page: Page, person: Person): Promise<void> {
  await page.getByLabel('Full name').fill(person.name);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function signIn(page: Page, person: Person, password = person.password): Promise<void> {
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Issue 18, running it for a household: the first account is the admin; it sees the others, lets people
 * in by invite, hands out a password reset link, disables an account (whose open page loses its session)
 * and deletes one. Two browsers: the admin's (the harness's) and Alan's, open on his own computer.
 */
describeE2E('Admin', () => {
  const e2e = useE2E();
  const users = (page: Page) => page.getByRole('region', { name: 'Users' });
  const row = (page: Page, person: Person) => users(page).getByRole('listitem', { name: person.name });
  let admin: Page;
  let alansBrowser: { context: BrowserContext; close: () => Promise<void> };
  let alan: Page;
  const alansErrors: string[] = [];
  let invitePath: string;

  beforeAll(async () => {
    const { chromium } = inject('e2e');
    if (!chromium) throw new Error('no browser: this file should have been skipped');
    alansBrowser = await launchChromium(chromium, {
      viewport: DESKTOP,
      locale: 'en-US',
      baseURL: e2e.baseURL,
    });
    alansBrowser.context.setDefaultTimeout(20_000);
    alan = await alansBrowser.context.newPage();
    alan.on('pageerror', (error) => alansErrors.push(error.message));
  });

  afterAll(async () => {
    await alansBrowser?.close();
    expect(alansErrors, 'uncaught errors in Alan’s page').toEqual([]);
  });

  it('makes the first account the admin, and a second one a user who never sees Admin', async () => {
    admin = await e2e.newPage();
    await admin.goto('/app');
    await admin.getByRole('button', { name: 'Create an account' }).click();
    await expectVisible(admin.getByText(/this account will be the admin/));
    await signUp(admin, GRACE);
    await expectVisible(admin.getByRole('link', { name: 'Admin' }));

    await alan.goto('/app');
    await alan.getByRole('button', { name: 'Create an account' }).click();
    await expectVisible(alan.getByText(/^Start saving links/));
    await signUp(alan, ALAN);
    await expectVisible(alan.getByRole('button', { name: 'Save Link' }));
    expect(await alan.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await alan.goto('/app/admin');
    await expectPath(alan, '/app');

    const login = await fetch(e2e.url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ALAN.email, password: ALAN.password }),
    });
    const api = new ApiClient(e2e.baseURL, (await login.json()) as Session);
    await api.link({ url: 'https://example.com/on-computable-numbers', title: 'On Computable Numbers' });
    await api.link({ url: 'https://example.com/imitation-game', title: 'Computing Machinery' });
  });

  it('lists every account with its links, and keeps its only admin', async () => {
    await admin.getByRole('link', { name: 'Admin' }).click();
    await expectPath(admin, '/app/admin');
    const grace = row(admin, GRACE);
    await expectVisible(grace.getByText('You', { exact: true }));
    await expectVisible(grace.getByText('Admin', { exact: true }));
    await expectVisible(grace.getByText('0 links'));
    await expectVisible(row(admin, ALAN).getByText('2 links'));
    await expectVisible(row(admin, ALAN).getByText(ALAN.email));
    await expectVisible(row(admin, ALAN).getByText(/^Active (just now|\d+ minutes? ago)$/));
    expect(await grace.getByRole('button', { name: /^(Disable|Delete)/ }).count()).toBe(0);

    await grace.getByRole('button', { name: 'Make user: Grace Hopper' }).click();
    await expectText(grace.getByRole('alert'), 'This is the only admin: make another account an admin first');
  });

  it('lets sign-ups by invite only, and an invite in once', async () => {
    await admin.getByRole('radio', { name: /^Invite only/ }).check();
    await expect
      .poll(
        async () =>
          ((await (await fetch(e2e.url('/api/auth/options'))).json()) as { signups: string }).signups,
      )
      .toBe('invite');

    const invites = admin.getByRole('region', { name: 'Invites' });
    await invites.getByRole('button', { name: 'Create invite link' }).click();
    const url = await invites.getByLabel('Invite link', { exact: true }).inputValue();
    expect(url).toMatch(/\/invite#lvl_/);
    await expectVisible(invites.getByText(/^Works once, until /));
    invitePath = pathOf(url);

    const visitor = await e2e.newPage();
    await visitor.goto(invitePath);
    await expectVisible(visitor.getByRole('heading', { name: 'You’re invited' }));
    await signUp(visitor, KATHERINE);
    await expectVisible(visitor.getByRole('button', { name: 'Save Link' }));

    const another = await e2e.newPage();
    await another.goto(invitePath);
    await signUp(another, DOROTHY);
    await expectText(another.getByRole('alert'), /This invite link has already been used or has expired/);

    await another.goto('/app');
    await expectVisible(another.getByText('Sign-ups on this server are by invite only', { exact: false }));
    expect(await another.getByRole('button', { name: 'Create an account' }).count()).toBe(0);
  });

  it('hands out a password reset link, which sets a new password once', async () => {
    admin = await e2e.newPage();
    await admin.goto('/app');
    await signIn(admin, GRACE);
    await expectVisible(admin.getByRole('button', { name: 'Save Link' }));
    await admin.goto('/app/admin');
    await row(admin, ALAN).getByRole('button', { name: 'Password reset link: Alan Turing' }).click();
    const link = await row(admin, ALAN).getByLabel('Password reset link', { exact: true }).inputValue();
    expect(link).toMatch(/\/reset#lvl_/);

    // Alan opens it in his browser, where he is still signed in.
    await alan.goto(pathOf(link));
    await expectVisible(alan.getByRole('heading', { name: 'Choose a new password' }));
    await alan.getByLabel('New password', { exact: true }).fill('bombe at bletchley');
    await alan.getByLabel('Confirm new password').fill('bombe at bletchly');
    await alan.getByRole('button', { name: 'Set password' }).click();
    await expectText(alan.getByRole('alert'), 'The two passwords are not the same.');
    await alan.getByLabel('Confirm new password').fill('bombe at bletchley');
    await alan.getByRole('button', { name: 'Set password' }).click();
    await expectVisible(alan.getByRole('heading', { name: 'Your password is set' }));
    await alan.getByRole('link', { name: 'Sign in' }).click();
    await signIn(alan, ALAN, 'bombe at bletchley');
    await expectVisible(alan.getByRole('button', { name: 'Save Link' }));

    const old = await fetch(e2e.url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ALAN.email, password: ALAN.password }),
    });
    expect(old.status).toBe(401);

    const again = await e2e.context.newPage();
    await again.goto(pathOf(link));
    await again.getByLabel('New password', { exact: true }).fill('a third password');
    await again.getByLabel('Confirm new password').fill('a third password');
    await again.getByRole('button', { name: 'Set password' }).click();
    await expectText(again.getByRole('alert'), 'This reset link has already been used or has expired');
    await again.close();
  });

  it('disables an account, whose open page is signed out at its next request', async () => {
    await row(admin, ALAN).getByRole('button', { name: 'Disable: Alan Turing' }).click();
    await expectVisible(row(admin, ALAN).getByText('Disabled', { exact: true }));

    await alan.getByRole('link', { name: 'Favourites' }).click();
    await expectVisible(alan.getByRole('button', { name: 'Sign in', exact: true }));
    await signIn(alan, ALAN, 'bombe at bletchley');
    await expectText(alan.getByRole('alert'), 'This account has been disabled by an administrator');

    await row(admin, ALAN).getByRole('button', { name: 'Enable: Alan Turing' }).click();
    await expectHidden(row(admin, ALAN).getByText('Disabled', { exact: true }));
  });

  it('makes another admin, and deletes an account after asking', async () => {
    const katherine = row(admin, KATHERINE);
    await katherine.getByRole('button', { name: 'Make admin: Katherine Johnson' }).click();
    await expectVisible(katherine.getByText('Admin', { exact: true }));
    await katherine.getByRole('button', { name: 'Make user: Katherine Johnson' }).click();
    await expectHidden(katherine.getByText('Admin', { exact: true }));

    await katherine.getByRole('button', { name: 'Delete: Katherine Johnson' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete Katherine Johnson’s account?' });
    await expectVisible(dialog.getByText(/Everything they saved goes for good/));
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expectHidden(katherine);
    expect(await users(admin).getByRole('listitem').count()).toBe(2);

    const gone = await fetch(e2e.url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: KATHERINE.email, password: KATHERINE.password }),
    });
    expect(gone.status).toBe(401);
  });
});
