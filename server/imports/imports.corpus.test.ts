import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Folder, Import, Link } from '../../contracts/index.js';
import { type Client, allPages, clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { corpusDir } from '../../test/corpus.js';
import { testDialect } from '../../test/database.js';
import { multipart } from '../../test/multipart.js';
import { urlKey } from '../lib/urls.js';
import { detectFormat, readerFor } from './formats/index.js';
import { pathSource } from './formats/source.js';
import type { ImportItem } from './formats/types.js';
import { checkUrl, folderPathKey, folderPathOf } from './import-entries.js';

const corpus = corpusDir('bookmarks');
const files = corpus
  ? ['netscape-html', 'pocket', 'browser-json', 'other-services'].flatMap((folder) =>
      readdirSync(join(corpus, folder))
        .map((name) => join(corpus, folder, name))
        .filter((path) => statSync(path).size > 0),
    )
  : [];

/** The keys of a folder path and of every folder above it: each level is a folder of its own. */
const pathsTo = (path: string[] | null) =>
  (path ?? []).map((_, i) => folderPathKey(path?.slice(0, i + 1) ?? []));

/** Each folder's path key from the top, through its parents. */
function folderPaths(folders: readonly Folder[]): Map<string, string> {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const pathOf = (folder: Folder): string[] => {
    const parent = folder.parentId ? byId.get(folder.parentId) : undefined;
    return [...(parent ? pathOf(parent) : []), folder.name];
  };
  return new Map(folders.map((folder) => [folder.id, folderPathKey(pathOf(folder))]));
}

/** What the library must hold after importing `items` into an empty account (API.md merge rules). */
function expectedFrom(items: ImportItem[]) {
  const pages = new Map<string, { folder: string | null; tags: Set<string>; dated: boolean }>();
  const folders = new Set<string>();
  let entries = 0;
  for (const item of items) {
    if (item.kind === 'folder') {
      for (const key of pathsTo(folderPathOf(item.path))) folders.add(key);
      continue;
    }
    entries += 1;
    if (item.kind !== 'link') continue;
    const checked = checkUrl(item.url);
    if ('reason' in checked) continue;
    const key = urlKey(checked.url);
    const path = folderPathOf(item.folder);
    for (const key of pathsTo(path)) folders.add(key);
    const folder = path && folderPathKey(path);
    const page = pages.get(key) ?? { folder, tags: new Set<string>(), dated: false };
    page.folder ??= folder;
    for (const tag of item.tags ?? []) if (tag.trim()) page.tags.add(tag.trim().toLowerCase());
    page.dated ||= Boolean(item.createdAt);
    pages.set(key, page);
  }
  return { entries, pages, folders };
}

/**
 * Every corpus file of a supported format imports, through the API, into the library the file
 * describes: its pages once each (merged by normalized URL), its folders, tags and dates; nothing dropped
 * without a reason. The readers' own tests compare what they read with independent readings of each file
 * (DOM counts, JSON walks, the projects' expected/ files); this follows each file on into the library.
 */
describe.skipIf(!corpus)(`every corpus file imports (${testDialect()})`, () => {
  const ctx = useTestApp();

  const importFile = async (client: Client, path: string) => {
    const { payload, headers } = multipart([
      { name: 'enrich', content: 'false' },
      { name: 'file', filename: path.split('/').pop() ?? 'file', content: readFileSync(path) },
    ]);
    return client.send('POST', '/api/imports', payload, { headers });
  };

  it.each(files.map((path) => [relative(corpus ?? '', path), path]))('%s', async (_name, path) => {
    const format = await detectFormat(pathSource(path));
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const res = await importFile(me, path);
    if (!format) {
      // Not a format Linkvault reads (Delicious JSON, Readability, elCurator, Pinboard XML): said so.
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('unsupported_format');
      return;
    }
    expect(res.statusCode, res.body).toBe(202);
    while (await ctx.services.importRunner.runOnce());
    const done = (await me.get(`/api/imports/${res.json<Import>().id}`)).json<Import>();
    const items: ImportItem[] = [];
    for await (const item of readerFor(format).read(pathSource(path))) items.push(item);
    const expected = expectedFrom(items);

    expect(done).toMatchObject({
      status: 'done',
      format,
      total: expected.entries,
      processed: expected.entries,
    });
    expect(done.created + done.merged + done.skipped).toBe(expected.entries);
    const links = (await allPages<Link>(me, '/api/links', 200)).items;
    expect(links).toHaveLength(expected.pages.size);
    const folders = (await me.get('/api/folders')).json<{ items: Folder[] }>().items;
    const folderName = folderPaths(folders);
    expect([...folderName.values()].sort()).toEqual([...expected.folders].sort());
    for (const link of links) {
      const page = expected.pages.get(urlKey(link.url));
      expect(page, link.url).toBeDefined();
      expect(link.folderId ? folderName.get(link.folderId) : null, link.url).toBe(page?.folder ?? null);
      expect(new Set(link.tags.map((tag) => tag.toLowerCase())), link.url).toEqual(page?.tags);
      if (!page?.dated) expect(Date.parse(link.createdAt)).toBeGreaterThan(Date.now() - 3_600_000);
    }
    const dated = links.filter((link) => Date.parse(link.createdAt) < Date.now() - 3_600_000).length;
    expect(dated).toBe([...expected.pages.values()].filter((page) => page.dated).length);
  });
});
