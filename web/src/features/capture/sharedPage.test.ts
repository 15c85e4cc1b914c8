import { describe, expect, it } from 'vitest';
import { readSharedPage } from './sharedPage';

const read = (query: string) => readSharedPage(new URLSearchParams(query));

describe('readSharedPage', () => {
  it('takes url, title and text as the share target sends them', () => {
    expect(read('url=https%3A%2F%2Fnews.example%2Fa&title=A%20story&text=A%20quote')).toEqual({
      url: 'https://news.example/a',
      title: 'A story',
      text: 'A quote',
    });
  });

  it('finds the address in text when an app leaves url empty, and keeps the rest as text', () => {
    expect(read('title=&text=Read%20this%20https%3A%2F%2Fblog.example%2Fpost%3Fid%3D3.&url=')).toEqual({
      url: 'https://blog.example/post?id=3',
      title: null,
      text: 'Read this .',
    });
    expect(read('text=https%3A%2F%2Fyoutu.be%2Fabc')).toEqual({
      url: 'https://youtu.be/abc',
      title: null,
      text: null,
    });
  });

  it('drops a title or text that only repeats the address or the title', () => {
    expect(read('url=https%3A%2F%2Fa.example%2F&title=https%3A%2F%2Fa.example%2F&text=Same')).toMatchObject({
      title: null,
      text: 'Same',
    });
    expect(read('url=https%3A%2F%2Fa.example%2F&title=Same&text=Same')).toMatchObject({
      title: 'Same',
      text: null,
    });
  });

  it.each(['', 'text=no%20link%20here', 'url=javascript%3Aalert(1)', 'url=file%3A%2F%2F%2Fetc%2Fpasswd'])(
    'refuses %s: nothing to save',
    (query) => {
      expect(read(query)).toBeNull();
    },
  );
});
