import { describe, expect, it } from 'vitest';
import { FolderLimit } from './folder-limit.js';
import { MAX_FOLDERS } from './types.js';

describe('FolderLimit', () => {
  it('counts distinct paths, their ancestors included, and cuts a new one to what is counted', () => {
    const limit = new FolderLimit();
    expect(limit.within(['Work', 'Reading'])).toEqual(['Work', 'Reading']);
    for (let n = 0; n < MAX_FOLDERS - 2; n++) expect(limit.within([`Folder ${n}`])).toEqual([`Folder ${n}`]);
    expect([...limit.notice('line 1')]).toEqual([]);
    expect(limit.within(['Work', 'Reading'])).toEqual(['Work', 'Reading']);
    expect(limit.within(['Work', 'Papers'])).toEqual(['Work']);
    expect(limit.within(['Elsewhere', 'Deeper'])).toEqual([]);
    expect([...limit.notice('line 7')]).toEqual([
      {
        kind: 'skip',
        position: 'line 7',
        reason:
          'The file has more than 100,000 folders: from here on, the entries of a new folder go to the folder around it, or to none',
      },
    ]);
    expect(limit.within(['Other'])).toEqual([]);
    expect([...limit.notice('line 8')]).toEqual([]);
  });

  it('counts names alike in their first 100 characters once, however long they are', () => {
    const limit = new FolderLimit();
    for (let n = 0; n < MAX_FOLDERS; n++) limit.within([`${'x'.repeat(100)}${n}`]);
    expect(limit.within(['New'])).toEqual(['New']);
  });
});
