import { fromDateString } from './dates.js';
import { firstEntry, isObject, isYes, listEntries, tagsOf, text } from './json-fields.js';
import { sampleJson, type JsonObject, type WalkShape } from './json-walker.js';
import { firstSnippets, snippetsLeftOut } from './snippets.js';
import type { FormatReader, ImportItem, ImportedSnippet } from './types.js';

/**
 * Each entry carries the article's whole HTML (`content`, and again under "5" in v1, which repeats every
 * field by position): never needed, so never held.
 */
const SHAPE: WalkShape = { root: 'array', ignore: (key) => key === 'content' || key === '5' };

/** v2 annotations: `quote` is the highlighted text, `text` the note written on it. */
const snippet = (annotation: JsonObject): ImportedSnippet => ({
  text: text(annotation.quote) ?? '',
  note: text(annotation.text),
  createdAt: fromDateString(text(annotation.created_at)),
  updatedAt: fromDateString(text(annotation.updated_at)),
});

function* items(fields: JsonObject, position: string): Generator<ImportItem> {
  const archived = isYes(fields.is_archived ?? fields.is_read);
  const annotations = Array.isArray(fields.annotations) ? fields.annotations.filter(isObject) : [];
  const { kept, leftOut } = firstSnippets(annotations);
  const url = text(fields.url);
  yield {
    kind: 'link',
    position,
    url: url ?? '',
    title: text(fields.title),
    // v2 lists tags, v1 joins them with commas.
    tags: tagsOf(fields.tags, /,/),
    createdAt: fromDateString(text(fields.created_at)),
    state: archived ? 'archived' : 'unread',
    favorite: isYes(fields.is_starred ?? fields.is_fav),
    snippets: kept.map(snippet),
  };
  if (leftOut > 0) yield snippetsLeftOut(position, url, leftOut);
}

/** wallabag's JSON export, of version 1 (is_read, is_fav) or 2 (is_archived, is_starred, annotations). */
export const wallabagJson: FormatReader = {
  name: 'wallabag-json',
  async detect(source, head) {
    const first = firstEntry(await sampleJson(source, head));
    return first !== null && 'url' in first && ('is_archived' in first || 'is_read' in first);
  },
  async *read(source) {
    for await (const entry of listEntries(source.bytes(), SHAPE, 'url')) {
      if ('skip' in entry) yield entry.skip;
      else yield* items(entry.fields, entry.position);
    }
  },
};
