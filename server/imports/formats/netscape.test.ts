import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  claimants,
  corpus,
  corpusFiles,
  corpusSource,
  countsOf,
  domElements,
  generatedSource,
  heapGrowth,
  linksOf,
  readAll,
  type DomElement,
} from './fixtures/helpers.js';
import { netscape } from './netscape.js';
import { bufferSource } from './source.js';
import {
  MAX_FOLDER_DEPTH,
  MAX_FOLDERS,
  MAX_TEXT_CHARS,
  type ImportedFolder,
  type ImportItem,
} from './types.js';

const source = (html: string) => bufferSource(Buffer.from(html));
const read = async (html: string) => readAll(netscape, source(html));
const DOCTYPE = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n';

/**
 * The file read another way: a DOM (linkedom) of the whole file. A bookmark is an <A> whose nearest <DT> or
 * <DD> ancestor is a <DT> (an <A> inside a <DD> is part of a note); a folder is an <H3>; a date is an
 * ADD_DATE of digits that, read by its number of digits as seconds, milliseconds or microseconds, falls
 * between 1990 and now.
 */
function domReading(html: string) {
  const attribute = (element: DomElement, name: string) =>
    [...element.attributes].find((attr) => attr.name.toLowerCase() === name)?.value;
  const inNote = (element: DomElement) => {
    for (let at = element.parentElement; at; at = at.parentElement) {
      if (at.tagName === 'DT') return false;
      if (at.tagName === 'DD') return true;
    }
    return false;
  };
  const entries = domElements(html, 'a').filter((a) => !inNote(a));
  const tags = entries.flatMap((a) => (attribute(a, 'tags') ?? '').split(',').map((tag) => tag.trim()));
  const dated = entries.filter((a) => {
    const value = attribute(a, 'add_date') ?? '';
    if (!/^\d+$/.test(value)) return false;
    const seconds = Number(value) / (value.length >= 15 ? 1e6 : value.length >= 12 ? 1e3 : 1);
    return seconds >= Date.UTC(1990, 0, 1) / 1000 && seconds <= Date.now() / 1000;
  });
  return {
    entries: entries.length,
    folders: domElements(html, 'h3').length,
    tags: new Set(tags.filter(Boolean)).size,
    dated: dated.length,
  };
}

