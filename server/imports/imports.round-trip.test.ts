import { describe, expect, it } from 'vitest';
import type { Folder, Import, Link, Snippet } from '../../contracts/index.js';
import { type Client, allPages, clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { multipart } from '../../test/multipart.js';
import { testDialect } from '../../test/database.js';
import { buildLibrary, exported } from '../exports/library.fixture.js';

interface LinkvaultFile {
  folders: { id: string; name: string }[];
  links: { folderId: string | null }[];
  snippets: unknown[];
}

/**
 * A JSON export imported into an empty account gives back the same folders, links (with their
 * enrichment, tags and dates) and snippets (with notes, colours and positions); the HTML export imports
 * back without loss of what it carries. On both engines.
 */
describe(`export, then import into an empty account (${testDialect()})`, () => {
  const ctx = useTestApp();

  const importInto = async (
    client: Client,
    content: string,
    filename: string,
    fields: Record<string, string> = {},
  ) => {
    const { payload, headers } = multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, content: value })),
      { name: 'file', filename, content },
    ]);
    const res = await client.send('POST', '/api/imports', payload, { headers });
    expect(res.statusCode, res.body).toBe(202);
    while (await ctx.services.importRunner.runOnce());
    return (await client.get(`/api/imports/${res.json<Import>().id}`)).json<Import>();
  };
  /** The export without what differs by nature between two accounts: ids and the time of the export. */
  const comparable = (file: LinkvaultFile & { exportedAt?: string }) => {
    const nameOf = new Map(file.folders.map((folder) => [folder.id, folder.name]));
    return {
      ...file,
      exportedAt: 'when it was exported',
      folders: file.folders.map(({ id: _id, ...folder }) => folder),
      links: file.links.map((link) => ({ ...link, folderId: link.folderId && nameOf.get(link.folderId) })),
    };
  };

  it('JSON: the same folders, links with their enrichment, tags, dates and state, and snippets', async () => {
    const library = await buildLibrary(ctx);
    const original = (await exported(library.me, 'format=json')).json<LinkvaultFile>();
    const empty = clientFor(ctx.app, await signUp(ctx.app));
    const done = await importInto(empty, JSON.stringify(original), 'linkvault.json');
    expect(done).toMatchObject({ status: 'done', format: 'linkvault-json', skipped: 0, error: null });

    const copy = (await exported(empty, 'format=json')).json<LinkvaultFile>();
    expect(comparable(copy)).toEqual(comparable(original));
    // Enrichment came back with the file; only links that were not enriched are queued again.
    const links = (await allPages<Link>(empty, '/api/links', 200)).items;
    const enriched = links.filter((link) => link.enrichmentStatus === 'enriched');
    expect(enriched.map((link) => link.url)).toEqual([library.deep.url]);
  });

  it('JSON imported twice: nothing doubled', async () => {
    const library = await buildLibrary(ctx);
    const file = (await exported(library.me, 'format=json')).body;
    const empty = clientFor(ctx.app, await signUp(ctx.app));
    await importInto(empty, file, 'linkvault.json');
    const before = (await exported(empty, 'format=json')).json<LinkvaultFile>();
    const again = await importInto(empty, file, 'linkvault.json');
    expect(again).toMatchObject({ status: 'done', created: 0, skipped: 0 });
    expect(comparable((await exported(empty, 'format=json')).json<LinkvaultFile>())).toEqual(
      comparable(before),
    );
  });

  it('HTML: the same folders, links, titles, descriptions, tags and dates', async () => {
    const library = await buildLibrary(ctx);
    const html = (await exported(library.me, 'format=html')).body;
    const empty = clientFor(ctx.app, await signUp(ctx.app));
    const done = await importInto(empty, html, 'bookmarks.html', { enrich: 'false' });
    expect(done).toMatchObject({ status: 'done', format: 'netscape', created: 3, skipped: 0 });

    const shape = async (client: Client) => {
      const folders = (await client.get('/api/folders')).json<{ items: Folder[] }>().items;
      const names = new Map(folders.map((folder) => [folder.id, folder.name]));
      const links = (await allPages<Link>(client, '/api/links', 200)).items;
      return {
        folders: folders.map((folder) => folder.name).sort(),
        links: links
          .map((link) => ({
            url: link.url,
            // HTML folds white space: a title's line break comes back as a space.
            title: link.title.replace(/\s+/g, ' '),
            description: link.description,
            tags: link.tags,
            // Netscape dates are whole seconds.
            createdAt: link.createdAt.replace(/\.\d{3}Z$/, '.000Z'),
            folder: link.folderId && names.get(link.folderId),
          }))
          .sort((a, b) => a.url.localeCompare(b.url)),
      };
    };
    expect(await shape(empty)).toEqual(await shape(library.me));
    // Snippets are not part of a bookmark file.
    expect((await empty.get('/api/snippets')).json<{ items: Snippet[] }>().items).toEqual([]);
  });
});
