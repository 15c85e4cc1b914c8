import { describe, expect, it } from 'vitest';
import { type ShareSource, readSharedPage } from './sharedPage';

const read = (query: string, source: ShareSource = 'share') =>
  readSharedPage(new URLSearchParams(query), source);

describe('readSharedPage', () => {
  it('takes url, title and text as the share target sends them', () => {
    expect(read('url=https%3A%2F%2Fnews.example%2Fa&title=A%20story&text=A%20quote')).toEqual({
      url: 'https://news.example/a',
      title: 'A story',
      text: 'A quote',
    });
  });

  it('finds the address in text when an app leaves url empty; the words around it are not a snippet', () => {
    expect(read('title=&text=Read%20this%20https%3A%2F%2Fblog.example%2Fpost%3Fid%3D3.&url=')).toEqual({
      url: 'https://blog.example/post?id=3',
      title: null,
      text: null,
    });
    expect(read('text=Check%20this%20out%20https%3A%2F%2Fnews.example%2Fa%20via%20Reader')).toEqual({
      url: 'https://news.example/a',
      title: null,
      text: null,
    });
    expect(read('text=https%3A%2F%2Fyoutu.be%2Fabc')).toEqual({
      url: 'https://youtu.be/abc',
      title: null,
      text: null,
    });
  });

  it('takes no snippet from shared text that carries the address beside url', () => {
    expect(
      read('url=https%3A%2F%2Fnews.example%2Fa&text=Check%20this%20out%20https%3A%2F%2Fnews.example%2Fa'),
    ).toMatchObject({ url: 'https://news.example/a', text: null });
  });

  it('keeps the bookmarklet’s selection as it is, an address in it included', () => {
    expect(
      read('url=https%3A%2F%2Fa.example%2F&text=See%20https%3A%2F%2Fb.example%20for%20more', 'bookmarklet'),
    ).toMatchObject({ url: 'https://a.example/', text: 'See https://b.example for more' });
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