describe.skipIf(!corpus)('Netscape corpus', () => {
  const files = corpusFiles('netscape-html').filter((name) => name !== 'shaarli-parser--empty.htm');

  it.each(files)('%s is recognised and read as an independent reading counts it', async (name) => {
    const file = corpusSource('netscape-html', name);
    expect(await claimants(file)).toEqual(['netscape']);
    const counts = countsOf(await readAll(netscape, file));
    const dom = domReading(new TextDecoder().decode(readFileSync(join(corpus!, 'netscape-html', name))));
    console.log(`${name}: ${JSON.stringify(counts)}`);
    expect({
      entries: counts.links + counts.skipped,
      folders: counts.folders,
      tags: counts.tags,
      dated: counts.dated,
    }).toEqual(dom);
  });

  it('recognises nothing in an empty file', async () => {
    expect(await claimants(corpusSource('netscape-html', 'shaarli-parser--empty.htm'))).toEqual([]);
  });

  interface ParsedNode {
    type: 'folder' | 'bookmark';
    url?: string;
    title?: string;
    add_date?: string;
    children?: ParsedNode[];
  }
  const flatten = (nodes: ParsedNode[]): ParsedNode[] =>
    nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

  it.each([
    ['node-bookmarks-parser--chrome_bookmarks'],
    ['node-bookmarks-parser--netscape'],
    ['node-bookmarks-parser--netscape_complex'],
    ['bookmarks-parser-py--chrome_bookmarks'],
    ['bookmarks-parser-py--firefox_bookmarks'],
  ])('%s gives the bookmarks, dates and folders its project expects', async (name) => {
    const expected = flatten(
      JSON.parse(readFileSync(join(corpus!, 'expected', `${name}.expected.json`), 'utf8')) as ParsedNode[],
    );
    const file = corpusFiles('netscape-html').find((file) => file.startsWith(`${name}.`))!;
    const items = await readAll(netscape, corpusSource('netscape-html', file));
    // Those projects list a folder's bookmarks before or after its sub-folders: compared in any order.
    const sorted = (entries: (string | null | undefined)[][]) =>
      entries.map((entry) => JSON.stringify(entry)).sort();
    const withDates = expected.some((node) => 'add_date' in node);
    expect(
      sorted(linksOf(items).map((link) => [link.url, link.title, withDates ? link.createdAt : null])),
    ).toEqual(
      sorted(
        expected
          .filter((node) => node.type === 'bookmark')
          .map((node) => [
            node.url,
            node.title?.trim() || null,
            node.add_date ? new Date(Number(node.add_date) * 1000).toISOString() : null,
          ]),
      ),
    );
    expect(items.filter((item) => item.kind === 'folder')).toHaveLength(
      expected.filter((node) => node.type === 'folder').length,
    );
  });

  it.each([['feeds'], ['folders'], ['pinboard'], ['privacy']])(
    'hbt-data--%s gives the entries, dates and notes hbt-data expects',
    async (name) => {
      const yaml = readFileSync(join(corpus!, 'expected', `hbt-data--${name}.expected.yaml`), 'utf8');
      const entities = yaml.split(/^- id: /m).slice(1);
      const field = (entity: string, key: string) =>
        new RegExp(`^ {4}${key}:\\s*(.*)$`, 'm').exec(entity)?.[1];
      const list = (entity: string, key: string) =>
        new RegExp(`^ {4}${key}:\\n {4}- (.*)$`, 'm').exec(entity)?.[1]?.replace(/^'(.*)'$/, '$1');
      const links = linksOf(await readAll(netscape, corpusSource('netscape-html', `hbt-data--${name}.html`)));
      // hbt-data writes each address normalised (a "/" path on a bare host), as URL does.
      expect(links.map((link) => new URL(link.url).href)).toEqual(
        entities.map((entity) => field(entity, 'uri')),
      );
      expect(links.map((link) => link.createdAt)).toEqual(
        entities.map((entity) => new Date(Number(field(entity, 'createdAt')) * 1000).toISOString()),
      );
      expect(links.map((link) => link.title)).toEqual(entities.map((entity) => list(entity, 'names')));
      expect(links.map((link) => link.description ?? undefined)).toEqual(
        entities.map((entity) => list(entity, 'extended')),
      );
    },
  );
});

