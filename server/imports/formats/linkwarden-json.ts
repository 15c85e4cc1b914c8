import { fromDateString } from './dates.js';
import { entryFields, isObject, tagsOf, text } from './json-fields.js';
import { firstReading, folderName, FoldersById } from './json-tree.js';
import { sampleJson, walkJson, type JsonObject, type Place, type WalkShape } from './json-walker.js';
import { FileDamaged, type FileSource, type FormatReader, type ImportItem } from './types.js';

/**
 * Linkwarden's backup (Settings › Data › Export), as linkwarden/linkwarden writes it
 * (apps/web/lib/api/controllers/migration/exportData.ts): the account's fields, then `collections` (each
 * with `parentId` and its `links`, each link with its `tags`), then `pinnedLinks` and `whitelistedUsers`.
 * A sub-collection may come before its parent and the pins come last, so both are learnt in a first
 * reading and the links given in a second. A link's `textContent` (the page's whole text) is never needed,
 * so never held.
 */
const FIRST_READING: WalkShape = {
  root: 'object',
  collection: (key, depth) => depth === 0 && (key === 'collections' || key === 'pinnedLinks'),
  ignore: (key) => key === 'links' || key === 'textContent',
};
const SECOND_READING: WalkShape = {
  root: 'object',
  collection: (key, depth) => (depth === 0 && key === 'collections') || (depth === 2 && key === 'links'),
  ignore: (key) => key === 'pinnedLinks' || key === 'textContent',
};
/** The ids of pinned links are held while the links are read: more pins than any real account has. */
const MAX_PINNED_LINKS = 100_000;

async function learn(source: FileSource): Promise<{ folders: FoldersById; pinned: Set<string> }> {
  const folders = new FoldersById();
  const pinned = new Set<string>();
  await firstReading(source.bytes(), FIRST_READING, ({ type, place }) => {
    const fields = place.value;
    const id = isObject(fields) ? text(fields.id) : null;
    if (type !== 'entry' || !isObject(fields) || id === null) return;
    if (place.key === 'collections') folders.add(id, text(fields.name), text(fields.parentId));
    else if (pinned.size >= MAX_PINNED_LINKS)
      throw new FileDamaged(`The file pins more than ${MAX_PINNED_LINKS.toLocaleString('en-US')} links`);
    else pinned.add(id);
  });
  return { folders, pinned };
}

function link(fields: JsonObject, position: string, folder: string[], pinned: Set<string>): ImportItem {
  const url = text(fields.url);
  const type = text(fields.type);
  if (url === null && type !== null && type !== 'url') {
    return {
      kind: 'skip',
      position,
      reason: `The entry is a file uploaded to Linkwarden (${type}), not a link`,
    };
  }
  const id = text(fields.id);
  return {
    kind: 'link',
    position,
    url: url ?? '',
    title: text(fields.name),
    description: text(fields.description),
    folder,
    tags: tagsOf(fields.tags),
    // importDate: when the link came into Linkwarden from an older library, its date there.
    createdAt: fromDateString(text(fields.importDate) ?? text(fields.createdAt)),
    favorite: id !== null && pinned.has(id),
  };
}

export const linkwardenJson: FormatReader = {
  name: 'linkwarden-json',
  async detect(source, head) {
    const root = await sampleJson(source, head);
    if (!isObject(root) || !Array.isArray(root.collections)) return false;
    const first = root.collections[0];
    return (isObject(first) && Array.isArray(first.links)) || Array.isArray(root.pinnedLinks);
  },
  async *read(source) {
    const { folders, pinned } = await learn(source);
    // A collection the first reading did not reach (the file is cut short there) stands alone.
    const pathOf = (collection: Place | null) => {
      const fields = collection && isObject(collection.value) ? collection.value : null;
      const id = text(fields?.id);
      if (id !== null && folders.has(id)) return folders.path(id);
      return fields ? [folderName(text(fields.name))] : [];
    };
    let links = 0;
    let collections = 0;
    // A collection is a folder as it opens (it holds links) or as it ends (it holds none).
    const folder = (place: Place): ImportItem => ({
      kind: 'folder',
      position: `collection ${++collections}`,
      path: pathOf(place),
      createdAt: isObject(place.value) ? fromDateString(text(place.value.createdAt)) : null,
    });
    for await (const { type, place } of walkJson(
      source.bytes(),
      SECOND_READING,
      () => `entry ${links + 1}`,
    )) {
      if (place.key === 'collections' && (type === 'open' || (type === 'entry' && isObject(place.value)))) {
        yield folder(place);
      } else if (type === 'entry' && place.key === 'links') {
        const position = `entry ${++links}`;
        const usable = entryFields(place, position, 'url');
        yield 'skip' in usable ? usable.skip : link(usable.fields, position, pathOf(place.parent), pinned);
      }
    }
  },
};
