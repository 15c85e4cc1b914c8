import { describe, expect, it } from 'vitest';
import {
  markdownDestination,
  markdownLine,
  markdownQuote,
  markdownText,
  yamlString,
  yamlValue,
} from './markdown-text.js';

describe('markdown text', () => {
  it('writes YAML scalars as JSON strings, which YAML reads back as the same text', () => {
    const text = 'a: "b" # c\nd \\ e';
    expect(yamlString(text)).toBe('"a: \\"b\\" # c\\nd \\\\ e"');
    expect(JSON.parse(yamlString(text))).toBe(text);
  });

  it("escapes '<' and the characters YAML 1.1 takes as line breaks or refuses", () => {
    const text = '<script>\u0085\u2028\u2029\ufeff\u007f🦊';
    expect(yamlString(text)).toBe('"\\u003cscript>\\u0085\\u2028\\u2029\\ufeff\\u007f🦊"');
    expect(JSON.parse(yamlString(text))).toBe(text);
  });

  it('writes null, booleans and lists', () => {
    expect(yamlValue(null)).toBe('null');
    expect(yamlValue(false)).toBe('false');
    expect(yamlValue(['a', 'b, "c"'])).toBe('["a", "b, \\"c\\""]');
    expect(yamlValue([])).toBe('[]');
  });

  it('escapes what would start markup, raw HTML or a link', () => {
    expect(markdownText('<b>*bold* _x_ [a](b) `c` # h & | ~ \\')).toBe(
      '\\<b\\>\\*bold\\* \\_x\\_ \\[a\\](b) \\`c\\` \\# h \\& \\| \\~ \\\\',
    );
    expect(markdownLine('  two\n lines  ')).toBe('two lines');
    expect(markdownQuote('one\n\n<two>\n')).toBe('> one\n>\n> \\<two\\>');
  });

  it('percent-encodes what would end or break a link destination', () => {
    expect(markdownDestination('a b(c)<d>\\e\u00a0.md')).toBe('a%20b%28c%29%3Cd%3E%5Ce%C2%A0.md');
    expect(markdownDestination('https://x.example/a?b=c&d=%20')).toBe('https://x.example/a?b=c&d=%20');
  });
});
