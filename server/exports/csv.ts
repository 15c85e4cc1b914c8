import { csvRecord } from '../lib/csv.js';
import { presentLink } from '../library/links.presenter.js';
import type { ExportLibrary } from './export-library.js';

/**
 * One link a row, for a spreadsheet. Beyond what the link is (url, title, description, folder, tags, dates,
 * state, favorite, summary), the columns are the ones a person sorts or filters a reading list by: when it
 * last changed (`updated`), what kind of page it is (`platform`: youtube, github, …) and how many snippets
 * they took from it (`snippets`).
 */
const COLUMNS = [
  'url',
  'title',
  'description',
  'folder',
  'tags',
  'created',
  'updated',
  'state',
  'favorite',
  'summary',
  'platform',
  'snippets',
] as const;

export async function* writeCsv(library: ExportLibrary): AsyncGenerator<string> {
  const folderNames = new Map(library.folders.map((folder) => [folder.id, folder.name]));
  // Excel reads a CSV file without a byte-order mark in the system's legacy code page, which garbles every
  // accent and emoji; Sheets, Numbers, LibreOffice and CSV parsers skip the mark.
  yield `\ufeff${csvRecord(COLUMNS)}`;
  for await (const page of library.links(undefined, { snippets: false })) {
    for (const row of page.links) {
      const link = presentLink(row);
      yield csvRecord([
        link.url,
        link.title,
        link.description,
        link.folderId === null ? null : folderNames.get(link.folderId),
        link.tags.join(', '),
        link.createdAt,
        row.updated_at,
        link.state,
        link.favorite,
        link.summaryShort,
        link.platform,
        link.snippetCount,
      ]);
    }
  }
}
