import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  claimants,
  corpus,
  corpusSource,
  countsOf,
  fixtureSource,
  generatedSource,
  heapGrowth,
  linksOf,
  readAll,
  splitCsv,
} from './fixtures/helpers.js';
import { instapaperCsv } from './instapaper-csv.js';
import { pocketCsv } from './pocket-csv.js';
import { raindropCsv } from './raindrop-csv.js';
import { readwiseCsv } from './readwise-csv.js';
import { bufferSource } from './source.js';
import { FileDamaged, MAX_SNIPPETS_PER_ENTRY, type FormatReader, type ImportItem } from './types.js';

const csvSource = (text: string) => bufferSource(Buffer.from(text));

/** The items read before the reader stopped, and the error it stopped with. */
async function readUntilError(reader: FormatReader, source: ReturnType<typeof csvSource>) {
  const items: ImportItem[] = [];
  try {
    for await (const item of reader.read(source)) items.push(item);
  } catch (error) {
    return { items, error };
  }
  return { items, error: null };
}

describe.skipIf(!corpus)('Instapaper corpus', () => {
  it('wallabag--instapaper-export.csv is recognised and read as a plain CSV split counts it', async () => {
    const name = 'wallabag--instapaper-export.csv';
    const file = corpusSource('other-services', name);
    expect(await claimants(file)).toEqual(['instapaper-csv']);
    const items = await readAll(instapaperCsv, file);
    const rows = splitCsv(readFileSync(join(corpus!, 'other-services', name), 'utf8'));
    const lists = ['unread', 'archive', 'starred'];
    const links = linksOf(items);
    console.log(`${name}: ${JSON.stringify(countsOf(items))}`);
    expect(links.map((link) => link.url)).toEqual(rows.map((row) => row.url));
    expect({
      folders: links.filter((link) => link.folder).length,
      archived: links.filter((link) => link.state === 'archived').length,
      favorites: links.filter((link) => link.favorite).length,
      highlights: links.filter((link) => link.snippets).length,
    }).toEqual({
      folders: rows.filter((row) => !lists.includes(row.folder!.toLowerCase())).length,
      archived: rows.filter((row) => row.folder === 'Archive').length,
      favorites: rows.filter((row) => row.folder === 'Starred').length,
      highlights: rows.filter((row) => row.selection).length,
    });
  });
});

describe('Instapaper CSV', () => {
  it('reads the 2024 layout: lists as state and star, folders, timestamps, JSON tags and highlights', async () => {
    const file = fixtureSource('instapaper-2024.csv');
    expect(await claimants(file)).toEqual(['instapaper-csv']);
    expect(await readAll(instapaperCsv, file)).toEqual([
      {
        kind: 'link',
        position: 'line 2',
        url: 'https://example.com/home',
        title: 'On the home list',
        createdAt: '2025-05-29T03:43:03.000Z',
        state: 'unread',
      },
      {
        kind: 'link',
        position: 'line 3',
        url: 'https://example.com/archived',
        title: 'Read and archived',
        createdAt: '2025-05-28T02:40:00.000Z',
        state: 'archived',
        tags: ['essays'],
      },
      {
        kind: 'link',
        position: 'line 4',
        url: 'https://example.com/liked',
        title: 'A liked article',
        createdAt: '2025-05-26T22:53:20.000Z',
        favorite: true,
        tags: ['favourites', 'long reads'],
        snippets: [{ text: 'A passage I highlighted, with a comma.' }],
      },
      {
        kind: 'link',
        position: 'line 5',
        url: 'https://example.com/recipes',
        title: 'Bread',
        createdAt: '2025-05-25T19:06:40.000Z',
        folder: ['Recipes'],
      },
    ]);
  });
});

