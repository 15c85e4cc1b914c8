import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromeJson } from './chrome-json.js';
import { firefoxJson } from './firefox-json.js';
import {
  claimants,
  corpus,
  countsOf,
  fixtureSource,
  JSON_READERS,
  linksOf,
  readAll,
} from './fixtures/helpers.js';
import { detectFormat } from './index.js';
import { karakeepJson } from './karakeep-json.js';
import { linkvaultJson } from './linkvault-json.js';
import { linkwardenJson } from './linkwarden-json.js';
import { omnivore } from './omnivore.js';
import { pinboardJson } from './pinboard-json.js';
import { bufferSource, pathSource } from './source.js';
import { FileDamaged, MAX_SNIPPETS_PER_ENTRY, type FileSource, type FormatReader } from './types.js';
import { wallabagJson } from './wallabag-json.js';

/**
 * The JSON readers against every JSON file of the corpus: each file is recognised by its own reader only,
 * and reads as many links, folders, distinct tags and dated links as an independent reading of it gives
 * (JSON.parse and a walk written here, or the originating project's expected/ files).
 */

const jsonClaimants = (source: FileSource) => claimants(source, JSON_READERS);

type Json = Record<string, unknown>;
const parse = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as unknown;
const isDate = (ms: number) =>
  Number.isFinite(ms) && ms >= Date.UTC(1990, 0, 1) && ms <= Date.now() + 86_400_000;
const distinct = (tags: string[]) => new Set(tags.map((tag) => tag.trim()).filter(Boolean)).size;

interface Expected {
  links: number;
  skipped: number;
  folders: number;
  tags: number;
  dated: number;
}

/** Firefox: places are links; containers are folders, but the root and the menu, and empty roots. */
function readFirefox(root: Json): Expected {
  const expected: Expected = { links: 0, skipped: 0, folders: 0, tags: 0, dated: 0 };
  const tags: string[] = [];
  const stack: Json[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const children = (node.children as Json[] | undefined) ?? [];
    if (node.type === 'text/x-moz-place-container') {
      const isLevel = node === root || node.root === 'bookmarksMenuFolder';
      const isEmptyRoot = typeof node.root === 'string' && children.length === 0;
      if (!isLevel && !isEmptyRoot && node.root !== 'tagsFolder') expected.folders++;
      if (node.root !== 'tagsFolder') stack.push(...children);
    } else if (node.type === 'text/x-moz-place') {
      expected.links++;
      if (isDate(Number(node.dateAdded) / 1000)) expected.dated++;
      if (typeof node.tags === 'string') tags.push(...node.tags.split(','));
    }
  }
  return { ...expected, tags: distinct(tags) };
}

/** Chrome: url nodes are links; folders are folders but for the roots other than a non-empty bar. */
function readChrome(file: Json): Expected {
  const expected: Expected = { links: 0, skipped: 0, folders: 0, tags: 0, dated: 0 };
  const roots = file.roots as Record<string, Json>;
  const bar = roots.bookmark_bar!;
  if ((bar.children as Json[]).length > 0) expected.folders++;
  const stack: Json[] = Object.values(roots).flatMap((root) => root.children as Json[]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'folder') {
      expected.folders++;
      stack.push(...(node.children as Json[]));
    } else {
      expected.links++;
      if (isDate(Number(node.date_added) / 1000 - 11_644_473_600_000)) expected.dated++;
    }
  }
  return expected;
}

const readPinboard = (entries: Json[]): Expected => ({
  links: entries.length,
  skipped: 0,
  folders: 0,
  tags: distinct(entries.flatMap((entry) => String(entry.tags).split(/\s+/))),
  dated: entries.filter((entry) => isDate(Date.parse(String(entry.time)))).length,
});

const readWallabag = (entries: Json[]): Expected => ({
  links: entries.length,
  skipped: 0,
  folders: 0,
  tags: distinct(
    entries.flatMap((entry) => (Array.isArray(entry.tags) ? entry.tags : String(entry.tags).split(','))),
  ),
  // "2016-09-08T11:55:58+0200": ISO-8601's basic offset, written with its colon for Date.parse.
  dated: entries.filter((entry) =>
    isDate(Date.parse(String(entry.created_at).replace(/(\d\d)(\d\d)$/, '$1:$2'))),
  ).length,
});

const readOmnivore = (entries: Json[]): Expected => ({
  links: entries.length,
  skipped: 0,
  folders: 0,
  tags: distinct(entries.flatMap((entry) => entry.labels as string[])),
  dated: entries.filter((entry) => isDate(Date.parse(String(entry.savedAt)))).length,
});

