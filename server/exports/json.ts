import {
  type ExportedFolder,
  type ExportedLink,
  type ExportedSnippet,
  type FolderColor,
  LINKVAULT_EXPORT_FORMAT,
  LINKVAULT_EXPORT_VERSION,
} from '../../contracts/index.js';
import type { FolderRow } from '../library/folders.repository.js';
import { exportedParents } from './tree-order.js';
import { presentLink } from '../library/links.presenter.js';
import type { LinkRecord } from '../library/links.repository.js';
import type { SnippetRow } from '../library/snippets.repository.js';
import { presentSnippet } from '../library/snippets.presenter.js';
import type { ExportLibrary } from './export-library.js';

/**
 * Linkvault's own export (contracts/linkvault-export.ts), read a page at a time and written an item at a
 * time: the top-level keys in the contract's order, folders before links so a streaming reader knows every
 * folder before a link names it. One item a line, so the file stays readable and diffable without being
 * pretty-printed.
 */
export async function* writeLinkvaultJson(library: ExportLibrary, now: Date): AsyncGenerator<string> {
  yield `{"format":${JSON.stringify(LINKVAULT_EXPORT_FORMAT)},"version":${LINKVAULT_EXPORT_VERSION},`;
  yield `"exportedAt":${JSON.stringify(now.toISOString())},\n"folders":[`;
  const parents = exportedParents(library.folders);
  yield* jsonItems(library.folders.map((row) => exportedFolder(row, parents.get(row.id) ?? null)));
  yield '\n],\n"links":[';
  yield* jsonItems(exportedLinks(library));
  yield '\n],\n"snippets":[';
  yield* jsonItems(exportedSnippets(library));
  yield '\n]}\n';
}

/** The items of a JSON array, one a line. */
async function* jsonItems(items: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<string> {
  let separator = '\n';
  for await (const item of items) {
    yield separator + JSON.stringify(item);
    separator = ',\n';
  }
}

// Each item is made as it is written, and is garbage by the next: a page mapped to items at once would
// keep them all alive while they are written (see released() in exports.repository.ts).
async function* exportedLinks(library: ExportLibrary): AsyncGenerator<ExportedLink> {
  for await (const page of library.links(undefined, { snippets: true })) {
    for (const link of page.links) yield exportedLink(link, page.snippets.get(link.id) ?? []);
  }
}

async function* exportedSnippets(library: ExportLibrary): AsyncGenerator<ExportedSnippet> {
  for await (const page of library.unattachedSnippets()) {
    for (const row of page) yield exportedSnippet(row);
  }
}

/** `parentId`: its parent in the export (null at the top, or when the parent is not exported with it). */
const exportedFolder = (row: FolderRow, parentId: string | null): ExportedFolder => ({
  id: row.id,
  name: row.name,
  color: row.color as FolderColor,
  parentId,
  createdAt: row.created_at,
});

/** The contract's keys in its order; the link's own id is left out (an import gives new ids). */
function exportedLink(row: LinkRecord, snippets: readonly SnippetRow[]): ExportedLink {
  const link = presentLink(row);
  return {
    url: link.url,
    title: link.title,
    description: link.description,
    folderId: link.folderId,
    createdAt: link.createdAt,
    tags: link.tags,
    state: link.state,
    favorite: link.favorite,
    favicon: link.favicon,
    summaryShort: link.summaryShort,
    summaryLong: link.summaryLong,
    keyPoints: link.keyPoints,
    highlights: link.highlights,
    ogTitle: link.ogTitle,
    ogDescription: link.ogDescription,
    ogImageUrl: link.ogImageUrl,
    lastProcessedAt: link.lastProcessedAt,
    platform: link.platform,
    platformMetadata: link.platformMetadata,
    extractionMethod: link.extractionMethod,
    enrichmentStatus: link.enrichmentStatus,
    snippets: snippets.map(exportedSnippet),
  };
}

/** Everything but the ids: which link a snippet belongs to is where it sits in the file. */
function exportedSnippet(row: SnippetRow): ExportedSnippet {
  const snippet = presentSnippet(row);
  return {
    pageUrl: snippet.pageUrl,
    pageTitle: snippet.pageTitle,
    selectedText: snippet.selectedText,
    contextBefore: snippet.contextBefore,
    contextAfter: snippet.contextAfter,
    note: snippet.note,
    color: snippet.color,
    positionData: snippet.positionData,
    createdAt: snippet.createdAt,
    updatedAt: snippet.updatedAt,
  };
}