describe('Raindrop CSV', () => {
  it('reads collections as folder paths, tags, notes, favourites and each highlight', async () => {
    const file = fixtureSource('raindrop-backup.csv');
    expect(await claimants(file)).toEqual(['raindrop-csv']);
    const items = await readAll(raindropCsv, file);
    expect(items[0]).toEqual({
      kind: 'link',
      position: 'line 2',
      url: 'https://example.com/ddia',
      title: 'Designing Data-Intensive Applications, notes',
      description: 'My reading notes',
      folder: ['Work', 'Reading'],
      tags: ['databases', 'distributed systems'],
      createdAt: '2024-09-03T20:06:53.347Z',
      favorite: true,
      snippets: [
        {
          text: 'Replication means keeping a copy of the same data on multiple machines.',
          note: 'Compare with partitioning',
        },
        { text: 'A log is an append-only sequence of records.', note: null },
      ],
    });
    expect(items.slice(1)).toMatchObject([
      { position: 'line 5', description: 'An excerpt\nover two lines', favorite: false },
      {
        position: 'line 7',
        folder: ['Work', 'Reading', 'Papers'],
        snippets: [{ text: 'One highlight only' }],
      },
      { position: 'line 8', url: 'javascript:alert(1)', folder: ['Work'] },
      { position: 'line 9', createdAt: null, tags: ['a', 'b'], folder: ['Personal'] },
    ]);
    expect(items[1]).not.toHaveProperty('folder');
    expect(countsOf(items)).toMatchObject({ links: 5, tags: 5, dated: 4 });
  });

  it('reads the export of one collection, which has no folder column', async () => {
    const csv =
      'id,title,note,excerpt,url,tags,created,cover,highlights,favorite\n1,A,,,https://a.example/,,2024-01-01T00:00:00.000Z,,,false\n';
    expect(await claimants(csvSource(csv))).toEqual(['raindrop-csv']);
    expect(await readAll(raindropCsv, csvSource(csv))).toMatchObject([
      { url: 'https://a.example/', title: 'A' },
    ]);
  });
});

describe('Readwise CSV', () => {
  it("skips every row of Readwise's highlights export, which gives no page address, saying why", async () => {
    const file = fixtureSource('readwise-export.csv');
    expect(await claimants(file)).toEqual(['readwise-csv']);
    const items = await readAll(readwiseCsv, file);
    expect(items.map((item) => [item.kind, item.position])).toEqual([
      ['skip', 'line 2'],
      ['skip', 'line 3'],
    ]);
    expect(items[0]).toMatchObject({ reason: expect.stringContaining('no web address') });
  });

  it('makes a link of each highlight that names its page, with its note, colour, date and tags', async () => {
    const csv =
      'Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at,Document tags,URL\n' +
      '"A line, quoted",An article,Someone,,My note,yellow,".favorite, ideas",offset,1,2024-05-01 10:00:00+00:00,reading,https://a.example/post\n';
    expect(await claimants(csvSource(csv))).toEqual(['readwise-csv']);
    expect(await readAll(readwiseCsv, csvSource(csv))).toEqual([
      {
        kind: 'link',
        position: 'line 2',
        url: 'https://a.example/post',
        title: 'An article',
        tags: ['reading', 'ideas'],
        snippets: [
          { text: 'A line, quoted', note: 'My note', color: 'yellow', createdAt: '2024-05-01T10:00:00.000Z' },
        ],
      },
    ]);
  });

  it("reads files in Readwise's import template, which has a URL column", async () => {
    const file = fixtureSource('readwise-with-urls.csv');
    expect(await claimants(file)).toEqual(['readwise-csv']);
    const items = await readAll(readwiseCsv, file);
    expect(items.map((item) => item.kind)).toEqual(['link', 'link', 'skip']);
    expect(
      linksOf(items).map((link) => [link.url, link.snippets?.[0]?.text, link.snippets?.[0]?.note]),
    ).toEqual([
      ['https://example.com/on-bookmarks', 'The web is a library with no catalogue.', 'Worth quoting'],
      ['https://example.com/on-bookmarks', 'Second highlight on the same page', null],
    ]);
  });
});