const CORPUS_JSON: Record<string, { reader: FormatReader; expected: (file: unknown) => Expected }> = {
  'browser-json/bookmarks-converter--chrome-Bookmarks.json': {
    reader: chromeJson,
    expected: (f) => readChrome(f as Json),
  },
  'browser-json/wallabag--chrome-Bookmarks.json': {
    reader: chromeJson,
    expected: (f) => readChrome(f as Json),
  },
  'browser-json/bookmarks-converter--firefox.json': {
    reader: firefoxJson,
    expected: (f) => readFirefox(f as Json),
  },
  'browser-json/bookmarks-converter--firefox_with_separator.json': {
    reader: firefoxJson,
    expected: (f) => readFirefox(f as Json),
  },
  'browser-json/wallabag--firefox-bookmarks.json': {
    reader: firefoxJson,
    expected: (f) => readFirefox(f as Json),
  },
  'other-services/hbt-data--pinboard-sample.json': {
    reader: pinboardJson,
    expected: (f) => readPinboard(f as Json[]),
  },
  'other-services/wallabag--pinboard_export.json': {
    reader: pinboardJson,
    expected: (f) => readPinboard(f as Json[]),
  },
  'other-services/wallabag--wallabag-v1.json': {
    reader: wallabagJson,
    expected: (f) => readWallabag(f as Json[]),
  },
  'other-services/wallabag--wallabag-v1-read.json': {
    reader: wallabagJson,
    expected: (f) => readWallabag(f as Json[]),
  },
  'other-services/wallabag--wallabag-v2.json': {
    reader: wallabagJson,
    expected: (f) => readWallabag(f as Json[]),
  },
  'other-services/wallabag--wallabag-v2-read.json': {
    reader: wallabagJson,
    expected: (f) => readWallabag(f as Json[]),
  },
  'other-services/wallabag--omnivore.json': { reader: omnivore, expected: (f) => readOmnivore(f as Json[]) },
};

/** JSON exports of services Linkvault does not read: no JSON reader may claim them. */
const UNSUPPORTED_JSON = [
  'other-services/wallabag--delicious_export.json',
  'other-services/wallabag--elcurator.json',
  'other-services/wallabag--readability.json',
  'other-services/wallabag--readability-read.json',
];

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

