import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEEP_ENRICHMENT, HOSTILE_TITLE, type Library, buildLibrary, exported } from './library.fixture.js';

const HEADER = [
  'url',
  'title',
  'description',
  'folder',
  'tags',
  'created',
  'updated',
  'state',
  'favorite',
  'summary',
  'platform',
  'snippets',
];

describe('GET /api/export?format=csv', () => {
  const ctx = useTestApp();
  let library: Library;
  beforeAll(async () => {
    library = await buildLibrary(ctx);
  });
  const rows = (body: string) => parse<Record<string, string>>(body, { columns: true, bom: true });

  it('writes a byte-order mark and a header, then one link a row, newest first, in RFC 4180 CSV with CRLF', async () => {
    const res = await exported(library.me, 'format=csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith(`\ufeff${HEADER.join(',')}\r\n`)).toBe(true);
    const records = rows(res.body);
    expect(records.map((r) => r.url)).toEqual([library.hostile.url, library.deep.url, library.plain.url]);
    expect(records[1]).toEqual({
      url: library.deep.url,
      title: 'Deep work',
      description: 'Line one\nLine two & <more>',
      folder: 'Work / Reading',
      tags: 'focus, books',
      created: DEEP_ENRICHMENT.created_at,
      updated: DEEP_ENRICHMENT.updated_at,
      state: 'read',
      favorite: 'true',
      summary: DEEP_ENRICHMENT.summary_short,
      platform: 'youtube',
      snippets: '2',
    });
    expect(records[2]).toMatchObject({
      folder: 'Work / Reading',
      tags: '',
      favorite: 'false',
      summary: '',
      snippets: '0',
    });
  });

  it('keeps a hostile title one cell, and a spreadsheet formula as text', async () => {
    const [hostile] = rows((await exported(library.me, 'format=csv')).body);
    expect(hostile).toMatchObject({ title: `'${HOSTILE_TITLE}`, folder: '', tags: 'x"y, <b>' });
    expect(Object.keys(hostile ?? {})).toEqual(HEADER);
  });

  it('with folderId: the links of that folder only', async () => {
    const records = rows((await exported(library.me, `format=csv&folderId=${library.work.id}`)).body);
    expect(records.map((r) => r.url)).toEqual([library.deep.url, library.plain.url]);
    const empty = (await exported(library.me, `format=csv&folderId=${library.empty.id}`)).body;
    expect(empty).toBe(`\ufeff${HEADER.join(',')}\r\n`);
  });
});