describe('Netscape entries', () => {
  it('files entries in nested folders by path, sharing one path per folder, and gives empty folders', async () => {
    const items = await read(`${DOCTYPE}<DL><p>
      <DT><H3 ADD_DATE="1609459200">Work</H3>
      <DD>What the folder is for: not a bookmark note
      <DL><p>
        <DT><A HREF="https://a.example/" ADD_DATE="1609459300">A</A>
        <DT><H3>Reading</H3>
        <DL><p>
          <DT><A HREF="https://b.example/">B</A>
          <DT><A HREF="https://c.example/">C</A>
        </DL><p>
        <DT><H3>Empty</H3>
        <DL><p>
        </DL><p>
      </DL><p>
      <HR>
      <DT><A HREF="https://d.example/">D</A>
    </DL>`);
    expect(
      items.map((item) => [
        item.kind,
        item.kind === 'folder' ? item.path : item.kind === 'link' && item.folder,
      ]),
    ).toEqual([
      ['folder', ['Work']],
      ['link', ['Work']],
      ['folder', ['Work', 'Reading']],
      ['link', ['Work', 'Reading']],
      ['link', ['Work', 'Reading']],
      ['folder', ['Work', 'Empty']],
      ['link', undefined],
    ]);
    const links = linksOf(items);
    expect(links[1]!.folder).toBe(links[2]!.folder);
    expect(links[0]!.description).toBeUndefined();
    expect((items[0] as ImportedFolder).createdAt).toBe('2021-01-01T00:00:00.000Z');
  });

  it('reads dates, tags, notes, the reading list, entities and line positions', async () => {
    const [first, second, third] = await read(`${DOCTYPE}<DL><p>
<DT><A HREF="https://a.example/?x=1&amp;y=2" ADD_DATE="1523996194943160" TAGS=" news , ,tech,news" TOREAD="1" PRIVATE="1">Caf&eacute;
   &amp;  bar</A>
<DD>First line &lt;code&gt;
second line<br>third
<DT><A HREF="javascript:void(0)" ADD_DATE="not a date" TOREAD="0">Script</A>
<DT><A NAME="anchor">No address</A>
</DL>`);
    expect(first).toEqual({
      kind: 'link',
      position: 'line 5',
      url: 'https://a.example/?x=1&y=2',
      title: 'Café & bar',
      createdAt: '2018-04-17T20:16:34.943Z',
      tags: ['news', 'tech'],
      description: 'First line <code>\nsecond line\nthird',
      state: 'unread',
    });
    expect(second).toMatchObject({
      url: 'javascript:void(0)',
      createdAt: null,
      state: 'read',
      position: 'line 9',
    });
    expect(third).toMatchObject({ kind: 'skip', position: 'line 10' });
  });

  it('keeps the text of HTML inside a note, and does not take its links for bookmarks', async () => {
    const items = await read(`${DOCTYPE}<DL><p>
<DT><A HREF="https://a.example/">A</A>
<DD>Text <b>bold</b>
<a href="https://elsewhere.example/"><img src="x.png"></a> and more
</BOUCLE>
<DT><A HREF="https://b.example/">B</A>
</DL>`);
    expect(items.map((item) => (item.kind === 'link' ? [item.url, item.description] : item.kind))).toEqual([
      ['https://a.example/', 'Text bold\n and more'],
      ['https://b.example/', undefined],
    ]);
  });

  it('reads files with no DOCTYPE, unclosed tags, lower case and Scuttle notes in attributes', async () => {
    const items = await read(`<meta charset="utf-8"><title>Bookmarks</title>
<dl><p><dt><h3 add_date="1">Unclosed folder<dl><p>
<dt><a href="https://a.example/" add_date="1600000000" description="A Scuttle note">A
<dt><a href="https://b.example/">B</a>
</dl></dl>`);
    expect(items).toMatchObject([
      { kind: 'folder', path: ['Unclosed folder'] },
      { url: 'https://a.example/', title: 'A', description: 'A Scuttle note', folder: ['Unclosed folder'] },
      { url: 'https://b.example/', title: 'B', folder: ['Unclosed folder'] },
    ]);
  });

  it('reads a UTF-16LE file with a byte-order mark', async () => {
    const html = `${DOCTYPE}<DL><p><DT><A HREF="https://a.example/">Ünïcødé ✓</A></DL>`;
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(html, 'utf16le')]);
    const file = bufferSource(bytes);
    expect(await claimants(file)).toEqual(['netscape']);
    expect(linksOf(await readAll(netscape, file))[0]!.title).toBe('Ünïcødé ✓');
  });

  it('does not take an HTML page that is not a bookmark file for one', async () => {
    const page = `<!DOCTYPE html><html><head><title>API index</title></head><body>
<dl><dt><a href="#a">alpha</a></dt><dd>The first letter.</dd><dt><h3>Section</h3></dt></dl></body></html>`;
    expect(await claimants(source(page))).toEqual([]);
  });
});

