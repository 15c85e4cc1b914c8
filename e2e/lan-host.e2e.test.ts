import type { Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, expectVisible, useE2E } from './harness.js';

/**
 * The app opened over plain http by a LAN name (http://nas.local:3000) showed a blank page,
 * because the Content-Security-Policy asked the browser to upgrade its requests to https. To Chromium a
 * name other than localhost is no secure context, as for a person on their network.
 */
describeE2E('the app over http on a LAN name', () => {
  const e2e = useE2E({ host: 'linkvault-nas.test' });

  it('loads, signs up, stays signed in across a reload and signs out, all over http', async () => {
    const page = await e2e.newPage();
    const upgraded: string[] = [];
    page.on('request', (request: Request) => {
      if (request.url().startsWith('https:')) upgraded.push(request.url());
    });
    await page.goto('/app');
    expect(page.url()).toMatch(/^http:\/\/linkvault-nas\.test:\d+\//);
    await page.getByRole('button', { name: /create an account|sign up|register/i }).click();
    await page.getByLabel('Full name').fill('Nas Owner');
    await page.getByLabel('E-mail').fill('nas@example.com');
    await page.getByLabel('Password').fill('home network only');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectVisible(page.getByRole('button', { name: 'Save Link' }));

    // The reload signs in again with the refresh cookie, sent from this origin.
    await page.reload();
    await expectVisible(page.getByText('nas@example.com', { exact: true }));
    await page.getByRole('button', { name: /log ?out|sign out/i }).click();
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
    await expectVisible(signIn);
    await page.reload();
    await expectVisible(signIn);
    expect(upgraded).toEqual([]);
  });
});
