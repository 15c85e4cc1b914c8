import { describe, expect, it } from 'vitest';
import { sniffFormat, sniffText, sniffZipNames } from './sniffFormat';

/** The first lines of each tool's export, as the corpus (../shared/corpus/bookmarks/) and their docs show them. */
const SAMPLES = {
  netscape:
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n<TITLE>Bookmarks</TITLE>\n<DL><p>\n<DT><A HREF="https://a.example/" ADD_DATE="1">A</A>',
  netscapeWithoutDoctype:
    '<HTML><TITLE>Bookmarks</TITLE><DL><DT><H3>Work</H3><DL><DT><A HREF="https://a.example/">A</A>',
  pocketHtml:
    '<!DOCTYPE html>\n<html><head><title>Pocket Export</title></head><body><h1>Unread</h1><ul><li><a href="https://a.example/" time_added="1">A</a></li>',
  pocketCsv: 'title,url,time_added,tags,status\nA,https://a.example/,1700000000,,unread',
  raindropCsv:
    'id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite\n1,A,,,https://a.example/',
  instapaperCsv: 'URL,Title,Selection,Folder,Timestamp,Tags\nhttps://a.example/,A,,Unread,1700000000,[]',
  readwiseCsv:
    'Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at',
  chromeJson: '{\n   "checksum": "abc",\n   "roots": {\n      "bookmark_bar": {\n         "children": [',
  firefoxJson: '{"guid":"root________","title":"","index":0,"type":"text/x-moz-place-container","children":[',
  linkwardenJson: '{"id":1,"name":"Ada","collections":[{"id":2,"name":"Work","links":[',
  karakeepJson:
    '{"bookmarks":[{"createdAt":1700000000,"title":"A","tags":[],"content":{"type":"link","url":"https://a.example/"}}]}',
  wallabagJson: '[{"is_archived":0,"is_starred":0,"tags":[],"title":"A","url":"https://a.example/"}]',
  pinboardJson:
    '[{"href":"https://a.example/","description":"A","extended":"","meta":"x","hash":"y","time":"2020-01-01T00:00:00Z","shared":"no","toread":"yes","tags":""}]',
  omnivoreJson:
    '[{"id":"1","slug":"a","title":"A","url":"https://a.example/","savedAt":"2024-01-01T00:00:00Z","labels":[]}]',
  linkvaultJson: '{"format":"linkvault","version":1,"exportedAt":"2025-01-01T00:00:00.000Z","folders":[',
};

describe('sniffText', () => {
  it('recognises each tool’s export by how it begins', () => {
    expect(sniffText(SAMPLES.netscape)).toBe('netscape');
    expect(sniffText(SAMPLES.netscapeWithoutDoctype)).toBe('netscape');
    expect(sniffText(SAMPLES.pocketHtml)).toBe('pocket-html');
    expect(sniffText(SAMPLES.pocketCsv)).toBe('pocket-csv');
    expect(sniffText(SAMPLES.raindropCsv)).toBe('raindrop-csv');
    expect(sniffText(SAMPLES.instapaperCsv)).toBe('instapaper-csv');
    expect(sniffText(SAMPLES.readwiseCsv)).toBe('readwise-csv');
    expect(sniffText(SAMPLES.chromeJson)).toBe('chrome-json');
    expect(sniffText(SAMPLES.firefoxJson)).toBe('firefox-json');
    expect(sniffText(SAMPLES.linkwardenJson)).toBe('linkwarden-json');
    expect(sniffText(SAMPLES.karakeepJson)).toBe('karakeep-json');
    expect(sniffText(SAMPLES.wallabagJson)).toBe('wallabag-json');
    expect(sniffText(SAMPLES.pinboardJson)).toBe('pinboard-json');
    expect(sniffText(SAMPLES.omnivoreJson)).toBe('omnivore');
    expect(sniffText(SAMPLES.linkvaultJson)).toBe('linkvault-json');
  });

  it('recognises nothing in files that are not bookmarks', () => {
    for (const text of [
      '',
      'Dear diary, today I saved nothing.',
      '<!DOCTYPE html><html><body><p>A page</p></body></html>',
      '{"name":"linkvault","version":"0.1.0","dependencies":{}}',
      'name,email\nAda,ada@example.com',
    ]) {
      expect(sniffText(text), text).toBeNull();
    }
  });
});

describe('sniffFormat', () => {
  it('reads UTF-16 files by their byte-order mark', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...SAMPLES.netscape].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(await sniffFormat(new Blob([utf16]))).toBe('netscape');
    expect(await sniffFormat(new Blob(['\ufeff' + SAMPLES.pocketCsv]))).toBe('pocket-csv');
  });

  it('tells the Pocket and Omnivore ZIPs apart by the names of their entries', async () => {
    const zip = (name: string) =>
      new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), `....${name}....`]);
    expect(await sniffFormat(zip('part_000000.csv'))).toBe('pocket-csv');
    expect(await sniffFormat(zip('metadata_0_to_20.json'))).toBe('omnivore');
    expect(await sniffFormat(zip('photos/cat.jpg'))).toBeNull();
    expect(sniffZipNames('export/part_000001.csv annotations/part_000000.json')).toBe('pocket-csv');
  });
});
