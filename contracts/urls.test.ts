import { describe, expect, it } from 'vitest';
import { urlKey } from './urls.js';

describe('urlKey (API.md "Normalized URL")', () => {
  it.each([
    ['HTTPS://Example.COM:443/a/', 'https://example.com/a'],
    ['http://example.com:80/', 'http://example.com'],
    ['http://example.com:8080/x', 'http://example.com:8080/x'],
    ['https://example.com/a#section', 'https://example.com/a'],
    ['https://example.com/a?utm_source=x&id=3&UTM_Medium=y', 'https://example.com/a?id=3'],
    ['https://example.com/?fbclid=1&gclid=2&mc_cid=3&mc_eid=4&igshid=5&ref_src=6', 'https://example.com'],
    ['https://example.com/s?q=a%20b&page=2&utm_campaign=z', 'https://example.com/s?q=a%20b&page=2'],
    ['https://example.com/s?b=2&a=1', 'https://example.com/s?b=2&a=1'],
    ['https://example.com/s?utm%5Fsource=x&k', 'https://example.com/s?k'],
    ['https://example.com/s?&&x=1&', 'https://example.com/s?x=1'],
    ['https://example.com/s?ref=hn', 'https://example.com/s?ref=hn'],
  ])('%s → %s', (raw, key) => {
    expect(urlKey(raw)).toBe(key);
  });

  it('gives URLs that name the same page the same key', () => {
    expect(urlKey('https://WWW.example.com/post/?utm_source=rss#comments')).toBe(
      urlKey('https://www.example.com/post'),
    );
  });

  it('drops only the trailing run of a path of many slashes', () => {
    const path = `/a${'/'.repeat(40_000)}b${'/'.repeat(40_000)}`;
    expect(urlKey(`https://example.com${path}`)).toBe(`https://example.com/a${'/'.repeat(40_000)}b`);
  });

  it('keeps what it cannot parse, trimmed', () => {
    expect(urlKey('  not a url ')).toBe('not a url');
  });
});