describe('Netscape hostile files', () => {
  it('reads 10,000 nested folders iteratively, filing the deepest under the folder at MAX_FOLDER_DEPTH', async () => {
    const depth = 10_000;
    const html = `${DOCTYPE}<DL><p>\n${'<DT><H3>F</H3>\n<DL><p>\n'.repeat(depth)}<DT><A HREF="https://deep.example/">Deep</A>\n${'</DL><p>\n'.repeat(depth)}<DT><A HREF="https://top.example/">Top</A>\n</DL>`;
    const items = await read(html);
    const folders = items.filter((item): item is ImportedFolder => item.kind === 'folder');
    expect(folders).toHaveLength(MAX_FOLDER_DEPTH);
    expect(folders.at(-1)!.path).toHaveLength(MAX_FOLDER_DEPTH);
    const [deep, top] = linksOf(items);
    expect(deep!.folder).toBe(folders.at(-1)!.path);
    expect(top!.folder).toBeUndefined();
  });

  it.each([
    ['an address', `<DT><A HREF="`, '">title</A></DL>'],
    ['a title', `<DT><A HREF="https://long.example/">`, '</A></DL>'],
  ])(
    'reads a 100 MB file of one line (%s) in bounded memory, keeping at most MAX_TEXT_CHARS',
    async (_, start, end) => {
      let items: ImportItem[] = [];
      const growth = await heapGrowth(async (sample) => {
        const file = generatedSource(
          {
            prefix: `${DOCTYPE.replace(/\n/g, ' ')}<DL><p>${start}`,
            filler: 'x',
            size: 100 * 1024 * 1024,
            suffix: end,
          },
          sample,
        );
        expect(await claimants(file)).toEqual(['netscape']);
        items = await readAll(netscape, file);
      });
      console.log(`100 MB one-line file (${_}): heap grew at most ${Math.round(growth / 1024 / 1024)} MB`);
      expect(growth).toBeLessThan(64 * 1024 * 1024);
      expect(items).toHaveLength(1);
      const [link] = linksOf(items);
      expect(Math.max(link!.url.length, link!.title?.length ?? 0)).toBe(MAX_TEXT_CHARS);
      expect(link!.position).toBe('line 1');
    },
  );

  it(`files the bookmarks of folders past MAX_FOLDERS in the folder around them, and says so once`, async () => {
    const extra = 5;
    const folder = (f: number) =>
      `<DT><H3>F${f}</H3>\n<DL><p>\n<DT><A HREF="https://e.example/${f}">B</A>\n</DL><p>\n`;
    const html = `${DOCTYPE}<DL><p>\n<DT><H3>Top</H3>\n<DL><p>\n${Array.from({ length: MAX_FOLDERS + extra }, (_, f) => folder(f)).join('')}</DL><p>\n</DL>\n`;
    const started = performance.now();
    const items = await read(html);
    console.log(
      `${(MAX_FOLDERS + extra).toLocaleString('en-US')} sibling folders (${Math.round(html.length / 1024 / 1024)} MB) read in ${Math.round(performance.now() - started)} ms`,
    );
    expect(countsOf(items)).toMatchObject({ links: MAX_FOLDERS + extra, folders: MAX_FOLDERS, skipped: 1 });
    const skip = items.find((item) => item.kind === 'skip');
    expect(skip).toMatchObject({ position: `line ${7 + 4 * (MAX_FOLDERS - 1)}` });
    expect(skip?.kind === 'skip' && skip.reason).toMatch(/^The file has more than 100,000 folders/);
    const links = linksOf(items);
    // Top and F0 to F99998 are counted; F99999 and the four after it are not.
    expect(links.at(-extra - 2)?.folder).toEqual(['Top', `F${MAX_FOLDERS - 2}`]);
    expect(links.at(-extra - 1)?.folder).toEqual(['Top']);
    expect(links.at(-1)?.folder).toEqual(['Top']);
  });

  it('reads 50,000 bookmarks in 500 folders in a few seconds', async () => {
    const folder = (f: number) =>
      `<DT><H3 ADD_DATE="1600000000">Folder ${f}</H3>\n<DL><p>\n${Array.from(
        { length: 100 },
        (_, b) =>
          `<DT><A HREF="https://example.com/${f}/${b}" ADD_DATE="1600000000" TAGS="t${b % 10},f${f}">Bookmark ${b}</A>\n<DD>Note ${b}\n`,
      ).join('')}</DL><p>\n`;
    const html = `${DOCTYPE}<DL><p>\n${Array.from({ length: 500 }, (_, f) => folder(f)).join('')}</DL>\n`;
    const started = performance.now();
    const counts = countsOf(await read(html));
    console.log(
      `50,000 bookmarks (${Math.round(html.length / 1024 / 1024)} MB) read in ${Math.round(performance.now() - started)} ms`,
    );
    expect(counts).toEqual({ links: 50_000, skipped: 0, folders: 500, tags: 510, dated: 50_000 });
  });
});
