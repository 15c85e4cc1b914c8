import { describe, expect, it } from 'vitest';
import type { Folder } from '../../contracts/index.js';
import { folderAndBelow, folderTree } from './folderTree';

const folder = (id: string, parentId: string | null): Folder => ({
  id,
  name: id.toUpperCase(),
  color: 'blue',
  parentId,
  createdAt: '2026-11-27T00:00:00.000Z',
  linkCount: 0,
  totalCount: 0,
  role: 'owner',
  shared: false,
  ownerName: null,
});

const FOLDERS = [folder('a', null), folder('b', 'a'), folder('c', 'b'), folder('d', null), folder('e', 'a')];

describe('folderTree', () => {
  it('gives each folder its depth and path, parents first', () => {
    expect(folderTree(FOLDERS).map((t) => [t.path.join(' / '), t.depth, t.hasChildren])).toEqual([
      ['A', 0, true],
      ['A / B', 1, true],
      ['A / B / C', 2, false],
      ['A / E', 1, false],
      ['D', 0, false],
    ]);
  });

  it('names a folder and everything below it: where it cannot go', () => {
    expect([...folderAndBelow(FOLDERS, 'a')].sort()).toEqual(['a', 'b', 'c', 'e']);
    expect([...folderAndBelow(FOLDERS, 'b')].sort()).toEqual(['b', 'c']);
    expect([...folderAndBelow(FOLDERS, 'd')]).toEqual(['d']);
  });
});
