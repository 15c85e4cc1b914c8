import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { folderPathOf, prepareLink } from '../imports/import-entries.js';
import { netscape } from '../imports/formats/netscape.js';
import { bufferSource } from '../imports/formats/source.js';
import type { ImportItem } from '../imports/formats/types.js';
import { DEEP_ENRICHMENT, HOSTILE_TITLE, type Library, buildLibrary, exported } from './library.fixture.js';

type Document = ReturnType<typeof parseHTML>['document'];
type Element = Document['documentElement'];

const attribute = (element: Element, name: string) =>
  [...element.attributes].find((attr) => attr.name.toLowerCase() === name)?.value;
const seconds = (iso: string) => String(Math.floor(Date.parse(iso) / 1000));

function anchorTo(document: Document, url: string): Element {
  const anchor = [...document.querySelectorAll('a')].find((a) => attribute(a, 'href') === url);
  if (!anchor) throw new Error(`no <A> for ${url}`);
  return anchor;
}

describe('GET /api/export?format=html', () => {
  const ctx = useTestApp();
  let library: Library;
  beforeAll(async () => {
    library = await buildLibrary(ctx);
  });

  it('is a Netscape bookmark file: DOCTYPE, charset, title, one root list', async () => {
    const res = await exported(library.me, 'format=html');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.split('\n').slice(0, 8)).toEqual([
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<!-- This is an automatically generated file.',
      '     It will be read and overwritten.',
      '     DO NOT EDIT! -->',
      '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
      '<TITLE>Bookmarks</TITLE>',
      '<H1>Bookmarks</H1>',
      '<DL><p>',
    ]);
    expect(res.body.trimEnd().endsWith('</DL>')).toBe(true);
  });

  it('nests each folder as <DT><H3> with its own <DL>, uncategorized links at the root, with ADD_DATE and TAGS', async () => {
    const { document } = parseHTML((await exported(library.me, 'format=html')).body);
    const root = document.querySelector('dl');
    const folders = [...document.querySelectorAll('h3')].map((h3) => {
      expect(h3.parentElement?.tagName).toBe('DT');
      const list = h3.nextElementSibling;
      expect(list.tagName).toBe('DL');
      expect(list.parentElement?.closest('dl')).toBe(root);
      return {
        name: h3.textContent,
        addDate: attribute(h3, 'add_date'),
        links: [...list.querySelectorAll('a')].map((a) => attribute(a, 'href')),
      };
    });
    expect(folders).toEqual([
      {
        name: 'Work / Reading',
        addDate: seconds(library.work.createdAt),
        links: [library.deep.url, library.plain.url],
      },
      { name: 'Empty', addDate: seconds(library.empty.createdAt), links: [] },
    ]);
    const atRoot = [...document.querySelectorAll('a')].filter((a) => a.closest('dl') === root);
    expect(atRoot.map((a) => attribute(a, 'href'))).toEqual([library.hostile.url]);

    const deep = anchorTo(document, library.deep.url);
    expect(deep.parentElement?.tagName).toBe('DT');
    expect(deep.textContent).toBe('Deep work');
    expect(attribute(deep, 'add_date')).toBe(seconds(DEEP_ENRICHMENT.created_at));
    expect(attribute(deep, 'last_modified')).toBe(seconds(DEEP_ENRICHMENT.updated_at));
    expect(attribute(deep, 'tags')).toBe('focus,books');
    expect(attribute(deep, 'toread')).toBe('0');
    const description = deep.parentElement?.nextElementSibling;
    expect(description?.tagName).toBe('DD');
    expect(description?.textContent?.trim()).toBe('Line one\nLine two & <more>');
    const plain = anchorTo(document, library.plain.url);
    expect(attribute(plain, 'tags')).toBeUndefined();
    expect(attribute(plain, 'toread')).toBe('1');
  });

  it('escapes a hostile title, description and tags: text stays text, no element is injected', async () => {
    const { body } = await exported(library.me, 'format=html');
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<img');
    const { document } = parseHTML(body);
    expect(document.querySelectorAll('script, img')).toHaveLength(0);
    const anchors = [...document.querySelectorAll('a')];
    expect(anchors).toHaveLength(3);
    const hostile = anchorTo(document, library.hostile.url);
    expect(hostile.textContent).toBe(HOSTILE_TITLE);
    expect(attribute(hostile, 'tags')).toBe('x"y,<b>');
    expect(hostile.parentElement?.nextElementSibling?.textContent?.trim()).toBe(
      '<img src=x onerror=alert(1)> "quoted"',
    );
  });

  it("reads back through Linkvault's importer as the same folders, links, titles, tags, dates and descriptions", async () => {
    const { rawPayload } = await exported(library.me, 'format=html');
    const items: ImportItem[] = [];
    for await (const item of netscape.read(bufferSource(rawPayload))) items.push(item);
    const folders = items.flatMap((item) => (item.kind === 'folder' ? [folderPathOf(item.path)] : []));
    expect(folders).toEqual([['Work / Reading'], ['Empty']]);
    const links = items.flatMap((item) => {
      if (item.kind !== 'link') return [];
      const link = prepareLink(item);
      if ('reason' in link) throw new Error(link.reason);
      return [
        {
          url: link.url,
          title: link.title,
          folder: link.folder,
          tags: link.tags,
          createdAt: link.createdAt,
          description: link.description,
          state: link.state,
        },
      ];
    });
    const expected = [library.deep, library.plain, library.hostile].map((link) => ({
      url: link.url,
      // Titles are one line in an import, as they are when saved.
      title: link.title.replace(/\s+/g, ' '),
      folder: link.folderId ? ['Work / Reading'] : null,
      tags: link.tags,
      createdAt: link.createdAt,
      description: link.description,
      // The Netscape format knows read and unread (Pinboard's TOREAD); archived reads back as read.
      state: link.state,
    }));
    expect(links).toEqual(expected);
  });

  it('with folderId: that folder alone, without the uncategorized links', async () => {
    const { document } = parseHTML(
      (await exported(library.me, `format=html&folderId=${library.work.id}`)).body,
    );
    expect([...document.querySelectorAll('h3')].map((h3) => h3.textContent)).toEqual(['Work / Reading']);
    expect([...document.querySelectorAll('a')].map((a) => attribute(a, 'href'))).toEqual([
      library.deep.url,
      library.plain.url,
    ]);
  });
});
