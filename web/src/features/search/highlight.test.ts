import { describe, expect, it } from 'vitest';
import { displayUrl, excerptAround, splitMatches, markedSegments } from './highlight';

describe('splitMatches', () => {
  it('marks every case-insensitive occurrence, keeping the original letters', () => {
    expect(splitMatches('Learn deep LEARNING', 'learn')).toEqual([
      { text: 'Learn', match: true },
      { text: ' deep ', match: false },
      { text: 'LEARN', match: true },
      { text: 'ING', match: false },
    ]);
  });

  it('treats the query as text, not as a pattern', () => {
    expect(splitMatches('a.b (c)+', '(c)+')).toEqual([
      { text: 'a.b ', match: false },
      { text: '(c)+', match: true },
    ]);
  });

  it('ignores surrounding spaces of the query and marks nothing for an empty one', () => {
    expect(splitMatches('rust book', '  rust ')).toEqual([
      { text: 'rust', match: true },
      { text: ' book', match: false },
    ]);
    expect(splitMatches('rust', '   ')).toEqual([{ text: 'rust', match: false }]);
    expect(splitMatches('', 'x')).toEqual([]);
  });
});

describe('excerptAround', () => {
  const long = `${'word '.repeat(60)}needle ${'tail '.repeat(60)}`;

  it('keeps a short text whole', () => {
    expect(excerptAround('a short  text', 'short')).toBe('a short text');
  });

  it('starts a long text shortly before the first match, at a word boundary, with ellipses', () => {
    const excerpt = excerptAround(long, 'NEEDLE');
    expect(excerpt.startsWith('…word')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain('needle');
    expect(excerpt.indexOf('needle')).toBeLessThan(60);
  });

  it('starts at the beginning when there is no match', () => {
    expect(excerptAround(long, 'absent').startsWith('word')).toBe(true);
  });
});

describe('displayUrl', () => {
  it('drops the scheme, www. and a bare slash', () => {
    expect(displayUrl('https://www.example.com/')).toBe('example.com');
    expect(displayUrl('http://example.com/a/b?c=1')).toBe('example.com/a/b?c=1');
    expect(displayUrl('not a url')).toBe('not a url');
  });
});

describe('markedSegments', () => {
  it('cuts an excerpt at the ranges the server marked, skipping ranges out of order or out of bounds', () => {
    expect(
      markedSegments('The Café opened; cafés followed', [
        [4, 8],
        [17, 22],
      ]),
    ).toEqual([
      { text: 'The ', match: false },
      { text: 'Café', match: true },
      { text: ' opened; ', match: false },
      { text: 'cafés', match: true },
      { text: ' followed', match: false },
    ]);
    expect(
      markedSegments('short', [
        [2, 1],
        [0, 99],
      ]),
    ).toEqual([{ text: 'short', match: false }]);
  });
});