describe('CSV files that are hard to read', () => {
  it('stops at an unterminated quote, naming the line it opened on, with the rows before it read', async () => {
    const csv =
      'title,url,time_added,tags,status\nOne,https://a.example/,1,,unread\n\n"Two, never closed,https://b.example/,2,,unread\nThree,https://c.example/,3,,unread\n';
    const { items, error } = await readUntilError(pocketCsv, csvSource(csv));
    expect(linksOf(items).map((link) => link.url)).toEqual(['https://a.example/']);
    expect(error).toBeInstanceOf(FileDamaged);
    expect((error as FileDamaged).position).toBe('line 4');
    expect((error as FileDamaged).message).toMatch(
      /line 4 never ends: a quote .*rows before line 4 were read/,
    );
  });

  it('reads a Windows-1252 file (what spreadsheets save on Windows) with its accents', async () => {
    const csv = 'URL,Title,Selection,Folder\r\nhttps://a.example/,Café – résumé “quoted”,Déjà vu,Lecture\r\n';
    const file = bufferSource(encode1252(csv));
    expect(await claimants(file)).toEqual(['instapaper-csv']);
    expect(await readAll(instapaperCsv, file)).toMatchObject([
      { title: 'Café – résumé “quoted”', folder: ['Lecture'], snippets: [{ text: 'Déjà vu' }] },
    ]);
  });

  it('recognises a header in any case and order, after a byte-order mark, with extra columns', async () => {
    const csv = '\uFEFFStatus,Extra,URL,Title,Time_Added,Tags\nunread,x,https://a.example/,A,1600000000,t\n';
    expect(await claimants(csvSource(csv))).toEqual(['pocket-csv']);
    expect(await readAll(pocketCsv, csvSource(csv))).toMatchObject([
      { url: 'https://a.example/', tags: ['t'] },
    ]);
  });

  it('stops a 100 MB file of one line with FileDamaged, in bounded memory', async () => {
    let error: unknown = null;
    const growth = await heapGrowth(async (sample) => {
      const file = generatedSource(
        { prefix: 'title,url,time_added,tags,status\n', filler: 'a', size: 100 * 1024 * 1024 },
        sample,
      );
      expect(await claimants(file)).toEqual(['pocket-csv']);
      ({ error } = await readUntilError(pocketCsv, file));
    });
    console.log(`100 MB one-line CSV: heap grew at most ${Math.round(growth / 1024 / 1024)} MB`);
    expect(error).toBeInstanceOf(FileDamaged);
    expect((error as FileDamaged).position).toBe('line 2');
    expect((error as FileDamaged).message).toMatch(/line 2 runs past 1,000,000 characters/);
    expect(growth).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('CSV lines of delimiters', () => {
  it.each([
    ['commas', ',', /line 2 runs past 1,000,000 characters/],
    ['semicolons', ';', /line 2 runs past 1,000,000 characters/],
    ['tabs', '\t', /line 2 runs past 1,000,000 characters/],
  ])(
    'stops a 100 MB line of %s after a valid header with FileDamaged, quickly and in bounded memory',
    async (name, filler, message) => {
      let error: unknown = null;
      const started = performance.now();
      const growth = await heapGrowth(async (sample) => {
        const file = generatedSource(
          { prefix: 'title,url,time_added,tags,status\n', filler, size: 100 * 1024 * 1024 },
          sample,
        );
        ({ error } = await readUntilError(pocketCsv, file));
      });
      const ms = Math.round(performance.now() - started);
      console.log(
        `100 MB of ${name}: stopped in ${ms} ms, heap grew at most ${Math.round(growth / 1024 / 1024)} MB`,
      );
      expect(error).toBeInstanceOf(FileDamaged);
      expect((error as FileDamaged).position).toBe('line 2');
      expect((error as FileDamaged).message).toMatch(message);
      expect(growth).toBeLessThan(100 * 1024 * 1024);
      expect(ms).toBeLessThan(5000);
    },
  );
});

describe('the character set of a file that names none', () => {
  it('reads Windows-1252 whose first accent comes after 64 KB of ASCII', async () => {
    const rows = Array.from({ length: 1700 }, (_, n) => `https://e.example/${n},Plain title ${n},,Read\r\n`);
    const csv = `URL,Title,Selection,Folder\r\n${rows.join('')}https://e.example/cafe,Café crème,,Lecture\r\n`;
    expect(csv.indexOf('é')).toBeGreaterThan(70 * 1024);
    const file = bufferSource(encode1252(csv));
    const links = linksOf(await readAll(instapaperCsv, file));
    expect(links).toHaveLength(1701);
    expect(links.at(-1)).toMatchObject({ title: 'Café crème', folder: ['Lecture'] });
    expect(linksOf(await readAll(instapaperCsv, file))).toEqual(links);
  });
});

describe('Raindrop highlights', () => {
  it(`keeps the first ${MAX_SNIPPETS_PER_ENTRY} of a row's highlights and says how many more it held`, async () => {
    const highlights = Array.from({ length: 1500 }, (_, n) => `Highlight:quote ${n}`).join('\n');
    const csv = `id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite\n1,A,,,https://a.example/,,,,,"${highlights}",false\n`;
    const items = await readAll(raindropCsv, csvSource(csv));
    expect(items).toHaveLength(2);
    expect(linksOf(items)[0]?.snippets).toHaveLength(MAX_SNIPPETS_PER_ENTRY);
    expect(linksOf(items)[0]?.snippets?.at(-1)).toEqual({ text: 'quote 999', note: null });
    expect(items[1]).toEqual({
      kind: 'skip',
      position: 'line 2',
      url: 'https://a.example/',
      reason:
        'Linkvault keeps the first 1,000 highlights of a page: 500 highlights of this page were not imported',
    });
  });
});

/** Text in Windows-1252, whose bytes are not valid UTF-8. */
function encode1252(text: string): Uint8Array {
  const extra: Record<string, number> = { '–': 0x96, '“': 0x93, '”': 0x94 };
  return Uint8Array.from([...text].map((char) => extra[char] ?? char.charCodeAt(0)));
}
