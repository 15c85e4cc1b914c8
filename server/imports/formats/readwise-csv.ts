import { csvFileRows, hasColumns, type CsvRow } from './csv.js';
import { fromDateString } from './dates.js';
import { splitList } from './text.js';
import { collapseWhitespace } from '../../lib/text.js';
import type { FileSource, FormatReader, ImportItem } from './types.js';

/**
 * Readwise's highlights export: one highlight a row, `Highlight,Book Title,Book Author,Amazon Book ID,Note,
 * Color,Tags,Location Type,Location,Highlighted at,Document tags`. That export names no web address: a row
 * becomes a link only when the file has a `URL` column (Readwise's CSV import template,
 * `Highlight,Title,Author,URL,Note,Location,Date`, files written for it, and any later export that adds one).
 * Rows without an address (a Kindle book, a PDF) are skipped with the reason.
 */
export const readwiseCsv: FormatReader = {
  name: 'readwise-csv',
  detect: (_source, head) =>
    Promise.resolve(
      hasColumns(head, ['highlight', 'book title']) || hasColumns(head, ['highlight', 'title', 'url']),
    ),
  read: readReadwise,
};

const NO_ADDRESS =
  'A highlight of a book or document with no web address (Readwise does not export one for it); Linkvault keeps highlights on saved links';

async function* readReadwise(source: FileSource): AsyncGenerator<ImportItem> {
  for await (const row of csvFileRows(source)) {
    const url = (row.get('url') || row.get('source url')).trim();
    if (!url) {
      yield { kind: 'skip', position: row.position, reason: NO_ADDRESS };
      continue;
    }
    const text = row.get('highlight').trim();
    const tags = [...new Set([...splitList(row.get('document tags'), ','), ...highlightTags(row)])];
    const title = collapseWhitespace(row.get('book title') || row.get('title'));
    yield {
      kind: 'link',
      position: row.position,
      url,
      title: title || null,
      ...(tags.length > 0 && { tags }),
      ...(text && {
        snippets: [
          {
            text,
            note: row.get('note').trim() || null,
            color: row.get('color').trim() || null,
            createdAt: fromDateString(row.get('highlighted at') || row.get('date')),
          },
        ],
      }),
    };
  }
}

/** A highlight's own tags, but not Readwise's actions written as tags (".favorite", ".h1", ".discard"). */
const highlightTags = (row: CsvRow) => splitList(row.get('tags'), ',').filter((tag) => !tag.startsWith('.'));
