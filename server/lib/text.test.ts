import { describe, expect, it } from 'vitest';
import { collapseWhitespace, cutAtWord, withoutNul } from './text.js';

describe('cutAtWord', () => {
  it('leaves a text within the limit as it is', () => {
    expect(cutAtWord('two words', 9)).toBe('two words');
  });

  it('cuts at the last white space in the last fifth, so that no word is split', () => {
    expect(cutAtWord('alpha beta gamma delta', 19)).toBe('alpha beta gamma');
    expect(cutAtWord('alpha beta\n\ngamma delta', 13)).toBe('alpha beta');
  });

  it('cuts at the limit itself when the last white space is too far back (a URL, CJK)', () => {
    expect(cutAtWord('a https://example.com/a/very/long/path', 20)).toBe('a https://example.co');
    expect(cutAtWord('東京都の天気予報です', 5)).toBe('東京都の天');
  });
});

describe('text from outside', () => {
  it('loses NUL characters and runs of white space', () => {
    expect(withoutNul('a\u0000b')).toBe('ab');
    expect(collapseWhitespace('  a \n\t b\u00a0 ')).toBe('a b');
  });
});
