import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  claimants,
  corpus,
  corpusFiles,
  corpusSource,
  countsOf,
  domElements,
  linksOf,
  readAll,
  splitCsv,
  type DomElement,
} from './fixtures/helpers.js';
import { pocketCsv } from './pocket-csv.js';
import { pocketHtml } from './pocket-html.js';
import { bufferSource } from './source.js';
import { FileDamaged, MAX_SNIPPETS_PER_ENTRY, type ImportItem } from './types.js';

const corpusText = (name: string) => readFileSync(join(corpus ?? '', 'pocket', name), 'utf8');
const stateCounts = (items: ImportItem[]) => {
  const states = linksOf(items).map((link) => link.state ?? 'none');
  return {
    unread: states.filter((s) => s === 'unread').length,
    archived: states.filter((s) => s === 'archived').length,
  };
};

describe.skipIf(!corpus)('Pocket corpus', () => {
  const htmlFiles = corpusFiles('pocket').filter((name) => name.endsWith('.html'));
  const csvFiles = corpusFiles('pocket').filter((name) => name.endsWith('.csv'));

  /** The page read as a DOM: each <li><a> is an item, in the state its <h1> names. */
  function domReading(html: string) {
    const anchors = domElements(html, 'li > a');
    const section = (a: DomElement) => a.closest('ul')?.previousElementSibling?.textContent ?? '';
    return {
      links: anchors.length,
      tags: new Set(anchors.flatMap((a) => (a.getAttribute('tags') ?? '').split(',').filter(Boolean))).size,
      dated: anchors.filter((a) => Number(a.getAttribute('time_added')) > 0).length,
      unread: anchors.filter((a) => section(a) === 'Unread').length,
      archived: anchors.filter((a) => section(a) === 'Read Archive').length,
    };
  }

  it.each(htmlFiles)('%s is recognised and read as a DOM counts it', async (name) => {
    const file = corpusSource('pocket', name);
    expect(await claimants(file)).toEqual(['pocket-html']);
    const items = await readAll(pocketHtml, file);
    const { links, tags, dated } = countsOf(items);
    console.log(`${name}: ${JSON.stringify({ ...countsOf(items), ...stateCounts(items) })}`);
    expect({ links, tags, dated, ...stateCounts(items) }).toEqual(domReading(corpusText(name)));
  });

  it('gives the items node-bookmarks-parser expects of its Pocket file', async () => {
    const expected = JSON.parse(
      readFileSync(join(corpus!, 'expected', 'node-bookmarks-parser--pocket.expected.json'), 'utf8'),
    ) as { title: string; children: { url: string; title: string }[] }[];
    const items = await readAll(pocketHtml, corpusSource('pocket', 'node-bookmarks-parser--pocket.html'));
    expect(linksOf(items).map((link) => [link.url, link.title, link.state])).toEqual(
      expected.flatMap((section) =>
        section.children.map((child) => [
          child.url,
          child.title,
          section.title === 'Unread' ? 'unread' : 'archived',
        ]),
      ),
    );
  });

  it.each(csvFiles)('%s is recognised and read as a plain CSV split counts it', async (name) => {
    const file = corpusSource('pocket', name);
    expect(await claimants(file)).toEqual(['pocket-csv']);
    const items = await readAll(pocketCsv, file);
    const rows = splitCsv(corpusText(name));
    console.log(`${name}: ${JSON.stringify({ ...countsOf(items), ...stateCounts(items) })}`);
    expect({ ...countsOf(items), ...stateCounts(items) }).toEqual({
      links: rows.length,
      skipped: 0,
      folders: 0,
      tags: new Set(rows.flatMap((row) => row.tags!.split('|').filter(Boolean))).size,
      dated: rows.filter((row) => Number(row.time_added) > 0).length,
      unread: rows.filter((row) => row.status === 'unread').length,
      archived: rows.filter((row) => row.status === 'archive').length,
    });
    expect(linksOf(items).map((link) => link.url)).toEqual(rows.map((row) => row.url));
  });
});

describe('Pocket CSV', () => {
  it('reads titles, tags, states, dates and the line each row starts on', async () => {
    const csv = `title,url,time_added,tags,status\r\n"Two\nlines",https://a.example/,1600000000,a|b,archive\r\nhttps://b.example/,https://b.example/,,,unread\r\n`;
    expect(await readAll(pocketCsv, bufferSource(Buffer.from(csv)))).toEqual([
      {
        kind: 'link',
        position: 'line 2',
        url: 'https://a.example/',
        title: 'Two lines',
        createdAt: '2020-09-13T12:26:40.000Z',
        tags: ['a', 'b'],
        state: 'archived',
      },
      {
        kind: 'link',
        position: 'line 4',
        url: 'https://b.example/',
        title: null,
        createdAt: null,
        state: 'unread',
      },
    ]);
  });
});

