import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { DESKTOP, type TestUser, describeE2E, expectVisible, useE2E } from './harness.js';
import { SCOPES, connectOverHttp, registerClient } from './oauth-client.js';
import { SCREENSHOT_DIR, captureScreen, expectNoSeriousViolations } from './screens.js';

/**
 * The screens of assistant access at 1280 px and 390 px, light and dark, into e2e/screenshots/,
 * each checked with axe-core like the main screens (screens.ts).
 */

const REDIRECT = 'https://assistant.example.com/oauth/callback';

interface Screen {
  name: string;
  who: 'nobody' | 'connected' | 'new';
  path: () => string;
  ready(page: Page): Promise<void>;
}

describeE2E('assistant access screens', () => {
  const e2e = useE2E();
  const users = {} as Record<'connected' | 'new', TestUser>;
  let clientId: string;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    users.connected = await e2e.createUser({ name: 'Ada Lovelace' });
    users.new = await e2e.createUser({ name: 'Charles Babbage' });
    clientId = await registerClient(e2e.baseURL, 'Claude', REDIRECT);
    await connectOverHttp(e2e.baseURL, users.connected, 'Research Helper');
  });

  const consent = (client: string, appName: string) =>
    `/oauth/consent?${new URLSearchParams({
      client_id: client,
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      scope: SCOPES,
      state: 'xyz',
      app_name: appName,
      session_token: 'demo-session',
    }).toString()}`;

  const SCREENS: Screen[] = [
    {
      name: 'oauth-login',
      who: 'nobody',
      path: () => `/oauth/login?session=demo-session&client_id=${encodeURIComponent(clientId)}`,
      ready: (page) => expectVisible(page.getByRole('heading', { name: 'Sign in to Linkvault' })),
    },
    {
      name: 'oauth-login-continue',
      who: 'connected',
      path: () => `/oauth/login?session=demo-session&client_id=${encodeURIComponent(clientId)}`,
      ready: (page) => expectVisible(page.getByRole('button', { name: 'Continue as Ada Lovelace' })),
    },
    {
      name: 'oauth-consent',
      who: 'connected',
      path: () => consent(clientId, 'Claude'),
      // Registered by itself (RFC 7591): whatever it calls itself, nobody vouches for it.
      ready: async (page) => {
        await expectVisible(page.getByRole('heading', { name: 'Claude wants to access your Linkvault' }));
        await expectVisible(page.getByText('Unverified', { exact: true }));
      },
    },
    {
      name: 'oauth-consent-unverified',
      who: 'connected',
      path: () => consent('https://unknown.example.com/client.json', 'Mystery Assistant'),
      ready: (page) => expectVisible(page.getByText('Unverified', { exact: true })),
    },
    {
      name: 'oauth-resume-error',
      who: 'connected',
      path: () => '/oauth/resume?session=expired-session',
      ready: (page) => expectVisible(page.getByRole('heading', { name: 'Authorization Error' })),
    },
    {
      name: 'oauth-invalid-request',
      who: 'nobody',
      path: () => '/oauth/consent',
      ready: (page) => expectVisible(page.getByRole('heading', { name: 'Invalid Request' })),
    },
    {
      name: 'settings',
      who: 'connected',
      path: () => '/app/settings',
      ready: (page) => expectVisible(page.getByRole('listitem', { name: 'Research Helper' })),
    },
    {
      name: 'settings-revoke',
      who: 'connected',
      path: () => '/app/settings',
      async ready(page) {
        await page.getByRole('button', { name: 'Revoke access for Research Helper' }).click();
        await expectVisible(page.getByRole('dialog', { name: 'Revoke access for Research Helper?' }));
      },
    },
    {
      name: 'settings-empty',
      who: 'new',
      path: () => '/app/settings',
      ready: (page) => expectVisible(page.getByText('No connected apps')),
    },
  ];

  // One test per screen (each with its own time budget), sharing a page per theme so sign-ins are few.
  for (const theme of ['light', 'dark'] as const) {
    describe(theme, () => {
      let page: Page;
      let signedInAs: Screen['who'] = 'nobody';
      beforeAll(async () => {
        page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await page.setViewportSize(DESKTOP);
      });

      for (const screen of SCREENS) {
        it(screen.name, async () => {
          if (screen.who !== signedInAs) {
            await e2e.context.clearCookies();
            if (screen.who !== 'nobody') await e2e.signIn(page, users[screen.who], '/app');
            signedInAs = screen.who;
          }
          await page.setViewportSize(DESKTOP);
          await page.goto(screen.path());
          await screen.ready(page);
          expectNoSeriousViolations(
            await captureScreen(page, screen.name, theme),
            `${screen.name} (${theme})`,
          );
        });
      }
    });
  }
});
