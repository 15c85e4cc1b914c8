import { join } from 'node:path';

/** Bookmark files for the import journeys: a real browser export from the corpus, and generated ones. */

/** A Chrome export in the shared corpus, present on every machine and in CI (../shared/corpus/bookmarks). */
export const CHROME_EXPORT = join(
  import.meta.dirname,
  '..',
  '..',
  'shared',
  'corpus',
  'bookmarks',
  'netscape-html',
  'bookmarks-converter--chrome.html',
);

export interface Bookmark {
  url: string;
  title: string;
}

/** A Netscape bookmark file as browsers write it: the DOCTYPE, then one <DL> per folder. */
export function netscapeFile(folders: { name: string; bookmarks: Bookmark[] }[]): Buffer {
  const escape = (text: string) =>
    text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ];
  for (const folder of folders) {
    lines.push(`  <DT><H3 ADD_DATE="1700000000">${escape(folder.name)}</H3>`, '  <DL><p>');
    for (const { url, title } of folder.bookmarks) {
      lines.push(`    <DT><A HREF="${escape(url)}" ADD_DATE="1700000000">${escape(title)}</A>`);
    }
    lines.push('  </DL><p>');
  }
  lines.push('</DL><p>');
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** `count` distinct bookmarks on one site, numbered from `from`. */
export function numberedBookmarks(count: number, from = 1, site = 'https://reading.example'): Bookmark[] {
  return Array.from({ length: count }, (_, i) => ({
    url: `${site}/articles/${from + i}`,
    title: `Article ${from + i}`,
  }));
}

/**
 * The example: 4,812 pages to add, 188 of them listed twice (merged into the first), and 3 entries
 * no import can keep (javascript: and place: addresses, skipped with a reason).
 */
export function fileWithRepeatsAndSkips(): Buffer {
  const pages = numberedBookmarks(4812);
  return netscapeFile([
    { name: 'Reading', bookmarks: pages },
    {
      name: 'Again',
      bookmarks: [
        ...pages.slice(0, 188),
        { url: 'javascript:alert(1)', title: 'A bookmarklet' },
        { url: 'place:sort=8&maxResults=10', title: 'Most visited' },
        { url: 'javascript:void(0)', title: 'Another bookmarklet' },
      ],
    },
  ]);
}
