import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, describeE2E, expectHidden, expectVisible, useE2E } from './harness.js';
import { SCREENSHOT_DIR, captureScreen, expectNoSeriousViolations } from './screens.js';

describeE2E('Settings → API tokens', () => {
  const e2e = useE2E();
  const section = (page: Page) => page.getByRole('region', { name: 'API tokens' });

  beforeAll(() => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });

  it('creates a token shown once, which a script then saves a link with, and revokes it', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    await e2e.signIn(page, user, '/app/settings#api-tokens');
    const tokens = section(page);
    await expectVisible(tokens.getByText(/^No tokens yet\./));

    await tokens.getByLabel('Name').fill('Save from the terminal');
    await tokens.getByRole('radio', { name: /^Read and write/ }).check();
    await tokens.getByLabel('Expires').selectOption({ label: '30 days' });
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const secret = await tokens.getByLabel('Token', { exact: true }).inputValue();
    expect(secret).toMatch(/^lvp_/);

    const saved = await fetch(e2e.url('/api/links'), {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/from-a-script' }),
    });
    expect(saved.status).toBe(201);

    await tokens.getByRole('button', { name: 'Done' }).click();
    await expectHidden(tokens.getByLabel('Token', { exact: true }));
    const row = tokens.getByRole('listitem', { name: 'Save from the terminal' });
    await expectVisible(row.getByText('Read and write'));
    await page.reload();
    await expectVisible(
      section(page)
        .getByRole('listitem', { name: 'Save from the terminal' })
        .getByText(/^Last used /),
    );

    await section(page).getByRole('button', { name: 'Revoke Save from the terminal' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await expectVisible(section(page).getByText(/^No tokens yet\./));
    const refused = await fetch(e2e.url('/api/links'), { headers: { authorization: `Bearer ${secret}` } });
    expect(refused.status).toBe(401);
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(theme, () => {
      let page: Page;

      beforeAll(async () => {
        const user = await e2e.createUser();
        page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await e2e.signIn(page, user, '/app/settings#api-tokens');
        const tokens = section(page);
        for (const [name, write] of [
          ['Nightly backup to the NAS', false],
          ['Raycast quick save', true],
        ] as const) {
          await tokens.getByLabel('Name').fill(name);
          if (write) await tokens.getByRole('radio', { name: /^Read and write/ }).check();
          await tokens.getByRole('button', { name: 'Create token' }).click();
          await tokens.getByRole('button', { name: 'Done' }).click();
        }
        await tokens.getByLabel('Name').fill('Obsidian sync');
        await tokens.getByRole('button', { name: 'Create token' }).click();
        await expectVisible(tokens.getByLabel('Token', { exact: true }));
      });

      it('settings-tokens: a new token shown once, and the tokens made before', async () => {
        expectNoSeriousViolations(
          await captureScreen(page, 'settings-tokens', theme, true),
          `settings-tokens (${theme})`,
        );
      });

      it('settings-tokens-revoke: the question before a token stops working', async () => {
        await page.setViewportSize(DESKTOP);
        await section(page).getByRole('button', { name: 'Revoke Raycast quick save' }).click();
        await expectVisible(page.getByRole('dialog', { name: 'Revoke “Raycast quick save”?' }));
        expectNoSeriousViolations(
          await captureScreen(page, 'settings-tokens-revoke', theme),
          `settings-tokens-revoke (${theme})`,
        );
        await page.keyboard.press('Escape');
      });

      it('settings-tokens-form: a new token being made, a name and its access chosen', async () => {
        await page.setViewportSize(DESKTOP);
        await section(page).getByRole('button', { name: 'Done' }).click();
        await section(page).getByLabel('Name').fill('Home Assistant');
        await section(page)
          .getByRole('radio', { name: /^Read and write/ })
          .check();
        expectNoSeriousViolations(
          await captureScreen(page, 'settings-tokens-form', theme, true),
          `settings-tokens-form (${theme})`,
        );
      });
    });
  }
});
