import type { FolderRow } from '../library/folders.repository.js';

/**
 * Folders depth first, each before its sub-folders, siblings in the order given; a folder whose parent is
 * not among them sits at the top. Readers of a nested format (and Linkvault's importer, which maps each
 * parentId to a folder it has already made) need parents first.
 */
export function treeOrder(folders: readonly FolderRow[]): FolderRow[] {
  const ids = new Set(folders.map((folder) => folder.id));
  const children = new Map<string | null, FolderRow[]>();
  for (const folder of folders) {
    const parent = folder.parent_id !== null && ids.has(folder.parent_id) ? folder.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), folder]);
  }
  const ordered: FolderRow[] = [];
  const placed = new Set<string>();
  const visit = (folder: FolderRow) => {
    if (placed.has(folder.id)) return;
    placed.add(folder.id);
    ordered.push(folder);
    for (const child of children.get(folder.id) ?? []) visit(child);
  };
  for (const root of children.get(null) ?? []) visit(root);
  // Folders in a cycle reach no top: moves refuse cycles, but an export never drops a folder.
  for (const folder of folders) visit(folder);
  return ordered;
}

/** Each exported folder's parent among the export's folders, as treeOrder placed it (null: at the top). */
export function exportedParents(ordered: readonly FolderRow[]): Map<string, string | null> {
  const seen = new Set<string>();
  const parents = new Map<string, string | null>();
  for (const folder of ordered) {
    parents.set(folder.id, folder.parent_id !== null && seen.has(folder.parent_id) ? folder.parent_id : null);
    seen.add(folder.id);
  }
  return parents;
}