describe("Pocket's export ZIP", () => {
  const folder = join(import.meta.dirname, 'fixtures', 'pocket-export');
  const filesOf = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesOf(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  const zipOf = (files: Record<string, string>) =>
    bufferSource(
      zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))),
    );
  const exportFiles = Object.fromEntries(
    filesOf(folder).map((path) => [relative(folder, path).split('\\').join('/'), readFileSync(path, 'utf8')]),
  );

  it('is recognised, and its list parts are read in order with the highlights of each page', async () => {
    const file = zipOf(exportFiles);
    expect(await claimants(file)).toEqual(['pocket-csv']);
    expect(await readAll(pocketCsv, file)).toEqual([
      {
        kind: 'link',
        position: 'part_000000.csv line 2',
        url: 'https://example.com/highlighted',
        title: 'An article with highlights',
        createdAt: '2023-11-14T22:13:20.000Z',
        tags: ['reading', 'long reads'],
        state: 'unread',
        snippets: [
          { text: 'The first highlighted sentence.', createdAt: '2023-11-14T22:21:40.000Z' },
          { text: 'A second one, with "quotes".', createdAt: '2023-11-14T22:23:20.000Z' },
        ],
      },
      {
        kind: 'link',
        position: 'part_000000.csv line 3',
        url: 'https://example.com/untitled',
        title: null,
        createdAt: '2023-11-14T22:15:00.000Z',
        state: 'archived',
      },
      {
        kind: 'link',
        position: 'part_000001.csv line 2',
        url: 'https://example.com/quoted',
        title: 'Quoted, title',
        createdAt: '2023-11-14T22:16:40.000Z',
        tags: ['research'],
        state: 'unread',
      },
      {
        kind: 'snippet',
        position: 'annotations/part_000000.json entry 2',
        pageUrl: 'https://example.com/removed-from-list',
        pageTitle: 'A page no longer in the list',
        text: 'A highlight whose page is gone.',
        createdAt: '2023-11-14T22:25:00.000Z',
      },
    ]);
  });

  it('reads an export someone unzipped and zipped again, inside its folder', async () => {
    const file = zipOf(
      Object.fromEntries(
        Object.entries(exportFiles).map(([name, text]) => [`Pocket Data Export/${name}`, text]),
      ),
    );
    expect(await claimants(file)).toEqual(['pocket-csv']);
    expect(countsOf(await readAll(pocketCsv, file)).links).toBe(3);
  });

  it('is not claimed when the ZIP holds no list', async () => {
    expect(await claimants(zipOf({ 'metadata_0_to_20.json': '[]', 'content/a.html': '<p>a</p>' }))).toEqual(
      [],
    );
  });

  it('stops with FileDamaged at a highlights file that is not JSON, and at a broken list part', async () => {
    const badJson = zipOf({
      ...exportFiles,
      'annotations/part_000000.json': '[{"url": "https://a.example/", ',
    });
    await expect(readAll(pocketCsv, badJson)).rejects.toThrow(FileDamaged);
    const badCsv = zipOf({
      ...exportFiles,
      'part_000001.csv': 'title,url,time_added,tags,status\n"never closed,https://a.example/\n',
    });
    const error = await readAll(pocketCsv, badCsv).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(FileDamaged);
    expect((error as FileDamaged).position).toBe('part_000001.csv line 2');
  });

  it(`keeps the first ${MAX_SNIPPETS_PER_ENTRY} highlights of a page, across its entries, and says how many more`, async () => {
    const page = (from: number, count: number) => ({
      url: 'https://example.com/highlighted',
      title: 't',
      highlights: Array.from({ length: count }, (_, n) => ({
        quote: `quote ${from + n}`,
        created_at: 1700000000,
      })),
    });
    const file = zipOf({
      ...exportFiles,
      'annotations/part_000000.json': JSON.stringify([page(0, 1200), page(1200, 300)]),
    });
    const items = await readAll(pocketCsv, file);
    const [first] = linksOf(items);
    expect(first!.snippets).toHaveLength(MAX_SNIPPETS_PER_ENTRY);
    expect(first!.snippets!.at(-1)?.text).toBe('quote 999');
    const reason = (count: number) =>
      `Linkvault keeps the first 1,000 highlights of a page, and 16 million characters of highlights an import: ${count} highlights of this page were not imported`;
    expect(items.filter((item) => item.kind === 'skip')).toEqual([
      {
        kind: 'skip',
        position: 'annotations/part_000000.json entry 1',
        url: first!.url,
        reason: reason(200),
      },
      {
        kind: 'skip',
        position: 'annotations/part_000000.json entry 2',
        url: first!.url,
        reason: reason(300),
      },
    ]);
  });

  it('keeps a highlight longer than any real one only up to MAX_TEXT_CHARS', async () => {
    const quote = 'q'.repeat(200_000);
    const file = zipOf({
      ...exportFiles,
      'annotations/part_000000.json': JSON.stringify([
        {
          url: 'https://example.com/highlighted',
          title: 't',
          highlights: [{ quote, created_at: 1700000000 }],
        },
      ]),
    });
    const [first] = linksOf(await readAll(pocketCsv, file));
    expect(first!.snippets![0]!.text).toHaveLength(64 * 1024);
  });
});
