import { csvFileRows, hasColumns } from './csv.js';
import { fromUnixTime } from './dates.js';
import { FolderLimit } from './folder-limit.js';
import { splitList } from './text.js';
import { collapseWhitespace } from '../../lib/text.js';
import type { FileSource, FormatReader, ImportItem, ImportedLink } from './types.js';

/**
 * Instapaper's CSV export: `URL,Title,Selection,Folder`, and since 2024 `Timestamp` (seconds since 1970) and
 * `Tags` (a JSON array, `["a","b"]`) after them. The folder says where the article is: "Unread" (the home
 * list), "Archive", "Starred", or a folder of the person's own. `Selection` is a passage they highlighted.
 */
export const instapaperCsv: FormatReader = {
  name: 'instapaper-csv',
  detect: (_source, head) => Promise.resolve(hasColumns(head, ['url', 'title', 'selection', 'folder'])),
  read: readInstapaper,
};

/** Instapaper's own lists: a state or a star, not folders. */
const LISTS = new Map<string, Partial<ImportedLink>>([
  ['unread', { state: 'unread' }],
  ['archive', { state: 'archived' }],
  ['starred', { favorite: true }],
]);

async function* readInstapaper(source: FileSource): AsyncGenerator<ImportItem> {
  const folders = new FolderLimit();
  for await (const row of csvFileRows(source)) {
    const folder = row.get('folder').trim();
    const list = LISTS.get(folder.toLowerCase());
    const path = list || !folder ? [] : folders.within([folder]);
    yield* folders.notice(row.position);
    const selection = row.get('selection').trim();
    const tags = instapaperTags(row.get('tags'));
    yield {
      kind: 'link',
      position: row.position,
      url: row.get('url'),
      title: collapseWhitespace(row.get('title')) || null,
      createdAt: fromUnixTime(row.get('timestamp')),
      ...list,
      ...(path.length > 0 && { folder: path }),
      ...(tags.length > 0 && { tags }),
      ...(selection && { snippets: [{ text: selection }] }),
    };
  }
}

/** `["a","b"]` (the export since 2024), or a plain "a, b". */
function instapaperTags(cell: string): string[] {
  if (!cell.trim().startsWith('[')) return splitList(cell, ',');
  try {
    const tags: unknown = JSON.parse(cell);
    if (!Array.isArray(tags)) return [];
    return [...new Set(tags.flatMap((tag) => (typeof tag === 'string' && tag.trim()) || []))];
  } catch {
    return splitList(cell.replace(/^\s*\[|\]\s*$/g, ''), ',');
  }
}
