import { describe, expect, it } from 'vitest';
import type { Link } from '../../contracts/index.js';
import { type Client, allPages, clientFor, expectError } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';

/** API.md ?sort= (newest, oldest, title) and ?platform=, paged with cursors. */
describe('links: sort and platform', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));

  /** Links with these titles, saved a day apart in this order. */
  async function saved(me: Client, titles: string[]): Promise<Link[]> {
    const links: Link[] = [];
    for (const [i, title] of titles.entries()) {
      const link = await me.link({ title });
      const createdAt = new Date(Date.UTC(2024, 0, 1 + i)).toISOString();
      await ctx.database.db
        .updateTable('links')
        .set({ created_at: createdAt })
        .where('id', '=', link.id)
        .execute();
      links.push({ ...link, createdAt });
    }
    return links;
  }
  const titles = async (me: Client, path: string) =>
    (await allPages<Link>(me, path, 2)).items.map((link) => link.title);

  it('pages through oldest first and newest first', async () => {
    const me = await newUser();
    await saved(me, ['one', 'two', 'three', 'four', 'five']);
    expect(await titles(me, '/api/links?sort=oldest')).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(await titles(me, '/api/links?sort=newest')).toEqual(['five', 'four', 'three', 'two', 'one']);
    expect(await titles(me, '/api/links')).toEqual(['five', 'four', 'three', 'two', 'one']);
  });

  it('pages through by title without case, equal titles in a stable order', async () => {
    const me = await newUser();
    const links = await saved(me, ['banana', 'Apple', 'cherry', 'apple', 'Banana split', 'apple']);
    const { items } = await allPages<Link>(me, '/api/links?sort=title', 2);
    expect(items.map((l) => l.title.toLowerCase())).toEqual([
      'apple',
      'apple',
      'apple',
      'banana',
      'banana split',
      'cherry',
    ]);
    expect(new Set(items.map((l) => l.id)).size).toBe(links.length);
    const apples = items.slice(0, 3).map((l) => l.id);
    expect(apples).toEqual([...apples].sort());
  });

  it('sorts within a filter, and narrows by platform', async () => {
    const me = await newUser();
    const folder = await me.folder();
    const video = await me.link({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'B video' });
    await me.link({ title: 'A page', folderId: folder.id });
    await me.link({ title: 'C page', folderId: folder.id });
    expect(video.platform).toBe('youtube');
    expect(await titles(me, '/api/links?platform=youtube')).toEqual(['B video']);
    expect(await titles(me, `/api/links?folderId=${folder.id}&sort=title`)).toEqual(['A page', 'C page']);
    expect(await titles(me, '/api/links?platform=generic&sort=title')).toEqual(['A page', 'C page']);
  });

  it('refuses an unknown order or platform, and a cursor of another order', async () => {
    const me = await newUser();
    await saved(me, ['one', 'two']);
    expectError(await me.get('/api/links?sort=random'), 400, 'validation_failed');
    expectError(await me.get('/api/links?platform=myspace'), 400, 'validation_failed');
    const byDate = (await me.get('/api/links?limit=1')).json().nextCursor as string;
    const byTitle = (await me.get('/api/links?limit=1&sort=title')).json().nextCursor as string;
    expectError(await me.get(`/api/links?sort=title&cursor=${byDate}`), 400, 'validation_failed');
    expectError(await me.get(`/api/links?cursor=${byTitle}`), 400, 'validation_failed');
  });
});
