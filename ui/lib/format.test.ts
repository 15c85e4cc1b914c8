import { describe, expect, it } from 'vitest';
import { isHttpUrl } from '../../contracts/urls.js';
import { formatBytes, hostOf, linksLabel, normaliseUrl, resultsLabel, savedLinksLabel } from './format';

describe('labels (SPEC.md §2)', () => {
  it('pluralises saved links', () => {
    expect(savedLinksLabel(0)).toBe('0 saved links');
    expect(savedLinksLabel(1)).toBe('1 saved link');
    expect(savedLinksLabel(2)).toBe('2 saved links');
    expect(savedLinksLabel(10000)).toBe('10,000 saved links');
  });

  it('counts a loaded list, with a plus while more pages remain', () => {
    expect(linksLabel(1)).toBe('1 link');
    expect(linksLabel(0)).toBe('0 links');
    expect(linksLabel(1200)).toBe('1,200 links');
    expect(linksLabel(50, true)).toBe('50+ links');
  });

  it('names search results with the query in quotes', () => {
    expect(resultsLabel(3, 'rust')).toBe('3 results for "rust"');
    expect(resultsLabel(1, 'rust')).toBe('1 result for "rust"');
    expect(resultsLabel(1000, 'a', true)).toBe('1,000+ results for "a"');
  });
});

describe('hostOf', () => {
  it('drops www. and keeps the host', () => {
    expect(hostOf('https://www.example.com/a?b')).toBe('example.com');
    expect(hostOf('http://blog.example.org')).toBe('blog.example.org');
    expect(hostOf('not a url')).toBe('not a url');
  });
});

describe('normaliseUrl', () => {
  it('accepts http(s) URLs and adds https:// to bare domains', () => {
    expect(normaliseUrl(' https://example.com ', isHttpUrl)).toBe('https://example.com');
    expect(normaliseUrl('example.com/page', isHttpUrl)).toBe('https://example.com/page');
  });

  it('refuses what is not a URL', () => {
    expect(normaliseUrl('', isHttpUrl)).toBeNull();
    expect(normaliseUrl('not a url', isHttpUrl)).toBeNull();
    expect(normaliseUrl('hello', isHttpUrl)).toBeNull();
    expect(normaliseUrl('javascript:alert(1)', isHttpUrl)).toBeNull();
  });
});

describe('formatBytes', () => {
  it('names bytes, then kilobytes, megabytes and gigabytes of 1,024, with a decimal under 10', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(820)).toBe('820 bytes');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(5_000)).toBe('4.9 KB');
    expect(formatBytes(14_540)).toBe('14 KB');
    expect(formatBytes(350_000)).toBe('342 KB');
    expect(formatBytes(3.4 * 1024 * 1024)).toBe('3.4 MB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatBytes(5 * 1024 ** 4)).toBe('5,120 GB');
  });

  it('moves to the next unit rather than showing 1,024 of one', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MB');
  });
});
