import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { linkNews, withMark } from './linkNews';

describe('linkNews', () => {
  it('tells an answer what the stream said of its link after the request was sent', () => {
    const news = linkNews(new QueryClient());
    const earlier = news.begin();
    news.heard('a');
    const mark = news.begin();
    expect(news.since('a', mark)).toBeNull();
    news.heard('b');
    news.heard('c', true);
    expect(news.since('a', mark)).toBeNull();
    expect(news.since('a', earlier)).toBe('changed');
    expect(news.since('b', mark)).toBe('changed');
    expect(news.since('c', mark)).toBe('deleted');
    news.heard('c');
    expect(news.since('c', mark)).toBe('changed');
  });

  it('keeps one record per QueryClient', () => {
    const client = new QueryClient();
    const mark = linkNews(client).begin();
    linkNews(client).heard('a');
    expect(linkNews(client).since('a', mark)).toBe('changed');
    expect(linkNews(new QueryClient()).since('a', mark)).toBeNull();
  });

  it('keeps only the news a request in flight may ask for, however many links a long session hears', () => {
    const news = linkNews(new QueryClient());
    for (let i = 0; i < 10_000; i += 1) news.heard(`idle-${i}`);
    expect(news.size).toBe(0);

    const first = news.begin();
    news.heard('a');
    const second = news.begin();
    news.heard('b');
    news.heard('a');
    expect(news.size).toBe(2);
    news.end(first);
    // 'a' was heard again after `second` was sent; news older than every mark in flight is dropped.
    expect(news.since('a', second)).toBe('changed');
    expect(news.since('b', second)).toBe('changed');
    const third = news.begin();
    news.heard('c');
    news.end(second);
    expect(news.size).toBe(1);
    expect(news.since('c', third)).toBe('changed');
    news.end(third);
    news.end(third);
    expect(news.size).toBe(0);

    const mark = news.begin();
    news.heard('a');
    expect(news.since('a', mark)).toBe('changed');
  });

  it('ends the mark of a request sent withMark, answered or failed', async () => {
    const client = new QueryClient();
    const news = linkNews(client);
    await withMark(client, () => {
      news.heard('a');
      return Promise.resolve();
    });
    expect(news.size).toBe(0);
    await expect(
      withMark(client, () => {
        news.heard('b');
        return Promise.reject(new Error('refused'));
      }),
    ).rejects.toThrow('refused');
    expect(news.size).toBe(0);
  });
});
