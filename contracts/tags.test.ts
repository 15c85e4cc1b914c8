import { describe, expect, it } from 'vitest';
import { cleanTag, mergeTags, tagKey } from './tags.js';

describe('tags', () => {
  it('cleans a tag as a person writes it', () => {
    expect(cleanTag('  web \n\t dev  ')).toBe('web dev');
    expect(cleanTag('a\u0000b')).toBe('ab');
    expect(cleanTag('x'.repeat(70))).toHaveLength(64);
    expect(cleanTag(`${'x'.repeat(63)} y`)).toBe('x'.repeat(63));
  });

  it('keys a tag without case, whatever the locale', () => {
    expect(tagKey(' Rust ')).toBe('rust');
    expect(tagKey('ÆRØ')).toBe('ærø');
    expect(tagKey('İstanbul')).toBe('i̇stanbul');
  });

  it('merges lists keeping the first spelling and dropping blanks', () => {
    expect(mergeTags(['Rust', ' '], ['rust', 'Go', 'go '])).toEqual(['Rust', 'Go']);
  });
});
