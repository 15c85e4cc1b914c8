import { depthFirst } from '../../contracts/folder-tree.js';
import type { FolderRow } from '../library/folders.repository.js';

const walk = (folders: readonly FolderRow[]) =>
  depthFirst(
    folders,
    (folder) => folder.id,
    (folder) => folder.parent_id,
  );

/**
 * Folders depth first, each before its sub-folders, siblings in the order given. Readers of a nested format
 * (and Linkvault's importer, which maps each parentId to a folder it has already made) need parents first.
 */
export function treeOrder(folders: readonly FolderRow[]): FolderRow[] {
  return walk(folders).map((step) => step.item);
}

/** Each exported folder's parent among the export's folders (null: at the top). */
export function exportedParents(folders: readonly FolderRow[]): Map<string, string | null> {
  return new Map(walk(folders).map((step) => [step.item.id, step.parent?.id ?? null]));
}