describe.skipIf(!corpus)('the corpus JSON files', () => {
  const at = (path: string) => join(corpus!, path);

  it('are all known to this test', () => {
    const json = filesUnder(corpus!)
      .map((path) => relative(corpus!, path).split('\\').join('/'))
      .filter((path) => path.endsWith('.json') && !path.startsWith('expected/') && path !== 'manifest.json');
    expect(json.sort()).toEqual([...Object.keys(CORPUS_JSON), ...UNSUPPORTED_JSON].sort());
  });

  it.each(Object.keys(CORPUS_JSON))('%s is recognised by its reader only', async (path) => {
    expect(await jsonClaimants(pathSource(at(path)))).toEqual([CORPUS_JSON[path]!.reader.name]);
  });

  it.each(Object.keys(CORPUS_JSON))('%s reads as an independent reading of it counts', async (path) => {
    const { reader, expected } = CORPUS_JSON[path]!;
    const items = await readAll(reader, pathSource(at(path)));
    expect(countsOf(items)).toEqual(expected(parse(at(path))));
    console.log(`${path}: ${JSON.stringify(countsOf(items))}`);
  });

  it.each(UNSUPPORTED_JSON)('%s is claimed by no JSON reader, nor by any format at all', async (path) => {
    expect(await jsonClaimants(pathSource(at(path)))).toEqual([]);
    expect(await detectFormat(pathSource(at(path)))).toBeNull();
  });

  it('every other corpus file is claimed by no JSON reader', async () => {
    const others = filesUnder(corpus!).filter(
      (path) => !path.endsWith('.json') && !relative(corpus!, path).startsWith('licences'),
    );
    for (const path of others)
      expect([relative(corpus!, path), await jsonClaimants(pathSource(path))]).toEqual([
        relative(corpus!, path),
        [],
      ]);
  });

  it('Pinboard: the links hbt-data expects of its sample, field by field', async () => {
    const expected = readHbtYaml(
      readFileSync(at('expected/hbt-data--pinboard-sample.expected.yaml'), 'utf8'),
    );
    const links = linksOf(
      await readAll(pinboardJson, pathSource(at('other-services/hbt-data--pinboard-sample.json'))),
    );
    const read = links.map((link) => ({
      uri: link.url,
      createdAt: Date.parse(link.createdAt!) / 1000,
      names: link.title ? [link.title] : [],
      labels: link.tags,
      toRead: link.state === 'unread',
      extended: link.description ? [link.description] : [],
    }));
    const byUri = (a: { uri: string }, b: { uri: string }) => a.uri.localeCompare(b.uri);
    expect(read.sort(byUri)).toEqual(expected.sort(byUri));
  });

  it('wallabag: archived and starred entries, and v1 tags split at commas', async () => {
    const v1 = linksOf(
      await readAll(wallabagJson, pathSource(at('other-services/wallabag--wallabag-v1.json'))),
    );
    expect(v1.map((link) => [link.state, link.favorite, link.tags])).toEqual([
      ['unread', false, ['Framabag']],
      ['archived', false, []],
    ]);
    const v2 = linksOf(
      await readAll(wallabagJson, pathSource(at('other-services/wallabag--wallabag-v2.json'))),
    );
    expect(v2.map((link) => [link.state, link.favorite])).toEqual(
      (parse(at('other-services/wallabag--wallabag-v2.json')) as Json[]).map((entry) => [
        entry.is_archived === true || entry.is_archived === 1 ? 'archived' : 'unread',
        entry.is_starred === true || entry.is_starred === 1,
      ]),
    );
  });

  it('Omnivore JSON: archived items, labels as tags', async () => {
    const links = linksOf(await readAll(omnivore, pathSource(at('other-services/wallabag--omnivore.json'))));
    expect(links.filter((link) => link.state === 'archived')).toHaveLength(1);
    expect(links[2]).toMatchObject({ tags: ['RSS', 'TEST'], createdAt: '2024-10-29T16:09:19.000Z' });
  });

  it('Chrome: "Other bookmarks" and "Mobile bookmarks" stand at the top level, as Chrome exports them', async () => {
    const items = await readAll(
      chromeJson,
      pathSource(at('browser-json/bookmarks-converter--chrome-Bookmarks.json')),
    );
    const folderOf = (title: string) => linksOf(items).find((link) => link.title === title)?.folder;
    expect(folderOf('Getting Started')).toEqual(['Bookmarks bar']);
    expect(folderOf('Welcome to Python.org')).toEqual(['Bookmarks bar', 'Programming', 'Languages']);
    expect(folderOf('reddit: the front page of the internet')).toEqual([]);
    expect(folderOf('Jenkins')).toEqual([]);
  });

  it('Firefox: the menu at the top level, the toolbar a folder, separators no entries', async () => {
    const file = 'browser-json/bookmarks-converter--firefox_with_separator.json';
    const items = await readAll(firefoxJson, pathSource(at(file)));
    const folderOf = (title: string) => linksOf(items).find((link) => link.title === title)?.folder;
    expect(folderOf('Yahoo')).toEqual([]);
    expect(folderOf('Getting Started')).toEqual(['Bookmarks Toolbar']);
    expect(folderOf('Instagram')).toEqual(['Other Bookmarks']);
    expect(items.filter((item) => item.kind === 'skip')).toEqual([]);
    const old = linksOf(
      await readAll(firefoxJson, pathSource(at('browser-json/wallabag--firefox-bookmarks.json'))),
    );
    expect(old[0]).toMatchObject({ folder: ['Barre personnelle'], tags: ['test', 'tag'] });
  });
});

/** The little of YAML hbt-data's expected files use: a list of entities with scalar and list fields. */
function readHbtYaml(yaml: string) {
  const entities: {
    uri: string;
    createdAt: number;
    names: string[];
    labels: string[];
    toRead: boolean;
    extended: string[];
  }[] = [];
  let list: string[] | null = null;
  const unquote = (value: string) => value.trim().replace(/^'(.*)'$/, '$1');
  for (const line of yaml.split('\n')) {
    const field = /^ {4}(\w+):\s*(.*)$/.exec(line);
    const item = /^ {4}- (.*)$/.exec(line);
    if (line.startsWith('- id:')) {
      entities.push({ uri: '', createdAt: 0, names: [], labels: [], toRead: false, extended: [] });
    } else if (item && list) list.push(unquote(item[1]!));
    else if (field) {
      const entity = entities.at(-1)!;
      const [, name, value] = field as unknown as [string, string, string];
      list = null;
      if (name === 'uri') entity.uri = unquote(value);
      else if (name === 'createdAt') entity.createdAt = Number(value);
      else if (name === 'toRead') entity.toRead = value === 'true';
      else if ((name === 'names' || name === 'labels' || name === 'extended') && value === '')
        list = entity[name];
    }
  }
  return entities;
}

