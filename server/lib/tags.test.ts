import { describe, expect, it } from 'vitest';
import { tagIndexChanges } from './tags.js';

const link = (before: string[], after: string[]) => ({
  id: 'link-1',
  user_id: 'user-1',
  before: JSON.stringify(before),
  tags: JSON.stringify(after),
});

describe('tagIndexChanges', () => {
  it('writes only the tags that came and went, not the whole list again', () => {
    expect(tagIndexChanges([link(['rust', 'Web', 'db'], ['rust', 'Web', 'db', 'Async'])])).toEqual({
      removed: [],
      added: [{ link_id: 'link-1', user_id: 'user-1', tag_key: 'async', tag: 'Async' }],
    });
    expect(tagIndexChanges([link(['rust', 'Web', 'db'], ['rust', 'db'])])).toEqual({
      removed: [{ link_id: 'link-1', tag_key: 'web' }],
      added: [],
    });
  });

  it('rewrites a tag whose spelling changed (a rename that changes only case)', () => {
    expect(tagIndexChanges([link(['rust', 'web'], ['Rust', 'web'])])).toEqual({
      removed: [{ link_id: 'link-1', tag_key: 'rust' }],
      added: [{ link_id: 'link-1', user_id: 'user-1', tag_key: 'rust', tag: 'Rust' }],
    });
  });

  it('reads a list the index never had (broken JSON) as empty', () => {
    expect(tagIndexChanges([{ ...link([], ['x']), before: 'not json' }]).added).toHaveLength(1);
  });
});
