import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { Folder } from '../contracts/index.js';
import { activeContentIn, atomProblems } from '../test/markup-checks.js';
import { type TestUser, acceptDialog, describeE2E, expectVisible, useE2E, watchTrouble } from './harness.js';
import { seedLibrary } from './seed.js';

/**
 * Issue 19, public folder pages: the owner publishes a folder from its header, copies the address, and
 * a visitor with no account reads the page (no script on it, nothing private) and its feed; a new address
 * ends the old one, and "Stop sharing" ends the page and the feed at once.
 */
describeE2E('Public folder pages', () => {
  // PUBLIC_URL is the app's own origin, so the addresses it hands out open here.
  const e2e = useE2E({ config: () => ({}) });
  let user: TestUser;
  let design: Folder;
  let page: Page;
  let address = '';
  const dialog = () => page.getByRole('dialog', { name: 'Public page' });

  beforeAll(async () => {
    user = await e2e.createUser({ name: 'Ada Lovelace' });
    const library = await seedLibrary(e2e.database, user);
    design = library.folders.Design as Folder;
    await user.api.snippet({
      pageUrl: 'https://www.designsystems.example.com/everyday-things',
      selectedText: 'A private highlight of the owner',
      note: 'A private note of the owner',
    });
  });

  it("publishes a folder from its header and shows the page's and the feed's addresses", async () => {
    page = await e2e.newPage();
    await e2e.signIn(page, user, `/app?folder=${design.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Public page…' }).click();
    await expectVisible(dialog().getByText(/stay private/));
    await dialog().getByRole('button', { name: 'Publish page' }).click();
    await expectVisible(dialog().getByText(/This folder is public/));
    address = await dialog().getByRole('textbox', { name: 'Page address' }).inputValue();
    expect(address).toMatch(new RegExp(`^${e2e.baseURL}/s/lvf_[\\w-]{43}$`));
    expect(await dialog().getByRole('textbox', { name: 'Feed address (Atom)' }).inputValue()).toBe(
      `${address}/feed.atom`,
    );
    await dialog().getByRole('button', { name: 'Copy Page address' }).click();
    await expectVisible(dialog().getByRole('button', { name: 'Copied!' }));
    await dialog().getByRole('button', { name: 'Done' }).click();
  });

  it('shows a visitor the folder without any script, and nothing private', async () => {
    const visitor = await e2e.context.browser()!.newContext({ javaScriptEnabled: false });
    try {
      const tab = await visitor.newPage();
      const trouble = watchTrouble(tab);
      const res = await tab.goto(address);
      expect(res?.status()).toBe(200);
      expect(res?.headers()['x-robots-tag']).toBe('noindex');
      await expectVisible(tab.getByRole('heading', { name: 'Design', level: 1 }));
      await expectVisible(tab.getByRole('link', { name: 'The Design of Everyday Things, revisited' }));
      await expectVisible(tab.getByText(/Why affordances and feedback still decide/));
      await expectVisible(tab.getByRole('list', { name: 'Tags' }).first().getByText('ux'));
      // Pictures come from the page's own address: every one loaded.
      await tab.waitForFunction(
        '[...document.images].every((image) => image.complete && image.naturalWidth > 0)',
      );
      expect(await tab.locator('img').count()).toBeGreaterThan(0);
      expect(trouble).toEqual([]);

      const html = await res!.text();
      expect(activeContentIn(html)).toEqual([]);
      for (const secret of [
        'A private highlight',
        'A private note',
        user.email,
        'Reading list',
        'Databases',
      ]) {
        expect(html).not.toContain(secret);
      }

      const feed = await tab.request.get(`${address}/feed.atom`);
      expect(feed.status()).toBe(200);
      const xml = await feed.text();
      expect(await atomProblems(xml)).toEqual([]);
      expect(xml).toContain('The Design of Everyday Things, revisited');
    } finally {
      await visitor.close();
    }
  });

  it('makes a new address: the old one answers 404, the new one the page', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Public page…' }).click();
    await expectVisible(dialog().getByText(/^Public since /));
    const confirm = await acceptDialog(page, () =>
      dialog().getByRole('button', { name: 'New address' }).click(),
    );
    expect(confirm.message()).toMatch(/stop working at once/);
    await expectVisible(dialog().getByText(/This folder is public/));
    const renewed = await dialog().getByRole('textbox', { name: 'Page address' }).inputValue();
    expect(renewed).not.toBe(address);
    expect((await page.request.get(address)).status()).toBe(404);
    expect((await page.request.get(`${address}/feed.atom`)).status()).toBe(404);
    expect((await page.request.get(renewed)).status()).toBe(200);
    address = renewed;
  });

  it('stops sharing: the page and its feed answer 404 at once', async () => {
    const confirm = await acceptDialog(page, () =>
      dialog().getByRole('button', { name: 'Stop sharing' }).click(),
    );
    expect(confirm.message()).toContain('Stop sharing "Design"?');
    await expectVisible(dialog().getByRole('button', { name: 'Publish page' }));
    const gone = await page.request.get(address);
    expect(gone.status()).toBe(404);
    expect(await gone.text()).toContain('no longer shared');
    expect((await page.request.get(`${address}/feed.atom`)).status()).toBe(404);
    await page.reload();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Public page…' }).click();
    await expectVisible(dialog().getByRole('button', { name: 'Publish page' }));
  });
});
