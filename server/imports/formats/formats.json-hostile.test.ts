import { describe, expect, it } from 'vitest';
import { chromeJson } from './chrome-json.js';
import { firefoxJson } from './firefox-json.js';
import { countsOf, generatedSource, heapGrowth, linksOf, readAll } from './fixtures/helpers.js';
import { detectFormat } from './index.js';
import { pinboardJson } from './pinboard-json.js';
import { bufferSource } from './source.js';
import {
  FileDamaged,
  MAX_FOLDER_DEPTH,
  MAX_TEXT_CHARS,
  type FormatReader,
  type ImportItem,
} from './types.js';

/** Files made to hurt a JSON reader, and large ones: each ends in a finished reading or a clear error. */

const MB = 1024 * 1024;

async function readingOf(reader: FormatReader, text: string) {
  const items: ImportItem[] = [];
  let error: unknown = null;
  try {
    for await (const item of reader.read(bufferSource(Buffer.from(text)))) items.push(item);
  } catch (err) {
    error = err;
  }
  return { items, error: error as FileDamaged | null };
}

const place = (n: number, title = `Page ${n}`) =>
  JSON.stringify({
    guid: `g${n}`,
    title,
    dateAdded: 1_600_000_000_000_000 + n,
    type: 'text/x-moz-place',
    uri: `https://example.com/${n}`,
    tags: `t${n % 7},common`,
  });
const container = (title: string, children: string[], extra = '') =>
  `{"title":${JSON.stringify(title)},"type":"text/x-moz-place-container"${extra},"children":[${children.join(',')}]}`;
const firefoxRoot = (children: string[]) =>
  container('', children, ',"guid":"root________","root":"placesRoot"');

describe('a 100 MB JSON file of one line', () => {
  it('a string of 100 MB inside a bookmark: read in bounded memory, the string cut', async () => {
    const started = performance.now();
    const items: ImportItem[] = [];
    const growth = await heapGrowth(async (sample) => {
      const source = generatedSource(
        {
          prefix: '[{"href":"https://example.com/","time":"2024-01-01T00:00:00Z","description":"',
          filler: 'a',
          size: 100 * MB,
          suffix: '","tags":"big"}]',
        },
        sample,
      );
      expect(await detectFormat(source)).toBe('pinboard-json');
      for await (const item of pinboardJson.read(source)) items.push(item);
    });
    const ms = Math.round(performance.now() - started);
    console.log(
      `100 MB string: recognised and read in ${ms} ms, heap grew at most ${Math.round(growth / MB)} MB`,
    );
    expect(items).toHaveLength(1);
    expect(linksOf(items)[0]).toMatchObject({ url: 'https://example.com/', tags: ['big'] });
    expect(linksOf(items)[0]?.title).toHaveLength(MAX_TEXT_CHARS);
    expect(growth).toBeLessThan(64 * MB);
  });

  it('a single string of 100 MB is no bookmark file, and says so at once', async () => {
    let pieces = 0;
    const source = generatedSource({ prefix: '"', filler: 'a', size: 100 * MB, suffix: '"' }, () => pieces++);
    expect(await detectFormat(source)).toBeNull();
    const error = await readAll(pinboardJson, source).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(FileDamaged);
    expect((error as Error).message).toMatch(/a single JSON value where a list .* was expected/);
    expect(pieces).toBeLessThan(10);
  });

  it('100 MB of one nesting bracket after another ends in a clear error', async () => {
    const source = generatedSource({ prefix: '{"children":', filler: '[', size: 100 * MB });
    const error = await readAll(firefoxJson, source).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(FileDamaged);
    expect((error as Error).message).toMatch(/nests its JSON more than 50,000 levels deep/);
  });
});

describe('10,000 nested Firefox folders', () => {
  const DEPTH = 10_000;
  let json = '';
  for (let level = DEPTH; level >= 1; level--) {
    json = container(`Level ${level}`, [place(level), ...(json ? [json] : [])]);
  }
  json = firefoxRoot([json]);

  it('are read; folders deeper than MAX_FOLDER_DEPTH file their bookmarks under the one at that depth', async () => {
    const { items, error } = await readingOf(firefoxJson, json);
    expect(error).toBeNull();
    expect(countsOf(items)).toMatchObject({ links: DEPTH, folders: MAX_FOLDER_DEPTH, skipped: 0 });
    const levels = (n: number) =>
      Array.from({ length: Math.min(n, MAX_FOLDER_DEPTH) }, (_, i) => `Level ${i + 1}`);
    const links = linksOf(items);
    expect(links[0]?.folder).toEqual(['Level 1']);
    expect(links[MAX_FOLDER_DEPTH - 1]?.folder).toEqual(levels(MAX_FOLDER_DEPTH));
    expect(links.at(-1)).toMatchObject({ url: `https://example.com/${DEPTH}`, folder: levels(DEPTH) });
  });
});