describe('recognising JSON files', () => {
  const claimants = (text: string) => jsonClaimants(bufferSource(Buffer.from(text)));

  it.each([
    '{"hello": 1}',
    '[1,2,3]',
    '"text"',
    '[]',
    '{}',
    'null',
    '[{"url":"https://example.com/"}]',
    '{"bookmarks":[{"article__url":"https://example.com/"}]}',
    '{"collections":[{"name":"x"}]}',
  ])('%s is claimed by no reader', async (text) => {
    expect(await claimants(text)).toEqual([]);
  });

  it('by the keys of the first entry, in any order and after megabytes of article', async () => {
    const entry = {
      content: 'x'.repeat(2_000_000),
      is_starred: false,
      tags: [],
      is_archived: true,
      url: 'https://a/',
    };
    expect(await claimants(JSON.stringify([entry]))).toEqual(['wallabag-json']);
  });
});

describe('a JSON file of the wrong shape read as a format (the upload named it)', () => {
  it.each([
    [pinboardJson, '{"hello": 1}', /an object .* where a list .* was expected/],
    [firefoxJson, '[1,2,3]', /a list .* where an object .* was expected/],
    [chromeJson, '{"hello": 1}', /none of the lists/],
    [karakeepJson, '{"hello": 1}', /none of the lists/],
    [linkwardenJson, '{"hello": 1}', /none of the lists/],
    [linkvaultJson, '{"folders": []}', /not a Linkvault export/],
    [wallabagJson, '"text"', /a single JSON value/],
  ] as const)('%o %s ends in a clear error', async (reader, text, message) => {
    const error = await readAll(reader, bufferSource(Buffer.from(text))).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(FileDamaged);
    expect((error as Error).message).toMatch(message);
  });

  it('entries that are not bookmarks are skipped, with the reason', async () => {
    const items = await readAll(pinboardJson, bufferSource(Buffer.from('[1, "x", {"href":"https://a/"}]')));
    expect(items.map((item) => (item.kind === 'skip' ? item.reason : item.kind))).toEqual([
      'The entry is a number, not a bookmark',
      'The entry is text, not a bookmark',
      'link',
    ]);
  });
});

describe('Karakeep (fixture built from its exporter)', () => {
  const file = JSON.parse(
    readFileSync(join(import.meta.dirname, 'fixtures', 'karakeep-export.json'), 'utf8'),
  ) as {
    bookmarks: Json[];
    lists: Json[];
  };

  it('is recognised, whichever list comes first', async () => {
    expect(await jsonClaimants(fixtureSource('karakeep-export.json'))).toEqual(['karakeep-json']);
    const backup = JSON.stringify({ lists: file.lists, bookmarks: file.bookmarks });
    expect(await jsonClaimants(bufferSource(Buffer.from(backup)))).toEqual(['karakeep-json']);
  });

  it('reads manual lists as folders, link bookmarks as links, and says why the others are not', async () => {
    const items = await readAll(karakeepJson, fixtureSource('karakeep-export.json'));
    const manual = file.lists.filter((list) => list.type === 'manual');
    const links = file.bookmarks.filter((bookmark) => (bookmark.content as Json).type === 'link');
    expect(countsOf(items)).toEqual({
      links: links.length,
      skipped: file.bookmarks.length - links.length,
      folders: manual.length,
      tags: distinct(links.flatMap((bookmark) => bookmark.tags as string[])),
      dated: links.length,
    });
    expect(items).toEqual([
      { kind: 'folder', position: 'list 1', path: ['Reading', 'Rust'] },
      { kind: 'folder', position: 'list 2', path: ['Reading'] },
      { kind: 'folder', position: 'list 3', path: ['Someday'] },
      {
        kind: 'link',
        position: 'entry 1',
        url: 'https://doc.rust-lang.org/book/',
        title: 'The Rust Programming Language',
        description: 'Chapter 16 on concurrency first.',
        folder: ['Reading', 'Rust'],
        tags: ['rust', 'books'],
        createdAt: '2024-06-01T14:00:00.000Z',
        state: 'unread',
        favorite: false,
      },
      { kind: 'skip', position: 'entry 2', reason: 'The bookmark is a note, not a link' },
      expect.objectContaining({ position: 'entry 3', folder: ['Reading'], state: 'archived' }),
      expect.objectContaining({
        position: 'entry 4',
        description: 'The bookmark everything app',
        favorite: true,
      }),
      {
        kind: 'skip',
        position: 'entry 5',
        reason: 'The bookmark is a file uploaded to Karakeep, not a link',
      },
    ]);
    const backup = JSON.stringify({ lists: file.lists, bookmarks: file.bookmarks });
    expect(await readAll(karakeepJson, bufferSource(Buffer.from(backup)))).toEqual(items);
  });
});

