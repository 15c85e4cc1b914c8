import { Readable } from 'node:stream';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Import, Link } from '../../contracts/index.js';
import { type Client, allPages, clientFor, expectError } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { type Part, multipart } from '../../test/multipart.js';
import { SKIPS_KEPT } from './imports.repository.js';

const MB = 1024 * 1024;

/** `head`, then `filler` repeated to `megabytes`, then `tail`: streamed, never held whole. */
function* generated(head: string, filler: string, megabytes: number, tail = ''): Generator<Buffer> {
  yield Buffer.from(head);
  const piece = Buffer.from(filler.repeat(Math.ceil(MB / filler.length)).slice(0, MB));
  for (let i = 0; i < megabytes; i += 1) yield piece;
  yield Buffer.from(tail);
}

/**
 * Hostile files, through the real route and the runner, on both engines. Each ends in a clear 4xx
 * or a finished import with skips: never a 500, a crash or an import that never ends.
 */
describe('hostile imports', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));
  const upload = (client: Client, content: Part['content'], filename = 'file') => {
    const { payload, headers } = multipart([{ name: 'file', filename, content }]);
    return client.send('POST', '/api/imports', payload, { headers });
  };
  /** Uploads, runs the import to its end, and answers it. */
  const imported = async (client: Client, content: Part['content'], filename?: string) => {
    const res = await upload(client, content, filename);
    expect(res.statusCode, res.body).toBe(202);
    while (await ctx.services.importRunner.runOnce());
    return (await client.get(`/api/imports/${res.json<Import>().id}`)).json<Import>();
  };
  const linksOf = async (client: Client) => (await allPages<Link>(client, '/api/links', 200)).items;

  it('a 100 MB file of one line (a Netscape link whose address never ends): one skipped entry', async () => {
    const me = await newUser();
    const done = await imported(
      me,
      Readable.from(
        generated(
          '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p><DT><A HREF="https://x.example/',
          'a',
          99,
          '">x</A>',
        ),
      ),
    );
    expect(done).toMatchObject({ status: 'done', total: 1, processed: 1, created: 0, skipped: 1 });
    expect(await linksOf(me)).toEqual([]);
  });

  it('a 100 MB line of one character that is not a bookmark file: 400', async () => {
    const me = await newUser();
    expectError(await upload(me, Readable.from(generated('', 'z', 99))), 400, 'unsupported_format');
  });

  it('a CSV whose second line is 30 MB of commas: the rows before it, then where reading stopped', async () => {
    const me = await newUser();
    const done = await imported(
      me,
      Readable.from(
        generated(
          'title,url,time_added,tags,status\nFirst,https://first.example/,1600000000,,unread\n',
          ',',
          30,
        ),
      ),
      'pocket.csv',
    );
    expect(done).toMatchObject({ status: 'done', created: 1, skipped: 1 });
    expect(done.error).toMatch(/line 3/);
  });

  it('a CSV with an unterminated quote: the rows before it, and the line where the quote opened', async () => {
    const me = await newUser();
    const csv = [
      'URL,Title,Selection,Folder',
      'https://one.example/,One,,Unread',
      'https://two.example/,"Two, unterminated,,Unread',
      'https://three.example/,Three,,Unread',
    ].join('\n');
    const done = await imported(me, csv, 'instapaper.csv');
    expect(done).toMatchObject({ status: 'done', created: 1, skipped: 1 });
    expect(done.error).toMatch(/line 3/);
    const skipped = await me.get(`/api/imports/${done.id}/skipped`);
    expect(skipped.body).toMatch(/^line 3,/m);
  });

  it('10,000 nested folders: every link, filed no deeper than the folder depth kept', async () => {
    const me = await newUser();
    const depth = 10_000;
    const html = [
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<DL><p>',
      ...Array.from({ length: depth }, (_, i) => `<DT><H3>Level ${i}</H3>\n<DL><p>`),
      '<DT><A HREF="https://deep.example/">Deep</A>',
      ...Array.from({ length: depth }, () => '</DL><p>'),
      '<DT><A HREF="https://shallow.example/">Shallow</A>',
      '</DL>',
    ].join('\n');
    const done = await imported(me, html);
    expect(done).toMatchObject({ status: 'done', created: 2, skipped: 0 });
    const folders = (await me.get('/api/folders')).json().items as { name: string }[];
    expect(folders.length).toBeGreaterThan(0);
    expect(folders.length).toBeLessThanOrEqual(32);
    for (const folder of folders) expect(folder.name.length).toBeLessThanOrEqual(100);
  });

  it('Windows-1252 and UTF-16 files read right', async () => {
    const me = await newUser();
    const latin1 = Buffer.from(
      'URL,Title,Selection,Folder\nhttps://cafe.example/,Caf\xe9 cr\xe8me,,Unread\n',
      'latin1',
    );
    await imported(me, latin1, 'instapaper.csv');
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(
        '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF="https://unicode.example/">Ünïcödé 🚀</A>\n</DL>',
        'utf16le',
      ),
    ]);
    await imported(me, utf16, 'bookmarks.html');
    const titles = (await linksOf(me)).map((link) => link.title).sort();
    expect(titles).toEqual(['Café crème', 'Ünïcödé 🚀']);
  });

  it('JSON of the wrong shape: 400; JSON cut short: what came before, and where it stopped', async () => {
    const me = await newUser();
    for (const json of ['{"bookmarks": 3}', '[{"a": 1}]', '{"roots": "none"}', '"text"', '42']) {
      expectError(await upload(me, json, 'x.json'), 400, 'unsupported_format');
    }
    const pinboard = JSON.stringify([
      { href: 'https://a.example/', description: 'A', extended: '', time: '2020-01-01T00:00:00Z', tags: '' },
      { href: 'https://b.example/', description: 'B', extended: '', time: '2020-01-02T00:00:00Z', tags: '' },
    ]);
    const done = await imported(me, pinboard.slice(0, pinboard.length - 30), 'pinboard.json');
    expect(done).toMatchObject({ status: 'done', created: 1, skipped: 1 });
    expect(done.error).not.toBeNull();
  });

  it('a ZIP bomb (one entry that inflates to 257 MB): refused without inflating it', async () => {
    const me = await newUser();
    const bomb = zipSync({ 'metadata_0_to_1.json': new Uint8Array(257 * MB) }, { level: 9 });
    const res = await upload(me, bomb, 'omnivore.zip');
    if (res.statusCode === 400) {
      expectError(res, 400, 'unsupported_format');
      return;
    }
    expect(res.statusCode, res.body).toBe(202);
    while (await ctx.services.importRunner.runOnce());
    const done = (await me.get(`/api/imports/${res.json().id}`)).json<Import>();
    expect(done).toMatchObject({ status: 'done', created: 0 });
    expect(done.error).toMatch(/MB/);
  });

  it('NUL characters (which PostgreSQL refuses) in addresses, titles and tags: imported or skipped, never failed', async () => {
    const me = await newUser();
    const entries = [
      {
        href: 'javascript:\u0000x',
        description: 'Script',
        extended: '',
        time: '2020-01-01T00:00:00Z',
        tags: '',
      },
      {
        href: 'https://nul.example/',
        description: 'Ti\u0000tle',
        extended: 'No\u0000te',
        time: '2020-01-01T00:00:00Z',
        tags: 'a\u0000b c',
      },
    ];
    const done = await imported(me, JSON.stringify(entries), 'pinboard.json');
    expect(done).toMatchObject({ status: 'done', created: 1, skipped: 1 });
    const [link] = await linksOf(me);
    expect(link).toMatchObject({ title: 'Title', description: 'Note', tags: ['ab', 'c'] });
  });

  it(`keeps the first ${SKIPS_KEPT.toLocaleString('en-US')} skipped entries in the list and counts them all`, async () => {
    const me = await newUser();
    const lines = Array.from(
      { length: SKIPS_KEPT + 5 },
      (_, i) => `<DT><A HREF="javascript:${i}">Script ${i}</A>`,
    );
    const done = await imported(
      me,
      `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${lines.join('\n')}\n</DL>`,
    );
    expect(done).toMatchObject({ status: 'done', skipped: SKIPS_KEPT + 5 });
    const csv = (await me.get(`/api/imports/${done.id}/skipped`)).body.trim().split('\r\n');
    expect(csv).toHaveLength(SKIPS_KEPT + 1);
  });

  it('at most three imports under way per person: a fourth is 409 until one ends', async () => {
    const me = await newUser();
    const file =
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p><DT><A HREF="https://one.example/">One</A></DL>';
    for (let i = 0; i < 3; i += 1) expect((await upload(me, file)).statusCode).toBe(202);
    expectError(await upload(me, file), 409, 'conflict');
    while (await ctx.services.importRunner.runOnce());
    expect((await upload(me, file)).statusCode).toBe(202);
    while (await ctx.services.importRunner.runOnce());
  });

  it('five uploads sent at once: three are taken, two are 409, and nothing of those two is stored', async () => {
    const me = await newUser();
    const file =
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p><DT><A HREF="https://one.example/">One</A></DL>';
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(me, file)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([202, 202, 202, 409, 409]);
    const items = (await me.get('/api/imports')).json<{ items: unknown[] }>().items;
    expect(items).toHaveLength(3);
    while (await ctx.services.importRunner.runOnce());
  });
});
