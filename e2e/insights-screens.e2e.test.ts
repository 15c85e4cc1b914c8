import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { formatIsoWeek, shiftWeek } from '../contracts/index.js';
import { type TestUser, describeE2E, expectVisible, useE2E } from './harness.js';
import { type SeededWeek, seedInsightsWeek } from './insights-seed.js';
import { SCREENSHOT_DIR, expectCleanScreen } from './screens.js';

/**
 * Insights (issue 19) at 1280 px and 390 px, light and dark, into e2e/screenshots/, each checked with
 * axe-core like the main screens (screens.ts): a week with its chart, lists, digest (a very long title
 * among it) and rediscovered links; an empty week; and the sidebar's way in. The journey itself is
 * e2e/insights.e2e.test.ts.
 */
describeE2E('insights screens', () => {
  const e2e = useE2E();
  let user: TestUser;
  let seeded: SeededWeek;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    user = await e2e.createUser({ name: 'Ada Lovelace' });
    seeded = await seedInsightsWeek(e2e.database, user);
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(theme, () => {
      let page: Page;
      const shoot = (name: string, fullPage = false) => expectCleanScreen(page, name, theme, fullPage);
      const open = async (path: string) => {
        page = await e2e.newPage({ dark: theme === 'dark' });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await e2e.signIn(page, user, path);
      };

      it("insights: last week's report", async () => {
        await open('/app/insights');
        const rediscover = page.getByRole('region', { name: 'Rediscover' });
        await expectVisible(rediscover.getByRole('article', { name: 'Baking bread at altitude' }));
        // Every picture in, so that the full-page picture holds them.
        await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
        await expectVisible(rediscover.locator('img').first());
        await page.waitForFunction('[...document.images].every((image) => image.complete)');
        await shoot('insights', true);
      });

      it('insights-empty: a week with nothing saved', async () => {
        await open(`/app/insights?week=${formatIsoWeek(shiftWeek(seeded.week, -1))}`);
        await expectVisible(page.getByRole('heading', { name: 'Nothing saved this week' }));
        await shoot('insights-empty');
      });

      it('dashboard-insights: the way to Insights in the sidebar, and in the menu of a phone', async () => {
        await open('/app');
        await expectVisible(page.getByRole('link', { name: 'Insights' }));
        await shoot('dashboard-insights');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expectVisible(page.getByRole('link', { name: 'Insights' }));
        await page.waitForTimeout(100);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `dashboard-insights-menu-390-${theme}.png`) });
      });
    });
  }
});
