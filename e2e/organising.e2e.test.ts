import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Folder, Link, Tag } from '../contracts/index.js';
import {
  type Browser,
  type TestUser,
  acceptDialog,
  describeE2E,
  expectHidden,
  expectPath,
  expectVisible,
  useE2E,
  watchTrouble,
} from './harness.js';

/** What the test reads of a preview <img> in the page (the e2e code is compiled without the DOM's types). */
interface PreviewElement {
  naturalWidth: number;
  clientWidth: number;
  currentSrc: string;
}

/** Issue "Organise a big library by hand": tags a person controls, folders inside folders, views. */
describeE2E('organising', () => {
  const photos = usePhotoServer();
  // The server fetches preview images itself; the test's photo host is on 127.0.0.1.
  const e2e = useE2E({ fetchAllow: ['127.0.0.1'] });
  const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Library' });
  const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
  const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await check()).toBe(true);
  };
  const tagsOf = async (user: TestUser, title: string) =>
    (await user.api.links()).find((link) => link.title === title)?.tags;
  const tagList = (user: TestUser) =>
    user.api.request<{ items: Tag[] }>('GET', '/api/tags').then((answer) => answer.items);
  const folderNamed = async (user: TestUser, name: string) =>
    (await user.api.folders()).find((folder) => folder.name === name);

  async function openDashboard(user: TestUser, path = '/app') {
    const page = await e2e.newPage();
    await e2e.signIn(page, user, path);
    await expectVisible(page.getByRole('button', { name: 'Save Link' }));
    return page;
  }

  it('adds tags in Edit Link, lists a tag’s links from a click, and renames, merges and deletes tags', async () => {
    const user = await e2e.createUser();
    const kelp = await user.api.link({ url: 'https://example.com/kelp', title: 'Kelp forests' });
    await user.api.link({ url: 'https://example.com/reefs', title: 'Coral reefs' });
    await user.api.request<Link>('PATCH', `/api/links/${kelp.id}`, { tags: ['ocean'] });
    const page = await openDashboard(user);
    const trouble = watchTrouble(page);

    // Edit Link: a tag typed and added with Enter, another picked from the person's own.
    const reefs = card(page, 'Coral reefs');
    await reefs.hover();
    await reefs.getByRole('button', { name: 'Edit link' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Link' });
    const field = edit.getByRole('combobox', { name: /^Tags/ });
    await field.fill('Reefs');
    await field.press('Enter');
    await field.fill('ocean');
    await field.press(',');
    await expectVisible(edit.getByRole('button', { name: 'Remove tag Reefs' }));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await until(async () => JSON.stringify(await tagsOf(user, 'Coral reefs')) === '["Reefs","ocean"]');

    // A tag on a card lists that tag's links.
    await card(page, 'Kelp forests').getByRole('link', { name: '#ocean' }).click();
    await expectPath(page, '/app?tag=ocean');
    await expectVisible(heading(page, 'ocean'));
    await expectVisible(page.getByText('2 saved links', { exact: true }));
    await card(page, 'Kelp forests').getByRole('link', { name: '#Reefs' }).waitFor({ state: 'detached' });
    await page.goto(`${e2e.baseURL}/app?tag=reefs`);
    await expectVisible(card(page, 'Coral reefs'));
    await expectHidden(card(page, 'Kelp forests'));

    // The Tags page: counts, rename, merge into an existing tag, delete.
    await sidebar(page).getByRole('link', { name: 'Tags' }).click();
    await expectPath(page, '/app/tags');
    const tags = page.getByRole('list', { name: 'Tags' });
    await expectVisible(tags.getByText('2 links'));
    await tags.getByRole('button', { name: 'Rename Reefs' }).click();
    const rename = page.getByRole('textbox', { name: 'New name for Reefs' });
    await rename.fill('Ocean');
    await expectVisible(page.getByText(/“ocean” exists/));
    await page.getByRole('button', { name: 'Merge' }).click();
    await until(async () => JSON.stringify(await tagList(user)) === '[{"name":"Ocean","count":2}]');
    await expectVisible(tags.getByRole('link', { name: '#Ocean' }));

    await acceptDialog(page, () => tags.getByRole('button', { name: 'Delete Ocean' }).click());
    await until(async () => (await tagList(user)).length === 0);
    await expectVisible(page.getByText('No tags yet'));
    expect(await tagsOf(user, 'Kelp forests')).toEqual([]);
    expect(trouble).toEqual([]);
  });

  it('shows folders as a tree with their own and total counts, collapses it, and moves folders', async () => {
    const user = await e2e.createUser();
    const projects = await user.api.folder('Projects', 'green');
    const garden = await user.api.folder('Garden', 'orange', projects.id);
    await user.api.folder('Seeds', 'yellow', garden.id);
    await user.api.link({ url: 'https://example.com/compost', title: 'Compost', folderId: garden.id });
    await user.api.link({ url: 'https://example.com/plan', title: 'Plan', folderId: projects.id });
    const page = await openDashboard(user);
    const trouble = watchTrouble(page);
    const nav = sidebar(page);

    await expectVisible(nav.getByRole('link', { name: /^Projects 1 here, 2 with its sub-folders/ }));
    await nav.getByRole('button', { name: 'Collapse Projects' }).click();
    await expectHidden(nav.getByRole('link', { name: /^Garden/ }));
    await page.reload();
    await expectVisible(nav.getByRole('button', { name: 'Expand Projects' }));
    await expectHidden(nav.getByRole('link', { name: /^Garden/ }));
    await nav.getByRole('button', { name: 'Expand Projects' }).click();
    await expectVisible(nav.getByRole('link', { name: /^Seeds/ }));

    // From the keyboard: Edit Folder's "Inside" moves Garden (with Seeds) to the top.
    await nav.getByRole('link', { name: /^Garden/ }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit folder…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Folder' });
    const inside = dialog.getByRole('combobox', { name: /^Inside/ });
    // Neither the folder itself nor its sub-folder can be chosen.
    expect(await inside.locator('option').allTextContents()).toEqual(['No folder (top level)', 'Projects']);
    await inside.selectOption({ label: 'No folder (top level)' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await until(async () => (await folderNamed(user, 'Garden'))?.parentId === null);
    await expectVisible(nav.getByRole('link', { name: /^Projects 1$/ }));

    // With the mouse: Garden dragged onto Projects goes back inside it.
    await nav.getByRole('link', { name: /^Garden/ }).dragTo(nav.getByRole('link', { name: /^Projects/ }));
    await until(async () => (await folderNamed(user, 'Garden'))?.parentId === projects.id);

    // Move Link names each folder by its path.
    await nav.getByRole('link', { name: /^All Links/ }).click();
    const plan = card(page, 'Plan');
    await plan.hover();
    await plan.getByRole('button', { name: 'Move link' }).click();
    const move = page.getByRole('dialog', { name: 'Move Link' });
    await expectVisible(move.getByRole('option', { name: 'Projects / Garden / Seeds' }));
    await move.getByRole('combobox', { name: 'Search folders' }).fill('seeds');
    await move.getByRole('combobox', { name: 'Search folders' }).press('Enter');
    const seeds = (await folderNamed(user, 'Seeds')) as Folder;
    await until(async () => (await user.api.links()).find((l) => l.title === 'Plan')?.folderId === seeds.id);

    // A new folder can go straight inside another.
    await nav.getByRole('button', { name: 'New folder' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Folder' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Tools');
    await create.getByRole('combobox', { name: /^Inside/ }).selectOption({ label: 'Projects / Garden' });
    await create.getByRole('button', { name: 'Create Folder' }).click();
    await until(async () => (await folderNamed(user, 'Tools'))?.parentId === garden.id);

    // Deleting Garden moves Seeds and Tools up into Projects.
    await nav.getByRole('link', { name: /^Garden/ }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit folder…' }).click();
    await acceptDialog(page, () =>
      page.getByRole('dialog', { name: 'Edit Folder' }).getByRole('button', { name: 'Delete' }).click(),
    );
    await until(async () => (await folderNamed(user, 'Seeds'))?.parentId === projects.id);
    expect((await folderNamed(user, 'Tools'))?.parentId).toBe(projects.id);
    await expectVisible(nav.getByRole('link', { name: /^Tools/ }));
    expect(trouble).toEqual([]);
  });

  it('lays links out as cards with previews at the size shown, or as compact rows, in the order chosen, and keeps the choice', async () => {
    const user = await e2e.createUser();
    const beech = await user.api.link({ url: 'https://example.com/beech', title: 'beech' });
    const router = await user.api.link({ url: 'https://example.com/router', title: 'Acacia' });
    await user.api.link({ url: 'https://example.com/cedar', title: 'Cedar' });
    // Preview images as pages give them: a full-size photo, and one on the person's own network.
    const setImage = (id: string, url: string) =>
      e2e.database.db.updateTable('links').set({ og_image_url: url }).where('id', '=', id).execute();
    await setImage(beech.id, `${photos.origin}/beech.jpg`);
    await setImage(router.id, 'http://192.168.1.1/admin.png');
    const page = await openDashboard(user);
    const offSite: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(e2e.baseURL)) offSite.push(request.url());
    });

    await page.getByRole('radio', { name: 'Cards' }).check();
    const beechTile = card(page, 'beech');
    await expectVisible(beechTile);
    const image = beechTile.locator('img');
    expect(await image.getAttribute('loading')).toBe('lazy');
    expect(await image.getAttribute('width')).toBe('382');
    expect(await image.getAttribute('src')).toMatch(
      new RegExp(`^/api/links/${beech.id}/preview\\?w=\\d+&v=`),
    );
    const loaded = () =>
      image.evaluate((img) => {
        const { naturalWidth, clientWidth, currentSrc } = img as unknown as PreviewElement;
        return { naturalWidth, clientWidth, currentSrc };
      });
    await until(async () => (await loaded()).naturalWidth > 0);
    // The server's copy, at the smallest kept width that covers the tile: never the 1,200-pixel original.
    const shown = await loaded();
    const width = Number(/[?&]w=(\d+)/.exec(shown.currentSrc)?.[1]);
    expect(width).toBeGreaterThanOrEqual(shown.clientWidth);
    expect(width).toBeLessThan(shown.clientWidth * 1.6);
    // A picture on a private address is never fetched: the tile shows the site's icon instead.
    await until(async () => (await card(page, 'Acacia').locator('img').count()) === 0);
    expect(photos.served).toEqual(['/beech.jpg']);
    expect(offSite).toEqual([]);

    await page.getByRole('radio', { name: 'Compact' }).check();
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('title');
    const titles = () => page.locator('main article h3').allTextContents();
    await until(async () => JSON.stringify(await titles()) === '["Acacia","beech","Cedar"]');

    await page.reload();
    await expectVisible(card(page, 'Cedar'));
    expect(await page.getByRole('radio', { name: 'Compact' }).isChecked()).toBe(true);
    expect(await titles()).toEqual(['Acacia', 'beech', 'Cedar']);
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('oldest');
    await until(async () => JSON.stringify(await titles()) === '["beech","Acacia","Cedar"]');
  });

  it('lists a link’s snippets in Link Details, shows today’s cards by their time, and copies the MCP address', async () => {
    const user = await e2e.createUser();
    await user.api.link({ url: 'https://example.com/moss', title: 'Mosses' });
    await user.api.snippet({ pageUrl: 'https://example.com/moss', selectedText: 'Moss has no roots.' });
    const page = await openDashboard(user);
    const moss = card(page, 'Mosses');
    // Under Today, a card says when in the day it was saved, not today's date again.
    expect(await moss.locator('time').innerText()).toMatch(/^\d{1,2}:\d\d [AP]M$/);

    await moss.getByRole('button', { name: 'Mosses' }).click();
    const details = page.getByRole('dialog', { name: 'Link Details' });
    await details.getByRole('button', { name: /Moss has no roots/ }).click();
    await expectHidden(details);
    await expectVisible(
      page.getByRole('dialog', { name: 'Snippet Details' }).getByText('Moss has no roots.'),
    );

    await e2e.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`${e2e.baseURL}/app/settings`);
    await page.getByRole('button', { name: 'Copy Address to give your assistant' }).click();
    await expectVisible(page.getByRole('button', { name: 'Copied!' }));
    expect(await page.evaluate(() => (globalThis as unknown as Browser).navigator.clipboard.readText())).toBe(
      `${e2e.baseURL}/mcp`,
    );
  });

  it('jumps to a folder, a tag, a link or an action from Ctrl+K', async () => {
    const user = await e2e.createUser();
    const garden = await user.api.folder('Garden', 'green');
    await user.api.folder('Herbs', 'yellow', garden.id);
    const basil = await user.api.link({ url: 'https://example.com/basil', title: 'Growing basil indoors' });
    await user.api.request<Link>('PATCH', `/api/links/${basil.id}`, { tags: ['kitchen'] });
    const page = await openDashboard(user);
    const trouble = watchTrouble(page);
    const palette = page.getByRole('dialog', { name: 'Go to or do' });
    const box = palette.getByRole('combobox', { name: 'Type a folder, tag, link or action' });

    await page.keyboard.press('Control+k');
    await box.fill('herbs');
    await expectVisible(palette.getByRole('option', { name: 'Garden / Herbs' }));
    await box.press('Enter');
    await expectVisible(heading(page, 'Herbs'));

    await page.keyboard.press('Control+k');
    await box.fill('kitch');
    await palette.getByRole('option', { name: /#kitchen/ }).click();
    await expectPath(page, '/app?tag=kitchen');

    await page.keyboard.press('Control+k');
    await box.fill('basil');
    await expectVisible(palette.getByRole('option', { name: /Growing basil indoors/ }));
    // The last choice is to search everything for the text; the arrows wrap round to it.
    await box.press('ArrowUp');
    expect(await palette.getByRole('option', { selected: true }).innerText()).toContain('Search everything');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expectVisible(page.getByRole('dialog', { name: 'Link Details' }));
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+k');
    await box.fill('save a');
    await box.press('Enter');
    await expectVisible(page.getByRole('dialog', { name: 'Add New Link' }));
    expect(trouble).toEqual([]);
  });

  it('edits a link’s tags in Link Details, where Escape leaves the editing and not the panel', async () => {
    const user = await e2e.createUser();
    await user.api.link({ url: 'https://example.com/ferns', title: 'Ferns' });
    const page = await openDashboard(user);
    await card(page, 'Ferns').getByRole('button', { name: 'Ferns' }).click();
    const details = page.getByRole('dialog', { name: 'Link Details' });
    await expectVisible(details.getByText('No tags yet.'));
    await details.getByRole('button', { name: 'Edit tags' }).click();
    const field = details.getByRole('combobox', { name: /^Tags/ });
    await field.fill('plants');
    await field.press('Enter');
    await page.keyboard.press('Escape');
    await expectVisible(details.getByRole('button', { name: 'Edit tags' }));
    expect(await tagsOf(user, 'Ferns')).toEqual([]);

    await details.getByRole('button', { name: 'Edit tags' }).click();
    await field.fill('plants, shade');
    await field.press('Enter');
    await details.getByRole('button', { name: 'Save tags' }).click();
    await until(async () => JSON.stringify(await tagsOf(user, 'Ferns')) === '["plants","shade"]');
    await expectVisible(details.getByRole('link', { name: '#shade' }));
  });
});

/** A host serving one Open Graph photo (1200x630 JPEG, drawn here), and the paths it was asked for. */
function usePhotoServer() {
  const photos = { origin: '', served: [] as string[] };
  let photo = Buffer.alloc(0);
  const server = createServer((req, res) => {
    photos.served.push(req.url ?? '');
    if (req.url === '/beech.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    else res.writeHead(404).end();
  });
  beforeAll(async () => {
    photo = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#4d7c0f' } })
      .jpeg()
      .toBuffer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    photos.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return photos;
}
