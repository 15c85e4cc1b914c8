import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { linkNews } from './linkNews';

describe('linkNews', () => {
  it('tells an answer what the stream said of its link after the request was sent', () => {
    const news = linkNews(new QueryClient());
    news.heard('a');
    const mark = news.now();
    expect(news.since('a', mark)).toBeNull();
    news.heard('b');
    news.heard('c', true);
    expect(news.since('a', mark)).toBeNull();
    expect(news.since('b', mark)).toBe('changed');
    expect(news.since('c', mark)).toBe('deleted');
    news.heard('c');
    expect(news.since('c', mark)).toBe('changed');
  });

  it('keeps one record per QueryClient', () => {
    const client = new QueryClient();
    linkNews(client).heard('a');
    expect(linkNews(client).since('a', 0)).toBe('changed');
    expect(linkNews(new QueryClient()).since('a', 0)).toBeNull();
  });
});
