import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, PHONE, type TestUser, describeE2E, expectVisible, useE2E } from './harness.js';
import { type SeededLibrary, seedLibrary } from './seed.js';

/**
 * Every main screen, at 1280 px and 390 px wide, in one colour scheme: a screenshot into e2e/screenshots/
 * (for people to look at) and an axe-core check (no serious or critical violation).
 * screens-light and screens-dark run this in parallel.
 */

export const SCREENSHOT_DIR = join(import.meta.dirname, 'screenshots');

type Who = 'nobody' | 'library' | 'empty';

interface Screen {
  name: string;
  who: Who;
  path: string | ((library: SeededLibrary) => string);
  fullPage?: boolean;
  /** Waits until the screen shows what it is about (and opens the dialog or panel it is about). */
  ready(page: Page, library: SeededLibrary): Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'landing',
    who: 'nobody',
    path: '/',
    fullPage: true,
    ready: (page) => expectVisible(page.getByRole('link', { name: 'Watch Demo' })),
  },
  {
    name: 'login',
    who: 'nobody',
    path: '/app',
    ready: (page) => expectVisible(page.getByRole('button', { name: 'Sign in', exact: true })),
  },
  {
    name: 'register',
    who: 'nobody',
    path: '/app',
    async ready(page) {
      await page.getByRole('button', { name: /create an account|sign up|register/i }).click();
      await expectVisible(page.getByRole('button', { name: 'Create account' }));
    },
  },
  {
    name: 'callback',
    who: 'nobody',
    path: '/callback?code=8f4c1e2a9b7d4e6f8a1c3e5b7d9f1a2c&state=abc',
    ready: (page) => expectVisible(page.getByRole('button', { name: 'Copy Authorization Code' })),
  },
  {
    name: 'dashboard-empty',
    who: 'empty',
    path: '/app',
    async ready(page) {
      await expectVisible(page.getByText('Your memory vault awaits'));
      await expectVisible(page.getByRole('link', { name: 'Bring your bookmarks' }));
    },
  },
  {
    name: 'dashboard',
    who: 'library',
    path: '/app',
    ready: (page) =>
      expectVisible(page.getByRole('article', { name: 'The Design of Everyday Things, revisited' })),
  },
  {
    name: 'favourites',
    who: 'library',
    path: '/app?view=favorites',
    ready: (page) => expectVisible(page.getByRole('article', { name: 'A field guide to sourdough' })),
  },
  {
    name: 'broken-links',
    who: 'library',
    path: '/app?view=broken',
    ready: (page) =>
      expectVisible(page.getByRole('article', { name: 'Postgres indexes explained with pictures' })),
  },
  {
    name: 'link-details-broken',
    who: 'library',
    path: '/app?view=broken',
    async ready(page) {
      await page.getByRole('button', { name: 'Postgres indexes explained with pictures' }).click();
      const details = page.getByRole('dialog', { name: 'Link Details' });
      await expectVisible(details.getByText(/The page seems to be gone/));
    },
  },
  {
    name: 'snippets',
    who: 'library',
    path: '/app?view=snippets',
    ready: (page) => expectVisible(page.getByText('Good design is as little design as possible.')),
  },
  {
    name: 'add-link-dialog',
    who: 'library',
    path: '/app',
    async ready(page) {
      await page.getByRole('button', { name: 'Save Link' }).first().click();
      await expectVisible(page.getByRole('dialog', { name: 'Add New Link' }));
    },
  },
  {
    name: 'add-link-already-saved',
    who: 'library',
    path: '/app',
    async ready(page) {
      await page.getByRole('button', { name: 'Save Link' }).first().click();
      const add = page.getByRole('dialog', { name: 'Add New Link' });
      await add
        .getByLabel('URL')
        .fill('https://www.designsystems.example.com/everyday-things?utm_source=mail');
      await add.getByRole('button', { name: 'Save Link' }).click();
      await expectVisible(add.getByRole('button', { name: 'Save anyway' }));
    },
  },
  {
    name: 'move-link-dialog',
    who: 'library',
    path: '/app',
    async ready(page) {
      const card = page.getByRole('article', { name: 'A field guide to sourdough' });
      await card.getByRole('button', { name: 'Move link' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Move Link' }));
    },
  },
  {
    name: 'bulk-selection',
    who: 'library',
    path: '/app',
    async ready(page) {
      await page.getByRole('checkbox', { name: 'Select The Design of Everyday Things, revisited' }).click();
      await expectVisible(page.getByRole('toolbar', { name: 'Selected links' }).getByText('1 selected'));
      await page
        .getByRole('checkbox', { name: 'Select A field guide to sourdough' })
        .click({ modifiers: ['Shift'] });
      // How many the range takes in is bulk.e2e.test.ts's to check (today's two links, saved the same minute,
      // come in either order here); this screen is about the toolbar.
      await expectVisible(
        page.getByRole('toolbar', { name: 'Selected links' }).getByText(/^[2-9] selected$/),
      );
    },
  },
  {
    name: 'edit-link-tags',
    who: 'library',
    path: '/app',
    async ready(page) {
      const card = page.getByRole('article', { name: 'The Design of Everyday Things, revisited' });
      await card.getByRole('button', { name: 'Edit link' }).click();
      await expectVisible(
        page.getByRole('dialog', { name: 'Edit Link' }).getByRole('button', { name: 'Remove tag ux' }),
      );
    },
  },
  {
    name: 'tag-view',
    who: 'library',
    path: '/app?tag=science',
    ready: (page) =>
      expectVisible(page.getByRole('article', { name: 'Postgres indexes explained with pictures' })),
  },
  {
    name: 'tags',
    who: 'library',
    path: '/app/tags',
    ready: (page) =>
      expectVisible(page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: '#science' })),
  },
  {
    name: 'edit-folder-nested',
    who: 'library',
    path: (library) => `/app?folder=${library.folders.Databases?.id ?? ''}`,
    async ready(page) {
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Edit folder…' }).click();
      await expectVisible(
        page.getByRole('dialog', { name: 'Edit Folder' }).getByRole('combobox', { name: /^Inside/ }),
      );
    },
  },
  {
    name: 'link-details',
    who: 'library',
    path: '/app',
    async ready(page) {
      await page.getByRole('button', { name: 'The Design of Everyday Things, revisited' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Link Details' }));
    },
  },
  {
    name: 'link-details-retrying',
    who: 'library',
    path: '/app',
    async ready(page) {
      await page.getByRole('button', { name: 'Notes from a week without meetings' }).click();
      const details = page.getByRole('dialog', { name: 'Link Details' });
      await expectVisible(
        details.getByText(/^Attempt 2 of 5 failed: Timed out\. Linkvault will try again at /),
      );
    },
  },
  {
    name: 'link-details-not-fetched',
    who: 'library',
    path: '/app',
    async ready(page) {
      await page.getByRole('button', { name: 'Post by @nasa on X' }).click();
      const details = page.getByRole('dialog', { name: 'Link Details' });
      await expectVisible(
        details.getByText(
          'Not fetched: the site refused the request (403). The card shows what its address tells.',
        ),
      );
    },
  },
  {
    name: 'snippet-details',
    who: 'library',
    path: '/app?view=snippets',
    async ready(page) {
      await page.getByRole('button', { name: /The most important property of a program/ }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Snippet Details' }));
    },
  },
  {
    name: 'search',
    who: 'library',
    path: '/app/search?q=design',
    ready: (page) => expectVisible(page.getByRole('heading', { name: 'Links', exact: true })),
  },
  {
    name: 'search-prompt',
    who: 'library',
    path: '/app/search',
    ready: (page) => expectVisible(page.getByText('Search your memory')),
  },
  {
    name: 'command-palette',
    who: 'library',
    path: '/app',
    async ready(page) {
      await expectVisible(page.getByRole('article', { name: 'A field guide to sourdough' }));
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Go to or do' });
      await palette.getByRole('combobox').fill('re');
      await expectVisible(palette.getByRole('option', { name: 'Research / Databases' }));
    },
  },
  // Last: the layout chosen is kept in the browser for the screens after it.
  {
    name: 'dashboard-cards',
    who: 'library',
    path: '/app',
    async ready(page) {
      await page.getByRole('radio', { name: 'Cards' }).check();
      await expectVisible(page.getByRole('article', { name: 'A field guide to sourdough' }));
    },
  },
  {
    name: 'dashboard-compact-by-title',
    who: 'library',
    path: '/app',
    async ready(page) {
      await page.getByRole('radio', { name: 'Compact' }).check();
      await page.getByRole('combobox', { name: 'Sort' }).selectOption('title');
      await expectVisible(page.getByRole('article', { name: 'A field guide to sourdough' }));
    },
  },
];

export interface Violation {
  screen: string;
  width: number;
  theme: string;
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

export function describeScreens(theme: 'light' | 'dark'): void {
  describeE2E(`screens (${theme})`, () => {
    const e2e = useE2E();
    const users = {} as Record<Exclude<Who, 'nobody'>, TestUser>;
    let library: SeededLibrary;
    let page: Page;
    let signedInAs: Who = 'nobody';
    const allViolations: Violation[] = [];

    beforeAll(async () => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      users.library = await e2e.createUser({ name: 'Ada Lovelace' });
      users.empty = await e2e.createUser({ name: 'Charles Babbage' });
      library = await seedLibrary(e2e.database, users.library);
      page = await e2e.newPage({ dark: theme === 'dark' });
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    });

    afterAll(() => {
      writeFileSync(join(SCREENSHOT_DIR, `axe-${theme}.json`), `${JSON.stringify(allViolations, null, 2)}\n`);
    });

    async function become(who: Who) {
      if (who === signedInAs) return;
      await e2e.context.clearCookies();
      if (who !== 'nobody') {
        await e2e.signIn(page, users[who], '/app');
        await expectVisible(page.getByRole('button', { name: 'Save Link' }));
      }
      signedInAs = who;
    }

    for (const screen of SCREENS) {
      it(screen.name, async () => {
        await become(screen.who);
        // Loaded wide, then narrowed: the same state (an open dialog stays open) at both widths, one load.
        await page.setViewportSize(DESKTOP);
        await page.goto(typeof screen.path === 'function' ? screen.path(library) : screen.path);
        await screen.ready(page, library);
        const violations = await captureScreen(page, screen.name, theme, screen.fullPage);
        allViolations.push(...violations);
        expectNoSeriousViolations(violations, `${screen.name} (${theme})`);
      });
    }
  });
}

/**
 * Screenshots the page as it stands (loaded at 1280 px), then narrowed to 390 px, into SCREENSHOT_DIR as
 * `<name>-<width>-<theme>.png`, and checks each with axe-core. Returns every violation found.
 */
export async function captureScreen(
  page: Page,
  name: string,
  theme: 'light' | 'dark',
  fullPage = false,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  // A page scrolled by a click would draw its sticky header halfway down a picture of the whole page.
  if (fullPage)
    await page.evaluate(() =>
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
    );
  for (const viewport of [DESKTOP, PHONE]) {
    if (viewport === PHONE) await page.setViewportSize(PHONE);
    // Let late layout settle (reduced motion is on, so transitions are instant).
    await page.waitForTimeout(100);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${viewport.width}-${theme}.png`),
      fullPage,
      animations: 'disabled',
    });
    // Contrast depends on the theme, structure hardly on the width: the phone layout is checked in
    // the light run only, which keeps the whole e2e suite within its time budget on 2 cores.
    if (viewport === PHONE && theme === 'dark') continue;
    // Legacy mode runs axe inside the page, without opening a helper page per check (3x faster).
    const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
    for (const v of results.violations) {
      violations.push({
        screen: name,
        width: viewport.width,
        theme,
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes
          .slice(0, 5)
          .map(
            (n: (typeof v.nodes)[number]) =>
              `${n.target.join(' ')} :: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
          ),
      });
    }
  }
  return violations;
}

/** captureScreen, with no serious or critical axe-core violation at either width. */
export async function expectCleanScreen(
  page: Page,
  name: string,
  theme: 'light' | 'dark',
  fullPage = false,
): Promise<void> {
  expectNoSeriousViolations(await captureScreen(page, name, theme, fullPage), `${name} (${theme})`);
}

/** No serious or critical axe-core violation on any screen. */
export function expectNoSeriousViolations(violations: Violation[], where: string): void {
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.width}px ${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.join('\n    ')}`),
    `axe-core: serious or critical violations on ${where}`,
  ).toEqual([]);
}