describe('Linkwarden (fixture built from its exporter and schema)', () => {
  it('reads collections as nested folders, pins as favourites, and leaves uploaded files out with a reason', async () => {
    expect(await jsonClaimants(fixtureSource('linkwarden-backup.json'))).toEqual(['linkwarden-json']);
    const items = await readAll(linkwardenJson, fixtureSource('linkwarden-backup.json'));
    expect(items).toEqual([
      {
        kind: 'folder',
        position: 'collection 1',
        path: ['Engineering', 'Databases'],
        createdAt: '2024-02-01T10:00:00.000Z',
      },
      expect.objectContaining({
        position: 'entry 1',
        url: 'https://www.postgresql.org/docs/',
        folder: ['Engineering', 'Databases'],
        tags: ['sql', 'reference'],
        favorite: false,
      }),
      {
        kind: 'folder',
        position: 'collection 2',
        path: ['Engineering'],
        createdAt: '2024-01-05T09:10:00.000Z',
      },
      expect.objectContaining({
        position: 'entry 2',
        title: 'Designing Data-Intensive Applications',
        description: 'The book on distributed data systems.',
        folder: ['Engineering'],
        createdAt: '2019-03-10T08:00:00.000Z',
        favorite: true,
      }),
      {
        kind: 'skip',
        position: 'entry 3',
        reason: 'The entry is a file uploaded to Linkwarden (pdf), not a link',
      },
      {
        kind: 'folder',
        position: 'collection 3',
        path: ['Unorganized'],
        createdAt: '2024-01-05T09:00:00.000Z',
      },
    ]);
  });
});

describe('keys the file controls, looked up in the reader’s tables', () => {
  const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString'];

  it.each(PROTOTYPE_KEYS)('Pinboard: toread "%s" is no reading state', async (toread) => {
    const json = JSON.stringify([
      { href: 'https://a.example/', description: 'A', time: '2024-01-01T00:00:00Z', toread },
    ]);
    const [link] = linksOf(await readAll(pinboardJson, bufferSource(Buffer.from(json))));
    expect(link?.state).toBeUndefined();
  });

  it.each(PROTOTYPE_KEYS)('Karakeep: a bookmark of type "%s" is skipped with a sentence', async (type) => {
    const json = JSON.stringify({ bookmarks: [{ createdAt: 1700000000, content: { type } }], lists: [] });
    expect(await readAll(karakeepJson, bufferSource(Buffer.from(json)))).toEqual([
      { kind: 'skip', position: 'entry 1', reason: `The bookmark is a Karakeep ${type}, not a link` },
    ]);
  });

  it.each(PROTOTYPE_KEYS)(
    'Firefox: a container whose root is "%s" is no root folder of Firefox',
    async (root) => {
      const json = JSON.stringify({
        guid: 'root________',
        type: 'text/x-moz-place-container',
        root: 'placesRoot',
        children: [
          {
            type: 'text/x-moz-place-container',
            root,
            children: [{ type: 'text/x-moz-place', uri: 'https://a.example/', title: 'A' }],
          },
        ],
      });
      const items = await readAll(firefoxJson, bufferSource(Buffer.from(json)));
      expect(items).toEqual([
        expect.objectContaining({ kind: 'link', url: 'https://a.example/', folder: [] }),
      ]);
    },
  );
});

describe('wallabag annotations', () => {
  it(`keeps the first ${MAX_SNIPPETS_PER_ENTRY} of an entry's and says how many more it held`, async () => {
    const annotations = Array.from({ length: 1100 }, (_, n) => ({ quote: `quote ${n}`, text: '' }));
    const json = JSON.stringify([{ url: 'https://a.example/', is_archived: 0, is_starred: 0, annotations }]);
    const items = await readAll(wallabagJson, bufferSource(Buffer.from(json)));
    expect(linksOf(items)[0]?.snippets).toHaveLength(MAX_SNIPPETS_PER_ENTRY);
    expect(items[1]).toEqual({
      kind: 'skip',
      position: 'entry 1',
      url: 'https://a.example/',
      reason:
        'Linkvault keeps the first 1,000 highlights of a page: 100 highlights of this page were not imported',
    });
  });
});
