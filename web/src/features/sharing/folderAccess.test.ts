import { describe, expect, it } from 'vitest';
import type { Folder } from '../../../../contracts/index.js';
import { linkAccess, writableFolders } from './folderAccess';

const folder = (id: string, role: Folder['role'], ownerName: string | null = null): Folder => ({
  id,
  name: id,
  color: 'blue',
  parentId: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  linkCount: 0,
  totalCount: 0,
  role,
  shared: role !== 'owner',
  ownerName,
});

const folders = [
  folder('mine', 'owner'),
  folder('edited', 'editor', 'Grace Hopper'),
  folder('viewed', 'viewer', 'Alan Turing'),
];
const byId = new Map(folders.map((f) => [f.id, f]));

describe('linkAccess', () => {
  it('lets the person change their own links, filed or not, and those of folders they edit', () => {
    expect(linkAccess({ folderId: null }, byId)).toEqual({ canChange: true, sharedBy: null });
    expect(linkAccess({ folderId: 'mine' }, byId)).toEqual({ canChange: true, sharedBy: null });
    expect(linkAccess({ folderId: 'edited' }, byId)).toEqual({ canChange: true, sharedBy: 'Grace Hopper' });
  });

  it('only shows the links of a folder shared with them as a viewer', () => {
    expect(linkAccess({ folderId: 'viewed' }, byId)).toEqual({ canChange: false, sharedBy: 'Alan Turing' });
  });

  it('treats a folder not (yet) in the list as the person’s own: the server still decides', () => {
    expect(linkAccess({ folderId: 'unknown' }, byId).canChange).toBe(true);
  });
});

describe('writableFolders', () => {
  it('offers the person’s own folders and those they edit, never one they only view', () => {
    expect(writableFolders(folders).map((f) => f.id)).toEqual(['mine', 'edited']);
  });
});
