import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { countsOf, heapGrowth, linksOf, readAll, zipOfZeros } from './fixtures/helpers.js';
import { omnivore } from './omnivore.js';
import { parseHighlights } from './omnivore-highlights.js';
import { bufferSource, readHead } from './source.js';
import { FileDamaged, MAX_SNIPPETS_PER_ENTRY, type ImportItem } from './types.js';
import { ZIP_LIMITS } from './zip.js';

/**
 * The corpus has no Omnivore ZIP: the archives here are built as Omnivore's exporter built them
 * (omnivore-app/omnivore, packages/api/src/jobs/export.ts): metadata_<from>_to_<to>.json holding
 * JSON.stringify(items, null, 2) of up to 20 items, content/<slug>.html, and highlights/<slug>.md as
 * packages/api/src/utils/parser.ts highlightToMarkdown writes each highlight ("> quote " then
 * "\n\n#label" and "\n\nnote"; a quote's blank lines as "> "; a page note as "note\n\n"), joined by
 * blank lines. The markdown below is written out the way that code produces it.
 */

const item = (n: number, fields: Record<string, unknown> = {}) => ({
  id: `0b8e5c1a-0000-4000-8000-${String(n).padStart(12, '0')}`,
  slug: `article-${n}-18f2c${n}`,
  title: `Article ${n}`,
  description: `The excerpt of article ${n}.`,
  author: 'A. Writer',
  url: `https://example.com/articles/${n}`,
  state: 'SUCCEEDED',
  readingProgress: 0,
  thumbnail: null,
  labels: [] as string[],
  savedAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-02T10:00:00.000Z',
  publishedAt: null,
  ...fields,
});

const ITEMS = [
  item(1, {
    slug: 'understanding-ownership-18f2c1',
    title: 'Understanding Ownership',
    url: 'https://doc.rust-lang.org/book/ch04-01-what-is-ownership.html',
    labels: ['rust', ' Newsletter '],
    readingProgress: 40,
  }),
  item(2, {
    slug: 'the-log-18f2c2',
    state: 'ARCHIVED',
    readingProgress: 100,
    savedAt: '2023-12-24T08:30:00.000Z',
  }),
  item(3, { readingProgress: 100, labels: ['rust'] }),
];

const HIGHLIGHTS: Record<string, string> = {
  // A page note, a labelled highlight with a note, a two-paragraph quote with neither.
  'understanding-ownership-18f2c1':
    'Read with chapter 15.\n\n' +
    '\n\n' +
    '> Each value in Rust has an owner. \n\n#important\n\nThe core rule.' +
    '\n\n' +
    '> There can only be one owner at a time.\n> \nWhen the owner goes out of scope, the value will be dropped. ',
  'the-log-18f2c2': '> What is a log? \n\nA note of two paragraphs.\n\nThe second one.',
};

function exportZip(files: Record<string, string | Uint8Array>): Uint8Array {
  const zippable: Zippable = {};
  for (const [name, content] of Object.entries(files)) {
    zippable[name] = typeof content === 'string' ? strToU8(content) : content;
  }
  return zipSync(zippable, { level: 9 });
}

/** The archive of `items` in batches of `batch`, with content and highlights files, written in `order`. */
function omnivoreZip(items: ReturnType<typeof item>[], { batch = 20, prefix = '', reverse = false } = {}) {
  const files: Record<string, string> = {};
  for (let from = 0; from < items.length; from += batch) {
    const slice = items.slice(from, from + batch);
    files[`${prefix}metadata_${from}_to_${from + slice.length}.json`] = JSON.stringify(slice, null, 2);
    for (const { slug, title } of slice) {
      files[`${prefix}content/${slug}.html`] = `<DIV class="page"><h1>${title}</h1><p>The article.</p></DIV>`;
      if (HIGHLIGHTS[slug]) files[`${prefix}highlights/${slug}.md`] = HIGHLIGHTS[slug];
    }
  }
  const names = Object.keys(files);
  if (reverse) names.reverse();
  return exportZip(Object.fromEntries(names.map((name) => [name, files[name]!])));
}

async function damage(items: Promise<ImportItem[]>): Promise<FileDamaged> {
  const error = await items.catch((err: unknown) => err);
  expect(error).toBeInstanceOf(FileDamaged);
  return error as FileDamaged;
}

describe('Omnivore highlights markdown', () => {
  it('reads highlights, their notes, and a note on the page, leaving labels out', () => {
    expect(parseHighlights(HIGHLIGHTS['understanding-ownership-18f2c1']!)).toEqual({
      note: 'Read with chapter 15.',
      leftOut: 0,
      snippets: [
        { text: 'Each value in Rust has an owner.', note: 'The core rule.' },
        {
          text: 'There can only be one owner at a time.\n\nWhen the owner goes out of scope, the value will be dropped.',
          note: null,
        },
      ],
    });
    expect(parseHighlights(HIGHLIGHTS['the-log-18f2c2']!).snippets).toEqual([
      { text: 'What is a log?', note: 'A note of two paragraphs.\n\nThe second one.' },
    ]);
  });

  it(`keeps the first ${MAX_SNIPPETS_PER_ENTRY} highlights and counts the others`, async () => {
    const markdown = Array.from({ length: 1200 }, (_, n) => `> quote ${n} `).join('\n\n');
    const { snippets, leftOut } = parseHighlights(markdown);
    expect(snippets).toHaveLength(MAX_SNIPPETS_PER_ENTRY);
    expect(snippets.at(-1)).toEqual({ text: 'quote 999', note: null });
    expect(leftOut).toBe(200);
    const [first] = ITEMS;
    const zip = exportZip({
      'metadata_0_to_1.json': JSON.stringify([first], null, 2),
      [`highlights/${first!.slug}.md`]: markdown,
    });
    const items = await readAll(omnivore, bufferSource(zip));
    expect(items[1]).toEqual({
      kind: 'skip',
      position: 'metadata_0_to_1.json entry 1',
      url: first!.url,
      reason:
        'Linkvault keeps the first 1,000 highlights of a page: 200 highlights of this page were not imported',
    });
  });

  it('reads Windows line ends and an empty file', () => {
    expect(parseHighlights('> A quote \r\n\r\nIts note.').snippets).toEqual([
      { text: 'A quote', note: 'Its note.' },
    ]);
    expect(parseHighlights('')).toEqual({ snippets: [], leftOut: 0, note: null });
  });
});

