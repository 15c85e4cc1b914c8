import { createContext, useContext } from 'react';
import type { FolderRole } from '../../../../contracts/constants.js';
import type { Folder, Link } from '../../../../contracts/index.js';

/**
 * What the signed-in person may do in each folder (API.md "Sharing and insights"): their own folders are
 * theirs to change; a folder shared with them as an editor lets them add, edit, move and remove its links;
 * as a viewer, only read them. Renaming, sharing and deleting a folder are its owner's alone.
 */

export const ROLE_LABELS: Record<FolderRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};

export const isOwn = (folder: Folder) => folder.role === 'owner';

/** The folders a link may be filed in, moved to or saved into: the person's own and those they edit. */
export const writableFolders = (folders: Folder[]) => folders.filter((folder) => folder.role !== 'viewer');

/** The dashboard's folders by id, for each card to know what it may offer (provided by the Dashboard). */
export const FoldersContext = createContext<ReadonlyMap<string, Folder>>(new Map());

export interface LinkAccess {
  /** Edit, move, delete, and the reading marks (which are the link's, the same for every member). */
  canChange: boolean;
  /** The folder's owner, when the link sits in a folder shared with the person. */
  sharedBy: string | null;
}

export function linkAccess(link: Pick<Link, 'folderId'>, folders: ReadonlyMap<string, Folder>): LinkAccess {
  const folder = link.folderId ? folders.get(link.folderId) : undefined;
  return { canChange: folder?.role !== 'viewer', sharedBy: folder?.ownerName ?? null };
}

export function useLinkAccess(link: Pick<Link, 'folderId'>): LinkAccess {
  return linkAccess(link, useContext(FoldersContext));
}
