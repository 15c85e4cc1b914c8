import { fromWebKitTime } from './dates.js';
import { isObject, text } from './json-fields.js';
import { folderName, nonBookmark, readNestedTree, type ContainerRole, type NestedTree } from './json-tree.js';
import { sampleJson, type JsonObject, type Place } from './json-walker.js';
import type { FormatReader } from './types.js';

const ROOTS = ['bookmark_bar', 'other', 'synced'];

/**
 * The bookmarks bar is a folder (when it holds something); "Other bookmarks" and "Mobile bookmarks" are
 * not: their bookmarks stand at the top level. That is how Chrome's own HTML export writes them
 * (chrome/browser/bookmarks/bookmark_html_writer.cc), so a person gets the same library from either file.
 */
function role(place: Place): ContainerRole {
  const isBar = place.key === 'bookmark_bar' && place.parent?.key === 'roots';
  if (place.key !== 'children' && !isBar) return { kind: 'level' };
  const fields = place.value as JsonObject;
  // Not read yet (it follows the children, and the file may be cut short before it): filed in the parent.
  if (fields.name === undefined) return { kind: 'level' };
  const createdAt = fromWebKitTime(text(fields.date_added));
  return { kind: 'folder', name: folderName(text(fields.name)), createdAt, whenFilled: isBar };
}

const tree: NestedTree = {
  children: 'children',
  urlKey: 'url',
  role,
  entry(fields) {
    if (fields.type === 'folder') {
      return {
        kind: 'folder',
        name: folderName(text(fields.name)),
        createdAt: fromWebKitTime(text(fields.date_added)),
      };
    }
    if (fields.type !== 'url' && fields.url === undefined) return nonBookmark('Chrome', text(fields.type));
    return {
      kind: 'link',
      link: {
        url: text(fields.url) ?? '',
        title: text(fields.name),
        createdAt: fromWebKitTime(text(fields.date_added)),
      },
    };
  },
};

/**
 * The Bookmarks file of a Chrome (or Edge, Brave, Vivaldi, Opera) profile. A folder writes its
 * `children` before its `name` (keys in alphabetical order), so the file is read twice (json-tree.ts).
 */
export const chromeJson: FormatReader = {
  name: 'chrome-json',
  async detect(source, head) {
    const root = await sampleJson(source, head);
    return (
      isObject(root) && isObject(root.roots) && ROOTS.some((key) => isObject((root.roots as JsonObject)[key]))
    );
  },
  read: (source) => readNestedTree(source, tree),
};
