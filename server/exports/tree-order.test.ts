import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Folder, Import, Link } from '../../contracts/index.js';
import { type Client, allPages, clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { multipart } from '../../test/multipart.js';

/** Nested folders leave in an export and come back one to one (issue "Organise a big library by hand"). */
describe('nested folders through export and import', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));

  /** Each folder's path from the top, and each link's folder path, by URL. */
  async function shape(me: Client) {
    const folders = (await me.get('/api/folders')).json<{ items: Folder[] }>().items;
    const byId = new Map(folders.map((f) => [f.id, f]));
    const pathOf = (id: string | null): string =>
      id === null ? '' : `${pathOf(byId.get(id)?.parentId ?? null)}/${byId.get(id)?.name ?? '?'}`;
    const links = (await allPages<Link>(me, '/api/links', 200)).items;
    return {
      folders: folders.map((f) => pathOf(f.id)).sort(),
      links: Object.fromEntries(links.map((l) => [l.url, pathOf(l.folderId)])),
    };
  }

  /** Projects > Garden > Seeds with a link at each level, an empty sub-folder, a second top folder. */
  async function library(me: Client) {
    const folder = (name: string, parentId: string | null = null) =>
      me.folder({ name, parentId } as { name: string });
    const projects = await folder('Projects');
    const garden = await folder('Garden', projects.id);
    const seeds = await folder('Seeds', garden.id);
    await folder('Empty', garden.id);
    await folder('Reading');
    // Same name at two places in the tree: two folders, not one.
    await folder('Seeds', projects.id);
    await me.link({ url: 'https://nested.example/projects', folderId: projects.id });
    await me.link({ url: 'https://nested.example/garden', folderId: garden.id });
    await me.link({ url: 'https://nested.example/seeds', folderId: seeds.id });
    await me.link({ url: 'https://nested.example/loose' });
  }

  async function importInto(me: Client, content: Buffer, filename: string) {
    const { payload, headers } = multipart([
      { name: 'enrich', content: 'false' },
      { name: 'file', filename, content },
    ]);
    const res = await me.send('POST', '/api/imports', payload, { headers });
    expect(res.statusCode, res.body).toBe(202);
    while (await ctx.services.importRunner.runOnce());
    expect((await me.get(`/api/imports/${res.json<Import>().id}`)).json<Import>().status).toBe('done');
  }

  it.each([
    ['json', 'export.json'],
    ['html', 'bookmarks.html'],
  ])('keeps the tree through %s', async (format, filename) => {
    const me = await newUser();
    await library(me);
    const before = await shape(me);
    expect(before.folders).toEqual([
      '/Projects',
      '/Projects/Garden',
      '/Projects/Garden/Empty',
      '/Projects/Garden/Seeds',
      '/Projects/Seeds',
      '/Reading',
    ]);
    const file = await me.get(`/api/export?format=${format}`);
    expect(file.statusCode).toBe(200);

    const other = await newUser();
    await importInto(other, file.rawPayload, filename);
    expect(await shape(other)).toEqual(before);

    // Imported again, the same tree is found and nothing is made twice.
    await importInto(other, file.rawPayload, filename);
    expect(await shape(other)).toEqual(before);
  });

  it('nests the Netscape file’s folders, sub-folders before their links', async () => {
    const me = await newUser();
    await library(me);
    const html = (await me.get('/api/export?format=html')).body;
    const garden = html.indexOf('>Garden</H3>');
    const seeds = html.indexOf('>Seeds</H3>', garden);
    expect(html.indexOf('>Projects</H3>')).toBeLessThan(garden);
    expect(seeds).toBeGreaterThan(garden);
    expect(html.indexOf('https://nested.example/garden')).toBeGreaterThan(seeds);
    expect(html.match(/<DL>/g)).toHaveLength(html.match(/<\/DL>/g)?.length ?? -1);
  });

  it('lays Markdown notes out in nested directories, one per folder', async () => {
    const me = await newUser();
    await library(me);
    const res = await me.get('/api/export?format=markdown');
    const names = Object.keys(unzipSync(new Uint8Array(res.rawPayload))).sort();
    expect(names.filter((name) => name.endsWith('index.md'))).toEqual([
      'Projects/Garden/Empty/index.md',
      'Projects/Garden/Seeds/index.md',
      'Projects/Garden/index.md',
      'Projects/Seeds/index.md',
      'Projects/index.md',
      'Reading/index.md',
      'Uncategorized/index.md',
    ]);
    expect(names.filter((name) => !name.endsWith('index.md'))).toHaveLength(4);
    expect(names).toContain('Projects/Garden/Seeds/nested-example.md');
  });
});
