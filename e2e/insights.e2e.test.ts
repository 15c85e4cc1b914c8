import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { formatIsoWeek, shiftWeek, weekLabel } from '../contracts/index.js';
import { type TestUser, describeE2E, expectPath, expectVisible, useE2E } from './harness.js';
import { LONG_TITLE, SEEDED, type SeededWeek, seedInsightsWeek } from './insights-seed.js';

/**
 * Issue 19, the weekly insight report: from the sidebar to last week's report (its figures, days, folders,
 * tags, digest and rediscovered links), a digest title to the link's details, the weeks before and after
 * (the week under way is the last), an empty week, and the command palette's way in.
 */
describeE2E('Insights', () => {
  const e2e = useE2E();
  let user: TestUser;
  let seeded: SeededWeek;
  let page: Page;
  const report = () => page.getByRole('region', { name: 'Week report' });
  const weekNav = () => page.getByRole('navigation', { name: 'Week' });
  const figure = (label: string) =>
    report()
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('+ dd');

  beforeAll(async () => {
    user = await e2e.createUser({ name: 'Ada Lovelace' });
    seeded = await seedInsightsWeek(e2e.database, user);
  });

  it("shows last week's report, opened from the sidebar", async () => {
    page = await e2e.newPage();
    await e2e.signIn(page, user, '/app');
    await page.getByRole('navigation', { name: 'Library' }).getByRole('link', { name: 'Insights' }).click();
    await expectPath(page, '/app/insights');
    await expectVisible(page.getByRole('heading', { name: 'Insights', level: 1 }));
    await expectVisible(weekNav().getByText(weekLabel(seeded.week)));
    await expectVisible(weekNav().getByText('Last week'));

    await expect.poll(() => figure('Saved').textContent()).toBe(String(SEEDED.saved));
    expect(await figure('Read').textContent()).toBe(String(SEEDED.read));
    expect(await figure('Still unread').textContent()).toBe(String(SEEDED.unread));
    expect(await figure('New tags').textContent()).toBe(String(SEEDED.newTags.length));

    const days = report().getByRole('list', { name: 'Links saved each day' }).getByRole('listitem');
    expect(await days.count()).toBe(7);
    await expectVisible(days.first().getByText(/^Monday, .*: 2 links$/));
    await expectVisible(days.nth(5).getByText(/^Saturday, .*: 0 links$/));

    const folders = report().getByRole('region', { name: 'By folder' });
    await expectVisible(folders.getByRole('link', { name: 'Design' }));
    const tags = report().getByRole('region', { name: 'Top tags' });
    await expectVisible(tags.getByRole('link', { name: '#design' }));
    const platforms = report().getByRole('region', { name: 'By platform' });
    await expectVisible(platforms.getByText('YouTube'));
    for (const tag of SEEDED.newTags) {
      await expectVisible(
        report()
          .getByRole('region', { name: 'New tags' })
          .getByRole('link', { name: `#${tag}` }),
      );
    }

    const rediscover = report().getByRole('region', { name: 'Rediscover' });
    await expectVisible(
      rediscover.getByRole('article', { name: 'The Design of Everyday Things, revisited' }),
    );
    await expect.poll(() => rediscover.getByRole('article').count()).toBe(5);
    await expect.poll(() => rediscover.getByText('Gardening in small spaces').count()).toBe(0);
  });

  it("opens a digest link's details", async () => {
    const digest = report().getByRole('region', { name: 'Digest' });
    await expect.poll(() => digest.getByRole('listitem').count()).toBe(SEEDED.saved);
    await digest.getByRole('link', { name: LONG_TITLE }).click();
    // The dashboard opens ?link= and takes it out of the address.
    const details = page.getByRole('dialog', { name: 'Link Details' });
    await expectVisible(details.getByText(LONG_TITLE));
    await expectPath(page, '/app');
    await page.goBack();
    await expectPath(page, `/app/insights`);
  });

  it('goes to the week under way and no further, and back to an empty week', async () => {
    await weekNav().getByRole('button', { name: 'Next week' }).click();
    await expectVisible(weekNav().getByText('This week, so far'));
    await expectPath(page, `/app/insights?week=${formatIsoWeek(shiftWeek(seeded.week, 1))}`);
    expect(await weekNav().getByRole('button', { name: 'Next week' }).isDisabled()).toBe(true);

    await weekNav().getByRole('button', { name: 'Previous week' }).click();
    await weekNav().getByRole('button', { name: 'Previous week' }).click();
    const earlier = shiftWeek(seeded.week, -1);
    await expectVisible(weekNav().getByText(weekLabel(earlier)));
    await expectVisible(report().getByRole('heading', { name: 'Nothing saved this week' }));
    await report().getByRole('button', { name: 'See the week before' }).click();
    await expectVisible(weekNav().getByText(weekLabel(shiftWeek(earlier, -1))));
    await page.goBack();
    await expectVisible(weekNav().getByText(weekLabel(earlier)));
  });

  it('shows last week for a week it cannot show, and is found in the command palette', async () => {
    await page.goto('/app/insights?week=2099-W01');
    await expectVisible(weekNav().getByText(weekLabel(seeded.week)));
    await page.goto('/app');
    await expectVisible(page.getByRole('button', { name: 'Save Link' }).first());
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Go to or do' });
    await palette.getByRole('combobox').fill('insig');
    await palette.getByRole('option', { name: 'Insights' }).click();
    await expectPath(page, '/app/insights');
  });
});
