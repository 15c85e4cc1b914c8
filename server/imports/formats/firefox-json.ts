import { fromUnixTime } from './dates.js';
import { isObject, tagsOf, text } from './json-fields.js';
import { folderName, nonBookmark, readNestedTree, type ContainerRole, type NestedTree } from './json-tree.js';
import { sampleJson, type JsonObject, type JsonValue, type Place } from './json-walker.js';
import type { FormatReader } from './types.js';

const CONTAINER = 'text/x-moz-place-container';
const BOOKMARK = 'text/x-moz-place';
const SEPARATOR = 'text/x-moz-place-separator';

/**
 * Firefox's roots, by the `root` name a backup gives them. As in Firefox's own HTML export, the menu's
 * bookmarks stand at the top level and the toolbar and "Other Bookmarks" are folders when they hold
 * something (and so is the mobile root, which that export leaves out). Backups since 2018 title the roots
 * by internal names ("toolbar"), older ones in the browser's language ("Barre personnelle"): those are kept.
 */
const ROOT_FOLDERS = new Map([
  ['toolbarFolder', { internal: 'toolbar', name: 'Bookmarks Toolbar' }],
  ['unfiledBookmarksFolder', { internal: 'unfiled', name: 'Other Bookmarks' }],
  ['mobileFolder', { internal: 'mobile', name: 'Mobile Bookmarks' }],
]);

function role(place: Place): ContainerRole {
  const fields = place.value as JsonObject;
  const root = text(fields.root);
  if (place.parent === null || root === 'placesRoot' || root === 'bookmarksMenuFolder')
    return { kind: 'level' };
  // Older backups keep a folder per tag holding a copy of each tagged bookmark; the bookmarks themselves
  // carry the same tags in their `tags` field.
  if (root === 'tagsFolder') return { kind: 'hidden' };
  const special = root ? ROOT_FOLDERS.get(root) : undefined;
  // A title not read yet (in a file cut short) leaves the folder's bookmarks in its parent.
  if (fields.title === undefined && !special) return { kind: 'level' };
  const title = text(fields.title);
  const name = special && (title === null || title === special.internal) ? special.name : title;
  return {
    kind: 'folder',
    name: folderName(name),
    createdAt: fromUnixTime(text(fields.dateAdded)),
    whenFilled: !!special,
  };
}

const description = (annos: JsonValue | undefined) =>
  Array.isArray(annos)
    ? (annos.filter(isObject).find((anno) => anno.name === 'bookmarkProperties/description')?.value ?? null)
    : null;

const tree: NestedTree = {
  children: 'children',
  urlKey: 'uri',
  role,
  entry(fields) {
    const type = text(fields.type);
    if (type === SEPARATOR) return null;
    if (type === CONTAINER) {
      // A root without children holds nothing: like the other empty roots, it does not come across.
      if (fields.root !== undefined) return null;
      return {
        kind: 'folder',
        name: folderName(text(fields.title)),
        createdAt: fromUnixTime(text(fields.dateAdded)),
      };
    }
    if (type !== BOOKMARK && fields.uri === undefined) return nonBookmark('Firefox', type);
    return {
      kind: 'link',
      link: {
        // place: queries (smart folders) pass as written; the writer skips them with its reason.
        url: text(fields.uri) ?? '',
        title: text(fields.title),
        description: text(description(fields.annos)),
        tags: tagsOf(fields.tags, /,/),
        createdAt: fromUnixTime(text(fields.dateAdded)),
      },
    };
  },
};

/** Firefox's bookmarks backup (bookmarks-YYYY-MM-DD.json, Bookmarks › Manage › Backup). */
export const firefoxJson: FormatReader = {
  name: 'firefox-json',
  async detect(source, head) {
    const root = await sampleJson(source, head);
    return isObject(root) && (root.type === CONTAINER || root.guid === 'root________');
  },
  read: (source) => readNestedTree(source, tree),
};
