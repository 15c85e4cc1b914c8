import { escapeHtml } from '../lib/html.js';
import { readJson } from '../lib/json-column.js';
import type { FolderRow } from '../library/folders.repository.js';
import type { LinkRow } from '../library/links.repository.js';
import type { ExportLibrary } from './export-library.js';
import { exportedParents } from './tree-order.js';

/**
 * The Netscape bookmark file every browser imports (and Linkvault's own importer reads back): the header
 * browsers write, then each folder as an <H3> with its own <DL> holding its sub-folders and its links, and
 * the uncategorized links at the root.
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
  const parents = exportedParents(library.folders);
  const children = new Map<string | null, FolderRow[]>();
  for (const folder of library.folders) {
    const parent = parents.get(folder.id) ?? null;
    children.set(parent, [...(children.get(parent) ?? []), folder]);
  }
  for (const folder of children.get(null) ?? []) yield* folderBlock(library, children, folder, 1);
  if (library.wholeLibrary) yield* bookmarks(library, null, 1);
  yield '</DL>\n';
}

/** A folder at `depth` (1: the top): its heading, then its sub-folders and its links in its own <DL>. */
async function* folderBlock(
  library: ExportLibrary,
  children: ReadonlyMap<string | null, FolderRow[]>,
  folder: FolderRow,
  depth: number,
): AsyncGenerator<string> {
  const indent = '    '.repeat(depth);
  yield `${indent}<DT><H3 ADD_DATE="${seconds(folder.created_at)}">${escapeHtml(folder.name)}</H3>\n${indent}<DL><p>\n`;
  for (const child of children.get(folder.id) ?? []) yield* folderBlock(library, children, child, depth + 1);
  yield* bookmarks(library, folder.id, depth + 1);
  yield `${indent}</DL><p>\n`;
}

async function* bookmarks(
  library: ExportLibrary,
  folderId: string | null,
  depth: number,
): AsyncGenerator<string> {
  const indent = '    '.repeat(depth);
  for await (const page of library.links(folderId, { snippets: false })) {
    for (const link of page.links) yield bookmark(link, indent);
  }
}

/** Netscape dates are whole seconds since 1970. */
const seconds = (iso: string) => String(Math.floor(Date.parse(iso) / 1000));

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