describe('Omnivore ZIP', () => {
  it('is recognised by its metadata files, and a ZIP without them is not', async () => {
    const zip = bufferSource(omnivoreZip(ITEMS));
    expect(await omnivore.detect(zip, await readHead(zip))).toBe(true);
    const other = bufferSource(exportZip({ 'part_000000.csv': 'title,url\n' }));
    expect(await omnivore.detect(other, await readHead(other))).toBe(false);
  });

  it('reads each item with its labels, state, date, highlights and notes', async () => {
    const items = await readAll(omnivore, bufferSource(omnivoreZip(ITEMS)));
    expect(items).toEqual([
      {
        kind: 'link',
        position: 'metadata_0_to_3.json entry 1',
        url: 'https://doc.rust-lang.org/book/ch04-01-what-is-ownership.html',
        title: 'Understanding Ownership',
        description: 'Read with chapter 15.',
        tags: ['rust', 'Newsletter'],
        createdAt: '2024-05-01T10:00:00.000Z',
        state: 'unread',
        snippets: parseHighlights(HIGHLIGHTS['understanding-ownership-18f2c1']!).snippets,
      },
      expect.objectContaining({
        position: 'metadata_0_to_3.json entry 2',
        description: 'The excerpt of article 2.',
        state: 'archived',
        createdAt: '2023-12-24T08:30:00.000Z',
        snippets: [{ text: 'What is a log?', note: 'A note of two paragraphs.\n\nThe second one.' }],
      }),
      expect.objectContaining({ position: 'metadata_0_to_3.json entry 3', state: 'read', snippets: [] }),
    ]);
    expect(countsOf(items)).toEqual({ links: 3, skipped: 0, folders: 0, tags: 2, dated: 3 });
  });

  it('reads the metadata files in the order Omnivore wrote them, by their numbers', async () => {
    const many = Array.from({ length: 105 }, (_, n) => item(n));
    const items = linksOf(await readAll(omnivore, bufferSource(omnivoreZip(many, { reverse: true }))));
    expect(items.map((link) => link.url)).toEqual(many.map((entry) => entry.url));
    expect(items.at(-1)?.position).toBe('metadata_100_to_105.json entry 5');
  });

  it('finds the files in a folder, when the person zipped the unzipped export again', async () => {
    const items = await readAll(omnivore, bufferSource(omnivoreZip(ITEMS, { prefix: 'omnivore-export/' })));
    expect(linksOf(items).map((link) => link.snippets?.length)).toEqual([2, 1, 0]);
  });

  it('reports highlights too large to hold, and keeps the item', async () => {
    const [first] = ITEMS;
    const zip = exportZip({
      'metadata_0_to_1.json': JSON.stringify([first], null, 2),
      [`highlights/${first!.slug}.md`]: `> ${'x'.repeat(5 * 1024 * 1024)} `,
    });
    const items = await readAll(omnivore, bufferSource(zip));
    expect(items.map((entry) => entry.kind)).toEqual(['link', 'skip']);
    expect(items[1]).toMatchObject({
      url: first!.url,
      reason: expect.stringMatching(/larger than 4 MB/) as string,
    });
  });

  it('refuses a ZIP bomb without inflating it', async () => {
    const file = await zipOfZeros(['metadata_0_to_1.json'], 300 * 1024 * 1024);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    expect(300 * 1024 * 1024).toBeGreaterThan(ZIP_LIMITS.entryBytes);

    const source = bufferSource(file);
    expect(await omnivore.detect(source, await readHead(source))).toBe(true);
    let error: FileDamaged | undefined;
    const growth = await heapGrowth(async () => {
      error = await damage(readAll(omnivore, source));
    });
    expect(error?.message).toBe('metadata_0_to_1.json expands to 300 MB, more than an export file can hold');
    expect(error?.position).toBe('metadata_0_to_1.json entry 1');
    expect(growth).toBeLessThan(50 * 1024 * 1024);
  });

  it('stops where an entry inflates beyond the size its directory declares', async () => {
    const zip = exportZip({ 'metadata_0_to_3.json': JSON.stringify(ITEMS, null, 2) });
    const declared = 200;
    const view = Buffer.from(zip);
    // The uncompressed size, in the local header (offset 22) and in the central directory (offset 24).
    view.writeUInt32LE(declared, 22);
    view.writeUInt32LE(declared, view.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    const error = await damage(readAll(omnivore, bufferSource(view)));
    expect(error.message).toMatch(/metadata_0_to_3\.json cannot be read from the ZIP file: too many bytes/);
    expect(error.position).toBe('metadata_0_to_3.json entry 1');
  });

  it('a broken ZIP is not recognised, and reading it says it cannot be read', async () => {
    const zip = omnivoreZip(ITEMS).slice(0, 200);
    const source = bufferSource(zip);
    expect(await omnivore.detect(source, await readHead(source))).toBe(false);
    expect((await damage(readAll(omnivore, source))).message).toMatch(/The ZIP file cannot be read/);
  });
});
