import { fromUnixTime } from './dates.js';
import { entryFields, isObject, isYes, tagsOf, text } from './json-fields.js';
import { firstReading, FoldersById } from './json-tree.js';
import { sampleJson, walkJson, type JsonObject, type JsonValue, type WalkShape } from './json-walker.js';
import type { FileSource, FormatReader, ImportItem } from './types.js';

/**
 * Karakeep's (formerly Hoarder's) JSON export, as karakeep-app/karakeep writes it
 * (packages/shared/import-export/exporters.ts): {bookmarks: [...], lists: [...]}. Its export page writes
 * the bookmarks first and its backups the lists first, so the lists are learnt in a first reading and the
 * bookmarks given in a second.
 */
const FIRST_READING: WalkShape = {
  root: 'object',
  collection: (key, depth) => depth === 0 && key === 'lists',
  ignore: (key, depth) => depth === 0 && key === 'bookmarks',
};
const SECOND_READING: WalkShape = {
  root: 'object',
  collection: (key, depth) => depth === 0 && key === 'bookmarks',
  // The root's lists only: each bookmark has `lists` too, the ids of those it is in.
  ignore: (key, depth) => depth === 0 && key === 'lists',
};

/** Why a bookmark without a link is not imported. */
const NOT_LINKS = new Map([
  ['text', 'The bookmark is a note, not a link'],
  ['asset', 'The bookmark is a file uploaded to Karakeep, not a link'],
]);

/** Manual lists are folders; smart lists are saved searches, with no bookmarks of their own. */
async function learnLists(source: FileSource): Promise<{ folders: FoldersById; order: string[] }> {
  const folders = new FoldersById();
  const order: string[] = [];
  await firstReading(source.bytes(), FIRST_READING, ({ type, place }) => {
    const list = place.value;
    if (type !== 'entry' || place.key !== 'lists' || !isObject(list) || list.type === 'smart') return;
    const id = text(list.id);
    if (id === null || folders.has(id)) return;
    folders.add(id, text(list.name), text(list.parentId));
    order.push(id);
  });
  return { folders, order };
}

function bookmark(fields: JsonObject, position: string, folders: FoldersById): ImportItem {
  const content = isObject(fields.content) ? fields.content : null;
  if (!content) return { kind: 'skip', position, reason: 'The bookmark has no content' };
  const type = text(content.type);
  if (type !== 'link') {
    const reason =
      (type && NOT_LINKS.get(type)) ??
      (type ? `The bookmark is a Karakeep ${type}, not a link` : 'The bookmark has no type');
    return { kind: 'skip', position, reason };
  }
  // A bookmark may be in several lists; a Linkvault link is in one folder: the first list's.
  const lists: JsonValue[] = Array.isArray(fields.lists) ? fields.lists : [];
  const list = lists.map(text).find((id) => id !== null && folders.has(id));
  return {
    kind: 'link',
    position,
    url: text(content.url) ?? '',
    title: text(fields.title),
    // The person's note first; newer exports also carry the page's own description.
    description: text(fields.note) ?? text(fields.description) ?? text(content.description),
    folder: list ? folders.path(list) : [],
    tags: tagsOf(fields.tags),
    createdAt: fromUnixTime(text(fields.createdAt)),
    state: isYes(fields.archived) ? 'archived' : 'unread',
    favorite: isYes(fields.favourited),
  };
}

export const karakeepJson: FormatReader = {
  name: 'karakeep-json',
  async detect(source, head) {
    const root = await sampleJson(source, head);
    if (!isObject(root)) return false;
    if (Array.isArray(root.bookmarks) && root.bookmarks.length > 0) {
      const first = root.bookmarks[0];
      return isObject(first) && 'content' in first && 'createdAt' in first;
    }
    // A backup whose lists fill the beginning of the file.
    const list = Array.isArray(root.lists) ? root.lists[0] : undefined;
    return isObject(list) && ['icon', 'type', 'parentId'].every((key) => key in list);
  },
  async *read(source) {
    const { folders, order } = await learnLists(source);
    for (const [i, id] of order.entries())
      yield { kind: 'folder', position: `list ${i + 1}`, path: folders.path(id) };
    let count = 0;
    for await (const { type, place } of walkJson(
      source.bytes(),
      SECOND_READING,
      () => `entry ${count + 1}`,
    )) {
      if (type !== 'entry') continue;
      const position = `entry ${++count}`;
      const usable = entryFields(place, position, 'url');
      yield 'skip' in usable ? usable.skip : bookmark(usable.fields, position, folders);
    }
  },
};
