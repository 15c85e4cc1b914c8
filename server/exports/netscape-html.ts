import { escapeHtml } from '../lib/html.js';
import { readJson } from '../lib/json-column.js';
import type { FolderRow } from '../library/folders.repository.js';
import type { LinkRow } from '../library/links.repository.js';
import { type ExportLibrary, folderGroups } from './export-library.js';

/**
 * The Netscape bookmark file every browser imports (and Linkvault's own importer reads back): the header
 * browsers write, then each folder as an <H3> with its own <DL>, and the uncategorized links at the root.
 * Linkvault folders are flat, so a folder named like a path ("Work / Reading") stays one folder of that
 * name: a nested <DL> would come back as a different folder, or two.
 */
const HEADER = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
`;

export async function* writeNetscapeHtml(library: ExportLibrary): AsyncGenerator<string> {
  yield HEADER;
  for (const folder of folderGroups(library)) {
    const indent = folder ? '        ' : '    ';
    if (folder) yield folderStart(folder);
    for await (const page of library.links(folder?.id ?? null, { snippets: false })) {
      for (const link of page.links) yield bookmark(link, indent);
    }
    if (folder) yield '    </DL><p>\n';
  }
  yield '</DL>\n';
}

/** Netscape dates are whole seconds since 1970. */
const seconds = (iso: string) => String(Math.floor(Date.parse(iso) / 1000));

const folderStart = (folder: FolderRow) =>
  `    <DT><H3 ADD_DATE="${seconds(folder.created_at)}">${escapeHtml(folder.name)}</H3>\n    <DL><p>\n`;

function bookmark(link: LinkRow, indent: string): string {
  // TAGS is comma-separated in every reader (Firefox, Pinboard, Linkvault), so a tag holding a comma comes
  // back as two: the format has no way to say otherwise.
  const tags = readJson<string[]>(link.tags, []);
  const attributes = [
    `HREF="${escapeHtml(link.url)}"`,
    `ADD_DATE="${seconds(link.created_at)}"`,
    `LAST_MODIFIED="${seconds(link.updated_at)}"`,
    ...(tags.length > 0 ? [`TAGS="${escapeHtml(tags.join(','))}"`] : []),
    // Pinboard's reading-list flag, which Pinboard, linkding and Linkvault read: "0" is read.
    `TOREAD="${link.state === 'unread' ? 1 : 0}"`,
  ];
  const entry = `${indent}<DT><A ${attributes.join(' ')}>${escapeHtml(link.title)}</A>\n`;
  return link.description ? `${entry}${indent}<DD>${escapeHtml(link.description)}\n` : entry;
}
