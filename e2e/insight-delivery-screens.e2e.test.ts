import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../server/lib/ids.js';
import { hashSecret, newSecret } from '../server/lib/secrets.js';
import { type TestUser, acceptDialog, describeE2E, expectVisible, useE2E } from './harness.js';
import { SCREENSHOT_DIR, expectCleanScreen } from './screens.js';

/**
 * The Insights page's "Every week" part (issue 19) at 1280 px and 390 px, light and dark, each checked with
 * axe-core (screens.ts): on a server that sends mail, the weekly e-mail turned on and a private feed's
 * address just made (and read, as a feed reader would), and a mail's unsubscribe link followed signed
 * out; on one without SMTP_URL, the switch shown off and disabled, with why.
 */
const shots = (theme: 'light' | 'dark', e2e: ReturnType<typeof useE2E>, user: () => TestUser) => {
  let page: Page;
  const open = async () => {
    page = await e2e.newPage({ dark: theme === 'dark' });
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await e2e.signIn(page, user(), '/app/insights');
    await expectVisible(page.getByRole('heading', { name: 'Every week' }));
    return page;
  };
  return { open, shoot: (name: string) => expectCleanScreen(page, name, theme, true) };
};

describeE2E('insight delivery screens: a server that sends mail', () => {
  // Workers are off in the e2e harness: nothing is ever sent to this address.
  const e2e = useE2E({
    config: () => ({ mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'Linkvault <linkvault@example.com>' } }),
  });
  beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }));

  for (const theme of ['light', 'dark'] as const) {
    describe(theme, () => {
      let user: TestUser;
      beforeAll(async () => {
        user = await e2e.createUser({ name: 'Ada Lovelace' });
      });
      const screen = shots(theme, e2e, () => user);

      it('insights-delivery: the weekly e-mail on, and a private feed address to copy', async () => {
        const page = await screen.open();
        const toggle = page.getByRole('switch', { name: 'Weekly e-mail' });
        expect(await toggle.getAttribute('aria-checked')).toBe('false');
        await toggle.click();
        await expectVisible(page.getByText(/The next one comes on Monday/));
        expect(await toggle.getAttribute('aria-checked')).toBe('true');
        await page.getByRole('button', { name: 'Make feed address' }).click();
        const address = page.getByRole('textbox', { name: 'Feed address' });
        await expectVisible(address);
        const url = await address.inputValue();
        expect(url).toMatch(/\/api\/insights\/feed\.atom\?token=lvi_/);
        const feed = await fetch(url);
        expect(feed.status).toBe(200);
        expect(await feed.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
        await screen.shoot('insights-delivery');

        // A new address replaces the old one, which then answers 404.
        const confirm = await acceptDialog(page, () =>
          page.getByRole('button', { name: 'New address' }).click(),
        );
        expect(confirm.message()).toMatch(/stop getting your reports/);
        await expect.poll(() => address.inputValue()).not.toBe(url);
        expect((await fetch(url)).status).toBe(404);
      });

      it('insights-unsubscribe: a mail’s link asks, and its button turns the e-mail off, signed out', async () => {
        // The link of a mail sent to this person (the mailer itself is tested against an SMTP server).
        const token = newSecret('insightUnsubscribe');
        await e2e.database.db
          .insertInto('insight_mails')
          .values({
            id: newId(),
            user_id: user.id,
            week: '2026-W10',
            status: 'sent',
            due_at: new Date().toISOString(),
            created_at: new Date().toISOString(),
            sent_at: new Date().toISOString(),
            unsubscribe_hash: hashSecret(token),
          })
          .execute();
        const page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await page.goto(e2e.url(`/api/insights/unsubscribe?token=${token}`));
        await expectVisible(page.getByRole('heading', { name: 'Stop the weekly e-mail?' }));
        await expectCleanScreen(page, 'insights-unsubscribe', theme);
        await page.getByRole('button', { name: 'Unsubscribe' }).click();
        await expectVisible(page.getByRole('heading', { name: 'Unsubscribed' }));
        await expectCleanScreen(page, 'insights-unsubscribed', theme);
        expect((await e2e.services.insightDelivery.get(user.id)).weeklyEmail).toBe(false);
      });
    });
  }
});

describeE2E('insight delivery screens: a server without SMTP_URL', () => {
  const e2e = useE2E();
  beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }));

  for (const theme of ['light', 'dark'] as const) {
    describe(theme, () => {
      let user: TestUser;
      beforeAll(async () => {
        user = await e2e.createUser({ name: 'Charles Babbage' });
      });
      const screen = shots(theme, e2e, () => user);

      it('insights-delivery-no-mail: the switch off and disabled, saying why', async () => {
        const page = await screen.open();
        const toggle = page.getByRole('switch', { name: 'Weekly e-mail' });
        expect(await toggle.isDisabled()).toBe(true);
        await expectVisible(page.getByText(/This server does not send e-mail/));
        await screen.shoot('insights-delivery-no-mail');
      });
    });
  }
});
