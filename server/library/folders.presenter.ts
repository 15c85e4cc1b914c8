import type { Folder, FolderColor, FolderRole } from '../../contracts/index.js';
import type { FolderRow } from './folders.repository.js';

/** The caller's part in a folder (server/sharing): an own folder is { role: 'owner', ownerName: null }. */
export interface FolderSharing {
  role: FolderRole;
  shared: boolean;
  ownerName: string | null;
}
export const OWN_UNSHARED: FolderSharing = { role: 'owner', shared: false, ownerName: null };

export const presentFolder = (
  row: FolderRow,
  counts: { linkCount: number; totalCount: number },
  sharing: FolderSharing = OWN_UNSHARED,
): Folder => ({
  id: row.id,
  name: row.name,
  color: row.color as FolderColor,
  parentId: row.parent_id,
  createdAt: row.created_at,
  ...counts,
  ...sharing,
});