describe('a file cut short', () => {
  const firefox = firefoxRoot([
    container('toolbar', [place(1), container('Work', [place(2), place(3)])], ',"root":"toolbarFolder"'),
    container('unfiled', [place(4), place(5)], ',"root":"unfiledBookmarksFolder"'),
  ]);

  it.each([0.3, 0.5, 0.7, 0.9, 0.99])(
    'Firefox, cut at %d of its length: what comes before stands, and the error says where',
    async (share) => {
      const whole = linksOf((await readingOf(firefoxJson, firefox)).items);
      const cut = firefox.slice(0, Math.floor(firefox.length * share));
      const { items, error } = await readingOf(firefoxJson, cut);
      expect(error?.message).toMatch(/cut short/);
      const links = linksOf(items);
      expect(links).toEqual(whole.slice(0, links.length));
      expect(error?.position).toBe(`entry ${links.length + 1}`);
    },
  );

  it('Chrome, cut inside a folder whose name was not reached: its bookmarks stand, filed in what is known', async () => {
    const chrome = JSON.stringify({
      checksum: 'x',
      roots: {
        bookmark_bar: {
          children: [
            {
              children: [
                { name: 'A', type: 'url', url: 'https://a.example/', date_added: '13244224031000000' },
              ],
              name: 'Folder',
              type: 'folder',
            },
            { name: 'B', type: 'url', url: 'https://b.example/', date_added: '13244224031000000' },
          ],
          name: 'Bookmarks bar',
          type: 'folder',
        },
      },
    });
    const { items, error } = await readingOf(chromeJson, chrome.slice(0, chrome.indexOf(',"name":"Folder"')));
    expect(error?.message).toMatch(/cut short/);
    expect(linksOf(items)).toEqual([expect.objectContaining({ url: 'https://a.example/', folder: [] })]);
  });

  it('Pinboard, cut in its last bookmark', async () => {
    const pinboard = JSON.stringify(
      [1, 2, 3].map((n) => ({
        href: `https://e.example/${n}`,
        description: 'd',
        time: '2024-01-01T00:00:00Z',
      })),
    );
    const { items, error } = await readingOf(pinboardJson, pinboard.slice(0, -20));
    expect(items).toHaveLength(2);
    expect(error?.position).toBe('entry 3');
  });
});

describe('large files', () => {
  const N = 50_000;

  it(`${N.toLocaleString('en-US')} Pinboard bookmarks`, async () => {
    const json = JSON.stringify(
      Array.from({ length: N }, (_, n) => ({
        href: `https://example.com/pages/${n}?ref=${n % 13}`,
        description: `A page about subject ${n}`,
        extended: n % 3 ? '' : `Notes on subject ${n}, which ran long enough to matter.`,
        meta: 'f'.repeat(32),
        hash: 'e'.repeat(32),
        time: new Date(Date.UTC(2015, 0, 1) + n * 60_000).toISOString(),
        shared: 'no',
        toread: n % 2 ? 'yes' : 'no',
        tags: `tag${n % 50} common`,
      })),
    );
    const started = performance.now();
    const items = await readAll(pinboardJson, bufferSource(Buffer.from(json)));
    console.log(
      `${N} Pinboard bookmarks (${Math.round(json.length / MB)} MB) read in ${Math.round(performance.now() - started)} ms`,
    );
    expect(countsOf(items)).toEqual({ links: N, skipped: 0, folders: 0, tags: 51, dated: N });
  });

  it(`${N.toLocaleString('en-US')} Firefox bookmarks in 500 folders`, async () => {
    const folders = Array.from({ length: 500 }, (_, f) =>
      container(
        `Folder ${f}`,
        Array.from({ length: N / 500 }, (_, i) => place(f * (N / 500) + i)),
      ),
    );
    const json = firefoxRoot([container('toolbar', folders, ',"root":"toolbarFolder"')]);
    const started = performance.now();
    const items = await readAll(firefoxJson, bufferSource(Buffer.from(json)));
    console.log(
      `${N} Firefox bookmarks (${Math.round(json.length / MB)} MB) read in ${Math.round(performance.now() - started)} ms`,
    );
    expect(countsOf(items)).toEqual({ links: N, skipped: 0, folders: 501, tags: 8, dated: N });
  });
});
