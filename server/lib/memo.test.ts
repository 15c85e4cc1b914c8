import { describe, expect, it } from 'vitest';
import { memoize } from './memo.js';

describe('memoize', () => {
  it('works out each key once, undefined and falsy answers included', () => {
    const asked: string[] = [];
    const lookUp = memoize((key: string) => {
      asked.push(key);
      return key === 'none' ? undefined : key.length;
    });
    expect([lookUp('abc'), lookUp('abc'), lookUp('none'), lookUp('none'), lookUp('')]).toEqual([
      3,
      3,
      undefined,
      undefined,
      0,
    ]);
    expect(asked).toEqual(['abc', 'none', '']);
  });
});
