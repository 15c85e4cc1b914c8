import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Folder, Import, Link, Snippet } from '../../contracts/index.js';
import { type Client, allPages, clientFor, expectError } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { type Part, multipart } from '../../test/multipart.js';
import { mintOAuthToken } from '../../test/oauth-tokens.js';

/** A Netscape file as browsers write it: nested folders, dates, tags, notes, and entries that cannot be links. */
const NETSCAPE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1500000000">Work</H3>
    <DL><p>
        <DT><A HREF="https://example.com/report?utm_source=mail" ADD_DATE="1600000000" TAGS="Reports,q3">Quarterly report</A>
        <DD>The numbers for Q3
        <DT><H3>Reading</H3>
        <DL><p>
            <DT><A HREF="https://blog.example.org/post" ADD_DATE="1610000000">A long post</A>
            <DT><A HREF="javascript:alert(1)">Bookmarklet</A>
        </DL><p>
        <DT><H3>Empty</H3>
        <DL><p>
        </DL><p>
    </DL><p>
    <DT><A HREF="https://example.com/report" ADD_DATE="1550000000" TAGS="finance">Report again</A>
    <DT><A HREF="place:sort=8&maxResults=10">Most visited</A>
    <DT><A HREF="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Video</A>
</DL><p>
`;

describe('imports', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));

  const upload = (client: Client, parts: Part[]) => {
    const { payload, headers } = multipart(parts);
    return client.send('POST', '/api/imports', payload, { headers });
  };
  const uploadFile = (client: Client, content: Part['content'], fields: Record<string, string> = {}) =>
    upload(client, [
      ...Object.entries(fields).map(([name, value]) => ({ name, content: value })),
      { name: 'file', filename: 'bookmarks.html', content, type: 'text/html' },
    ]);
  /** Runs every waiting import to its end, as the background runner would. */
  const runImports = async () => {
    while (await ctx.services.importRunner.runOnce());
  };
  const imported = async (client: Client, content: Part['content'], fields: Record<string, string> = {}) => {
    const res = await uploadFile(client, content, fields);
    expect(res.statusCode, res.body).toBe(202);
    await runImports();
    return (await client.get(`/api/imports/${res.json<Import>().id}`)).json<Import>();
  };
  const linksOf = async (client: Client) => (await allPages<Link>(client, '/api/links', 200)).items;
  const foldersOf = async (client: Client) =>
    (await client.get('/api/folders')).json<{ items: Folder[] }>().items;

  it('answers 202 with a queued import, recognised by content, then writes it in the background', async () => {
    const me = await newUser();
    const res = await uploadFile(me, NETSCAPE);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      id: expect.any(String),
      status: 'queued',
      format: 'netscape',
      fileName: 'bookmarks.html',
      total: null,
      processed: 0,
      created: 0,
      merged: 0,
      skipped: 0,
      error: null,
      createdAt: expect.any(String),
      finishedAt: null,
    });
    await runImports();
    const done = (await me.get(`/api/imports/${res.json().id}`)).json<Import>();
    expect(done).toMatchObject({ status: 'done', total: 6, processed: 6, created: 3, merged: 1, skipped: 2 });
    expect(done.finishedAt).not.toBeNull();
  });

  it('keeps folders (nested one to one, empty ones too), dates, tags, notes; merges the same page', async () => {
    const me = await newUser();
    await imported(me, NETSCAPE);
    const folders = await foldersOf(me);
    const work = folders.find((f) => f.name === 'Work');
    expect(work?.parentId).toBeNull();
    expect(folders.map((f) => [f.name, f.parentId]).sort()).toEqual([
      ['Empty', work?.id],
      ['Reading', work?.id],
      ['Work', null],
    ]);
    expect(work).toMatchObject({ linkCount: 1, totalCount: 2 });
    const byName = new Map(folders.map((f) => [f.name, f.id]));
    const links = await linksOf(me);
    expect(links).toHaveLength(3);
    const report = links.find((l) => l.url.startsWith('https://example.com/report'));
    expect(report).toMatchObject({
      title: 'Quarterly report',
      description: 'The numbers for Q3',
      folderId: byName.get('Work'),
      tags: ['Reports', 'q3', 'finance'],
      // The second copy of the page is older: its date is kept.
      createdAt: new Date(1550000000 * 1000).toISOString(),
      enrichmentStatus: 'queued',
      state: 'unread',
    });
    expect(links.find((l) => l.url === 'https://blog.example.org/post')).toMatchObject({
      folderId: byName.get('Reading'),
      createdAt: new Date(1610000000 * 1000).toISOString(),
      tags: [],
    });
    // The platform, and a video's thumbnail, show from the URL before any fetch.
    expect(links.find((l) => l.title === 'Video')).toMatchObject({
      platform: 'youtube',
      folderId: null,
      ogImageUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
  });

  it('writes a file of many batches to its end, reporting progress after each batch', async () => {
    const me = await newUser();
    const entries = Array.from(
      { length: 1000 },
      (_, i) => `<DT><A HREF="https://many.example/${i}" ADD_DATE="${1_600_000_000 + i}">Entry ${i}</A>`,
    );
    const events: string[] = [];
    const userId = (await me.get('/api/auth/user')).json().id as string;
    const unsubscribe = ctx.services.bus.subscribe(userId, (event) => events.push(event.type));
    const done = await imported(
      me,
      `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${entries.join('\n')}\n</DL>`,
    );
    unsubscribe();
    expect(done).toMatchObject({ status: 'done', total: 1000, processed: 1000, created: 1000 });
    expect(await linksOf(me)).toHaveLength(1000);
    // Queued, counted, four batches, done.
    expect(events.filter((type) => type === 'import').length).toBeGreaterThanOrEqual(6);
    expect(events.filter((type) => type === 'link')).toEqual([]);
  });

  it('lists skipped entries with their line and reason as CSV', async () => {
    const me = await newUser();
    const done = await imported(me, NETSCAPE);
    const res = await me.get(`/api/imports/${done.id}/skipped`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="linkvault-import-skipped-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('position,url,reason');
    expect(lines.slice(1)).toEqual([
      'line 13,javascript:alert(1),"Only web pages (http and https) can be saved, not javascript: addresses"',
      'line 20,place:sort=8&maxResults=10,"Only web pages (http and https) can be saved, not place: addresses"',
    ]);
  });

  it('merges with the library by normalized URL: tags added, folder only where none, older date kept', async () => {
    const me = await newUser();
    const saved = await me.link({
      url: 'https://example.com/report#section',
      title: 'Mine',
      tags: undefined,
    });
    const other = await me.folder({ name: 'Mine' });
    const filed = await me.link({ url: 'https://blog.example.org/post/', folderId: other.id });
    const done = await imported(me, NETSCAPE);
    expect(done).toMatchObject({ created: 1, merged: 3 });
    const links = await linksOf(me);
    expect(links).toHaveLength(3);
    expect(links.find((l) => l.id === saved.id)).toMatchObject({
      title: 'Mine',
      url: 'https://example.com/report#section',
      tags: ['Reports', 'q3', 'finance'],
      createdAt: new Date(1550000000 * 1000).toISOString(),
    });
    expect(links.find((l) => l.id === filed.id)?.folderId).toBe(other.id);
    // The same file again changes nothing.
    const again = await imported(me, NETSCAPE);
    expect(again).toMatchObject({ created: 0, merged: 4, skipped: 2 });
    expect(await linksOf(me)).toHaveLength(3);
  });

  it('files everything into folderId, and enrich=false keeps only what the file says', async () => {
    const me = await newUser();
    const target = await me.folder({ name: 'Imported' });
    await imported(me, NETSCAPE, { folderId: target.id, enrich: 'false' });
    expect((await foldersOf(me)).map((f) => f.name)).toEqual(['Imported']);
    const links = await linksOf(me);
    expect(links.every((l) => l.folderId === target.id && l.enrichmentStatus === 'none')).toBe(true);
    const jobs = await ctx.database.db
      .selectFrom('link_ingest_jobs')
      .select('id')
      .where(
        'link_id',
        'in',
        links.map((l) => l.id),
      )
      .execute();
    expect(jobs).toEqual([]);
  });

  it("queues imported links behind the user's fresh saves", async () => {
    const me = await newUser();
    await imported(me, NETSCAPE);
    const fresh = await me.link({ url: 'https://fresh.example/' });
    const jobs = await ctx.database.db
      .selectFrom('link_ingest_jobs')
      .innerJoin('links', 'links.id', 'link_ingest_jobs.link_id')
      .select(['links.url', 'link_ingest_jobs.priority'])
      .where('links.user_id', '=', (await me.get('/api/auth/user')).json().id)
      .execute();
    expect(jobs.find((j) => j.url === fresh.url)?.priority).toBe(0);
    expect(jobs.filter((j) => j.priority === 1)).toHaveLength(3);
  });

  it('keeps highlights and notes as snippets on their link, once however often imported', async () => {
    const me = await newUser();
    const file = JSON.stringify([
      {
        url: 'https://wall.example/article',
        title: 'An article',
        is_archived: 1,
        is_starred: 1,
        tags: ['reading'],
        created_at: '2020-05-01T10:00:00+0200',
        annotations: [
          {
            text: 'My note',
            quote: 'A quoted sentence.',
            created_at: '2020-05-02T10:00:00+0200',
            ranges: [],
          },
        ],
        content: '<p>…</p>',
      },
    ]);
    const upload = async () => {
      const res = await upload2(me, file, 'wallabag.json');
      expect(res.statusCode, res.body).toBe(202);
      await runImports();
    };
    await upload();
    await upload();
    const [link] = await linksOf(me);
    expect(link).toMatchObject({ state: 'archived', favorite: true, snippetCount: 1, tags: ['reading'] });
    const snippets = (await me.get('/api/snippets')).json<{ items: Snippet[] }>().items;
    expect(snippets).toEqual([
      expect.objectContaining({ linkId: link?.id, selectedText: 'A quoted sentence.', note: 'My note' }),
    ]);
  });

  const upload2 = (client: Client, content: string, filename: string) =>
    upload(client, [{ name: 'file', filename, content, type: 'application/json' }]);

  describe('refused uploads store nothing', () => {
    /** No upload left behind, and no piece of a file without its import. */
    const nothingStored = async () => {
      const db = ctx.database.db;
      expect(await db.selectFrom('imports').select('id').where('status', '=', 'uploading').execute()).toEqual(
        [],
      );
      const orphans = await db
        .selectFrom('import_chunks')
        .leftJoin('imports', 'imports.id', 'import_chunks.import_id')
        .select('import_chunks.import_id')
        .where('imports.id', 'is', null)
        .execute();
      expect(orphans).toEqual([]);
    };

    it('a file that is not a bookmark file: 400 unsupported_format naming the formats', async () => {
      const me = await newUser();
      const before = (await me.get('/api/imports')).json().items.length;
      for (const content of [
        '<html><body><p>Hello</p></body></html>',
        '{"hello": 1}',
        'just some text\n',
        '[1,2,3]',
      ]) {
        const res = await uploadFile(me, content);
        expectError(res, 400, 'unsupported_format');
        expect(res.json().error.message).toContain('Bookmark HTML file');
        expect(res.json().error.message).toContain('Pocket');
      }
      expect((await me.get('/api/imports')).json().items).toHaveLength(before);
      await nothingStored();
    });

    it('a format named that the file is not in: 400', async () => {
      const me = await newUser();
      const res = await uploadFile(me, NETSCAPE, { format: 'pocket-csv' });
      expectError(res, 400, 'unsupported_format');
      expect(res.json().error.message).toBe('This file is not a Pocket export (CSV or its ZIP)');
    });

    it.each([
      ['no file', [{ name: 'enrich', content: 'true' }], 400, 'Choose a file to import'],
      ['an empty file', [{ name: 'file', filename: 'x.html', content: '' }], 400, 'The file is empty'],
      [
        'two files',
        [
          { name: 'file', filename: 'a.html', content: NETSCAPE },
          { name: 'file', filename: 'b.html', content: NETSCAPE },
        ],
        413,
        undefined,
      ],
      [
        'a bad enrich',
        [
          { name: 'enrich', content: 'maybe' },
          { name: 'file', filename: 'a.html', content: NETSCAPE },
        ],
        400,
        'enrich must be true or false',
      ],
      [
        'an unknown format',
        [
          { name: 'format', content: 'word' },
          { name: 'file', filename: 'a.html', content: NETSCAPE },
        ],
        400,
        undefined,
      ],
    ] as const)('%s: %s', async (_what, parts, status, message) => {
      const me = await newUser();
      const res = await upload(me, [...parts]);
      expectError(res, status);
      if (message) expect(res.json().error.message).toBe(message);
      await nothingStored();
    });

    it('a folderId of another user: 404, nothing stored', async () => {
      const me = await newUser();
      const other = await newUser();
      const theirs = await other.folder({ name: 'Theirs' });
      expectError(await uploadFile(me, NETSCAPE, { folderId: theirs.id }), 404, 'not_found');
      await nothingStored();
    });

    it('a JSON body instead of a form: 415', async () => {
      const me = await newUser();
      expectError(await me.post('/api/imports', { file: NETSCAPE }), 415);
    });

    it('a file over 100 MB: 413 payload_too_large, read as a stream and dropped', async () => {
      const me = await newUser();
      const piece = Buffer.alloc(1024 * 1024, 0x61);
      function* big() {
        for (let i = 0; i < 101; i += 1) yield piece;
      }
      const res = await uploadFile(me, Readable.from(big()));
      expectError(res, 413, 'payload_too_large');
      expect(res.json().error.message).toBe('The file is larger than 100 MB');
      await nothingStored();
    });

    it('without a token: 401; with an assistant token (read-only): 403 on every import route', async () => {
      const anonymous = clientFor(ctx.app, null);
      expectError(await uploadFile(anonymous, NETSCAPE), 401, 'unauthenticated');
      expectError(await anonymous.get('/api/imports'), 401, 'unauthenticated');
      const session = await signUp(ctx.app);
      const token = await mintOAuthToken(ctx.database, {
        userId: session.user.id,
        scopes: ['read:folders', 'read:links'],
        audience: null,
      });
      const assistant = clientFor(ctx.app, { access_token: token });
      expectError(await uploadFile(assistant, NETSCAPE), 403, 'insufficient_scope');
      expectError(await assistant.get('/api/imports'), 403, 'insufficient_scope');
      await nothingStored();
    });
  });

  it("another user's import is not found on every route, and never listed", async () => {
    const me = await newUser();
    const other = await newUser();
    const theirs = await imported(other, NETSCAPE);
    for (const res of [
      await me.get(`/api/imports/${theirs.id}`),
      await me.get(`/api/imports/${theirs.id}/skipped`),
      await me.delete(`/api/imports/${theirs.id}`),
    ]) {
      expectError(res, 404, 'not_found');
    }
    expect((await me.get('/api/imports')).json()).toEqual({ items: [] });
    expect((await other.get(`/api/imports/${theirs.id}`)).json().status).toBe('done');
  });

  it('lists imports newest first', async () => {
    const me = await newUser();
    const first = await imported(me, NETSCAPE);
    const second = await imported(me, NETSCAPE);
    expect((await me.get('/api/imports')).json().items.map((i: Import) => i.id)).toEqual([
      second.id,
      first.id,
    ]);
  });

  it('cancels a queued import: it never runs, and its file is dropped', async () => {
    const me = await newUser();
    const res = await uploadFile(me, NETSCAPE);
    const cancelled = await me.delete(`/api/imports/${res.json().id}`);
    expect(cancelled.statusCode).toBe(202);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', created: 0 });
    await runImports();
    expect((await me.get(`/api/imports/${res.json().id}`)).json().status).toBe('cancelled');
    expect(await linksOf(me)).toEqual([]);
    expect(
      await ctx.database.db
        .selectFrom('import_chunks')
        .select('seq')
        .where('import_id', '=', res.json().id)
        .execute(),
    ).toEqual([]);
    // Cancelling an import that has ended changes nothing.
    expect((await me.delete(`/api/imports/${res.json().id}`)).json().status).toBe('cancelled');
  });
});
