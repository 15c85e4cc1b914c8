import { depthFirst } from '../../contracts/folder-tree.js';
import type { Folder } from '../../contracts/index.js';

/** A folder as a tree shows it: how deep it sits, its names from the top, and whether it has sub-folders. */
export interface TreeFolder {
  folder: Folder;
  depth: number;
  path: string[];
  hasChildren: boolean;
}

/** What a path looks like on one line ("Work / Reading"). */
export const PATH_SEPARATOR = ' / ';

/** The folders depth first, each followed by its sub-folders, siblings oldest first (as listed). */
export function folderTree(folders: readonly Folder[]): TreeFolder[] {
  const paths = new Map<string, string[]>();
  return depthFirst(
    folders,
    (folder) => folder.id,
    (folder) => folder.parentId,
  ).map(({ item, depth, parent, hasChildren }) => {
    const path = [...(parent ? (paths.get(parent.id) ?? []) : []), item.name];
    paths.set(item.id, path);
    return { folder: item, depth, path, hasChildren };
  });
}

/** The ids of a folder and of every folder below it: where it cannot be moved. */
export function folderAndBelow(folders: readonly Folder[], id: string): Set<string> {
  const inside = new Set([id]);
  for (const { folder, parent } of depthFirst(
    folders,
    (f) => f.id,
    (f) => f.parentId,
  ).map((step) => ({ folder: step.item, parent: step.parent }))) {
    if (parent && inside.has(parent.id)) inside.add(folder.id);
  }
  return inside;
}
