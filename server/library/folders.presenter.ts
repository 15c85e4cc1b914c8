import type { Folder, FolderColor } from '../../contracts/index.js';
import type { FolderRow } from './folders.repository.js';

export const presentFolder = (row: FolderRow, linkCount: number): Folder => ({
  id: row.id,
  name: row.name,
  color: row.color as FolderColor,
  createdAt: row.created_at,
  linkCount,
});
