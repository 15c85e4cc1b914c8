import { csvFileRows, hasColumns } from './csv.js';
import { fromDateString } from './dates.js';
import { clipped, splitList } from './text.js';
import { collapseWhitespace } from '../../lib/text.js';
import { FolderLimit } from './folder-limit.js';
import { snippetsLeftOut } from './snippets.js';
import {
  MAX_FOLDER_DEPTH,
  MAX_SNIPPETS_PER_ENTRY,
  type FileSource,
  type FormatReader,
  type ImportItem,
  type ImportedSnippet,
} from './types.js';

/**
 * Raindrop.io's CSV backup: `id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite` (the
 * export of a single collection has no `folder` column). A nested collection is written as its path,
 * "Parent/Child" (the form Raindrop's own CSV import reads back), and bookmarks outside any collection are in
 * "Unsorted". Tags are "a, b"; `created` is ISO-8601; each highlight in the `highlights` cell starts with
 * "Highlight:", its note (if any) with "Note:".
 */
export const raindropCsv: FormatReader = {
  name: 'raindrop-csv',
  detect: (_source, head) => Promise.resolve(hasColumns(head, RAINDROP_COLUMNS)),
  read: readRaindrop,
};

const RAINDROP_COLUMNS = [
  'id',
  'title',
  'note',
  'excerpt',
  'url',
  'tags',
  'created',
  'highlights',
  'favorite',
];
const NO_COLLECTION = 'unsorted';

async function* readRaindrop(source: FileSource): AsyncGenerator<ImportItem> {
  const folders = new FolderLimit();
  for await (const row of csvFileRows(source)) {
    const folder = folders.within(collectionPath(row.get('folder')));
    yield* folders.notice(row.position);
    const tags = splitList(row.get('tags'), ',');
    const { snippets, leftOut } = raindropHighlights(row.whole('highlights'));
    // The note is the person's own; the excerpt is the page's, which enrichment finds again.
    const description = row.get('note').trim() || row.get('excerpt').trim();
    const url = row.get('url');
    yield {
      kind: 'link',
      position: row.position,
      url,
      title: collapseWhitespace(row.get('title')) || null,
      createdAt: fromDateString(row.get('created')),
      favorite: row.get('favorite').trim().toLowerCase() === 'true',
      ...(description && { description }),
      ...(folder.length > 0 && { folder }),
      ...(tags.length > 0 && { tags }),
      ...(snippets.length > 0 && { snippets }),
    };
    if (leftOut > 0) yield snippetsLeftOut(row.position, url, leftOut);
  }
}

function collectionPath(folder: string): string[] {
  const path = folder.split('/').flatMap((name) => name.trim() || []);
  if (path.length === 1 && path[0]?.toLowerCase() === NO_COLLECTION) return [];
  return path.slice(0, MAX_FOLDER_DEPTH);
}

/**
 * "Highlight:first\nNote:my note\nHighlight:second" as two snippets: each highlight starts with "Highlight:",
 * a "Note:" line starts its note, and any other line goes on with whichever of the two came last. The first
 * MAX_SNIPPETS_PER_ENTRY are kept; those after them are counted.
 */
function raindropHighlights(cell: string): { snippets: ImportedSnippet[]; leftOut: number } {
  const snippets: ImportedSnippet[] = [];
  let leftOut = 0;
  let current: { text: string[]; note: string[] | null } | null = null;
  const finish = () => {
    const body = current?.text.join('\n').trim();
    if (!body) return;
    if (snippets.length === MAX_SNIPPETS_PER_ENTRY) {
      leftOut++;
      return;
    }
    const remark = current?.note?.join('\n').trim();
    snippets.push({ text: clipped(body), note: remark ? clipped(remark) : null });
  };
  for (const line of linesOf(cell)) {
    const marker = /^(highlight|note):\s?/i.exec(line);
    const rest = marker ? line.slice(marker[0].length) : line;
    if (!current || marker?.[1]?.toLowerCase() === 'highlight') {
      finish();
      current = { text: [rest], note: null };
    } else if (marker) current.note = [rest];
    else (current.note ?? current.text).push(rest);
  }
  finish();
  return { snippets, leftOut };
}

/** The lines of `text` one by one, without a list of them all (a cell may hold a million characters). */
function* linesOf(text: string): Generator<string> {
  for (let at = 0; at <= text.length;) {
    const end = text.indexOf('\n', at);
    const stop = end < 0 ? text.length : end;
    yield text.slice(at, stop > at && text[stop - 1] === '\r' ? stop - 1 : stop);
    at = stop + 1;
  }
}
