import type { Folder, FolderColor } from '../../contracts/index.js';
import type { FolderRow } from './folders.repository.js';

export const presentFolder = (row: FolderRow, counts: { linkCount: number; totalCount: number }): Folder => ({
  id: row.id,
  name: row.name,
  color: row.color as FolderColor,
  parentId: row.parent_id,
  createdAt: row.created_at,
  ...counts,
});
