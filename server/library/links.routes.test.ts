import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Link } from '../../contracts/index.js';
import {
  type Client,
  allPages,
  clientFor,
  expectError,
  expectNewestFirst,
  expectNotFound,
  tick,
} from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { FoldersService } from './folders.service.js';

describe('links', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));
  const ids = (res: { json(): { items: { id: string }[] } }) => res.json().items.map((l) => l.id);

  const jobOf = (linkId: string) =>
    ctx.database.db.selectFrom('link_ingest_jobs').selectAll().where('link_id', '=', linkId).execute();
  const rowOf = (linkId: string) =>
    ctx.database.db.selectFrom('links').selectAll().where('id', '=', linkId).executeTakeFirstOrThrow();
  /** Marks a link as enriched and its job as done, as a worker would, so a re-queue is visible. */
  const markEnriched = async (linkId: string) => {
    await ctx.database.db
      .updateTable('link_ingest_jobs')
      .set({ status: 'success', scheduled_at: '2020-01-01T00:00:00.000Z', attempts: 1 })
      .where('link_id', '=', linkId)
      .execute();
    await ctx.database.db
      .updateTable('links')
      .set({ enrichment_status: 'enriched' })
      .where('id', '=', linkId)
      .execute();
  };
  const expectQueuedJob = async (linkId: string, userId: string, since: number) => {
    const jobs = await jobOf(linkId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ link_id: linkId, user_id: userId, status: 'queued' });
    const scheduled = Date.parse(jobs[0]?.scheduled_at ?? '');
    expect(scheduled).toBeGreaterThanOrEqual(since - 1000);
    expect(scheduled).toBeLessThanOrEqual(Date.now() + 1000);
  };

  describe('POST /api/links', () => {
    it('saves a link: 201, derived title, queued, and a queued job row written with it', async () => {
      const session = await signUp(ctx.app);
      const me = clientFor(ctx.app, session);
      const before = Date.now();
      const res = await me.post('/api/links', { url: 'https://www.example.com/x' });
      expect(res.statusCode, res.body).toBe(201);
      const link = res.json();
      expect(link).toEqual({
        id: expect.any(String),
        url: 'https://www.example.com/x',
        title: 'Example.com',
        description: null,
        folderId: null,
        favicon: null,
        createdAt: expect.any(String),
        summaryShort: null,
        summaryLong: null,
        keyPoints: [],
        highlights: [],
        tags: [],
        ogTitle: null,
        ogDescription: null,
        ogImageUrl: null,
        lastProcessedAt: null,
        snippetCount: 0,
        platform: 'generic',
        platformMetadata: {},
        extractionMethod: null,
        enrichmentStatus: 'queued',
        enrichmentAttempts: 0,
        enrichmentRetryAt: null,
        enrichmentError: null,
        state: 'unread',
        favorite: false,
        readingProgress: 0,
        contentAvailable: false,
        availability: 'unknown',
        checkedAt: null,
        shared: false,
      });
      expect(Date.parse(link.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      await expectQueuedJob(link.id, session.user.id, before);
      expect((await me.get(`/api/links/${link.id}`)).json()).toEqual(link);
    });

    it.each([
      { url: 'https://www.example.com/x', title: undefined, expected: 'Example.com' },
      { url: 'http://news.ycombinator.com/item?id=1', title: '', expected: 'News.ycombinator.com' },
      { url: 'https://WWW.Wikipedia.org/', title: '   ', expected: 'Wikipedia.org' },
      { url: 'https://example.com/', title: '  My own title ', expected: 'My own title' },
    ])('titles $url given $title as $expected', async ({ url, title, expected }) => {
      const me = await newUser();
      expect((await me.link({ url, ...(title !== undefined && { title }) })).title).toBe(expected);
    });

    it.each([
      {
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        platform: 'youtube',
        title: 'YouTube video',
        ogImageUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      },
      { url: 'https://x.com/nasa/status/1585327', platform: 'twitter', title: 'Post by @nasa on X' },
      { url: 'https://www.instagram.com/natgeo/', platform: 'instagram', title: '@natgeo on Instagram' },
      {
        url: 'https://www.linkedin.com/in/jane-doe-4b2a1c7/',
        platform: 'linkedin',
        title: 'Jane Doe on LinkedIn',
      },
    ])(
      'tells $platform from the URL at once, with a title and no fetch',
      async ({ url, platform, title, ogImageUrl = null }) => {
        const me = await newUser();
        const link = await me.link({ url });
        expect(link).toMatchObject({ platform, title, ogImageUrl, enrichmentStatus: 'queued' });
        expect(Object.keys(link.platformMetadata).length).toBeGreaterThan(0);
        // A title the person gave is theirs; the platform is the URL's all the same.
        expect(await me.link({ url: `${url}#again`, title: 'Mine', allowDuplicate: true })).toMatchObject({
          platform,
          title: 'Mine',
        });
      },
    );

    describe('a page already saved (API.md "Normalized URL")', () => {
      it('answers 409 conflict with the saved link, writes nothing, and saves it with allowDuplicate', async () => {
        const me = await newUser();
        const saved = await me.link({ url: 'https://Example.com/post/?id=7#top' });
        const jobsBefore = await ctx.database.db.selectFrom('link_ingest_jobs').select('id').execute();

        const again = await me.post('/api/links', {
          url: 'https://example.com:443/post?utm_source=newsletter&id=7&fbclid=abc',
        });
        expect(again.statusCode, again.body).toBe(409);
        expect(again.json()).toEqual({
          error: { code: 'conflict', message: 'Already in your vault', details: { link: saved } },
        });
        expect(await ctx.database.db.selectFrom('link_ingest_jobs').select('id').execute()).toHaveLength(
          jobsBefore.length,
        );
        expect((await me.get('/api/links')).json().items).toHaveLength(1);

        const anyway = await me.post('/api/links', {
          url: 'https://example.com/post?id=7',
          allowDuplicate: true,
        });
        expect(anyway.statusCode, anyway.body).toBe(201);
        expect((await me.get('/api/links')).json().items).toHaveLength(2);
        // The newest copy is the one a later duplicate is answered with.
        const third = await me.post('/api/links', { url: 'https://example.com/post?id=7' });
        expect(third.json().error.details.link.id).toBe(anyway.json().id);
      });

      it('tells pages apart by their other query parameters, and users apart', async () => {
        const me = await newUser();
        const other = await newUser();
        await me.link({ url: 'https://example.com/list?page=1' });
        expect((await me.post('/api/links', { url: 'https://example.com/list?page=2' })).statusCode).toBe(
          201,
        );
        expect((await other.post('/api/links', { url: 'https://example.com/list?page=1' })).statusCode).toBe(
          201,
        );
      });

      it('saves one of two copies of a page sent together, and answers the other 409 with it', async () => {
        const me = await newUser();
        const [a, b] = await Promise.all([
          me.post('/api/links', { url: 'https://example.com/twice' }),
          me.post('/api/links', { url: 'https://example.com/twice/' }),
        ]);
        expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409]);
        const created = [a, b].find((r) => r?.statusCode === 201)?.json();
        const refused = [a, b].find((r) => r?.statusCode === 409)?.json();
        expect(refused.error.details.link.id).toBe(created.id);
      });
    });

    it('keeps a description, and stores a blank one as null', async () => {
      const me = await newUser();
      expect((await me.link({ description: 'Worth reading' })).description).toBe('Worth reading');
      expect((await me.link({ description: '  ' })).description).toBeNull();
      expect((await me.link({ description: null })).description).toBeNull();
    });

    it("saves into one of the user's folders", async () => {
      const me = await newUser();
      const folder = await me.folder();
      const link = await me.link({ folderId: folder.id });
      expect(link.folderId).toBe(folder.id);
      expect((await me.get('/api/folders')).json().items[0].linkCount).toBe(1);
      expect((await me.link({ folderId: null })).folderId).toBeNull();
    });

    it('answers 404 for a folder that does not exist and writes nothing', async () => {
      const me = await newUser();
      expectNotFound(
        await me.post('/api/links', { url: 'https://example.com/', folderId: 'no-such-folder' }),
      );
      expect(ids(await me.get('/api/links'))).toEqual([]);
    });

    it('writes saves sent together (one batch) each with its own job row and count', async () => {
      const session = await signUp(ctx.app);
      const me = clientFor(ctx.app, session);
      const other = await newUser();
      const folder = await me.folder();
      const before = Date.now();
      const saves = await Promise.all([
        ...Array.from({ length: 20 }, (_, i) =>
          me.post('/api/links', { url: `https://together.example/${i}`, folderId: folder.id }),
        ),
        other.post('/api/links', { url: 'https://together.example/other' }),
      ]);
      expect(saves.map((res) => res.statusCode)).toEqual(saves.map(() => 201));
      const mine = saves.slice(0, 20).map((res) => res.json<Link>());
      expect(new Set(mine.map((link) => link.id)).size).toBe(20);
      for (const link of mine) await expectQueuedJob(link.id, session.user.id, before);
      expect((await me.get('/api/folders')).json().items[0].linkCount).toBe(20);
      const listed: Link[] = (await me.get('/api/links?limit=50')).json().items;
      expect(listed.map((link) => link.url).sort()).toEqual(mine.map((link) => link.url).sort());
      expect(ids(await other.get('/api/links'))).toEqual([saves[20]?.json().id]);
    });

    it("answers 404 to a save into another user's folder sent with others, which land", async () => {
      const me = await newUser();
      const other = await newUser();
      const [mine, theirs] = [await me.folder(), await other.folder()];
      const [intoTheirs, intoMine, uncategorized] = await Promise.all([
        me.post('/api/links', { url: 'https://mixed.example/theirs', folderId: theirs.id }),
        me.post('/api/links', { url: 'https://mixed.example/mine', folderId: mine.id }),
        me.post('/api/links', { url: 'https://mixed.example/none' }),
      ]);
      expectNotFound(intoTheirs);
      expect([intoMine.statusCode, uncategorized.statusCode]).toEqual([201, 201]);
      const listed: Link[] = (await me.get('/api/links')).json().items;
      expect(listed.map((link) => link.url).sort()).toEqual([
        'https://mixed.example/mine',
        'https://mixed.example/none',
      ]);
      expect((await other.get(`/api/links?folderId=${theirs.id}`)).json().items).toEqual([]);
    });

    it("answers 404 Folder not found when the folder goes between the batch's check and its insert", async () => {
      const me = await newUser();
      const doomed = await me.folder();
      // The deletion lands exactly in the gap: after the ownership read, before the transaction, whose
      // insert then breaks the foreign key (a batch of one is not retried: its error is the answer).
      const { keepOwned } = FoldersService.prototype as { keepOwned: FoldersService['keepOwned'] };
      const gap = vi.spyOn(FoldersService.prototype, 'keepOwned').mockImplementation(async function (
        this: FoldersService,
        links,
      ) {
        const owned = await keepOwned.call(this, links);
        await ctx.database.db.deleteFrom('folders').where('id', '=', doomed.id).execute();
        return owned;
      });
      const lost = await me.post('/api/links', { url: 'https://gap.example/lost', folderId: doomed.id });
      gap.mockRestore();
      expectNotFound(lost);
      expect(lost.json().error.message).toBe('Folder not found');
      expect((await me.get('/api/links')).json().items).toEqual([]);
    });

    it('answers 404 to a save whose folder is deleted meanwhile, and the saves beside it land', async () => {
      const me = await newUser();
      const [doomed, kept] = [await me.folder(), await me.folder()];
      const [racing, deletion, beside] = await Promise.all([
        me.post('/api/links', { url: 'https://race.example/', folderId: doomed.id }),
        me.delete(`/api/folders/${doomed.id}`),
        me.post('/api/links', { url: 'https://race.example/beside', folderId: kept.id }),
      ]);
      expect(deletion.statusCode).toBe(204);
      expect(beside.statusCode, beside.body).toBe(201);
      const listed: Link[] = (await me.get('/api/links')).json().items;
      if (racing.statusCode === 201) {
        // Saved before the deletion: the deletion then made it uncategorized (SPEC.md §4).
        expect(listed.find((link) => link.id === racing.json().id)?.folderId).toBeNull();
      } else {
        expectNotFound(racing);
        expect(racing.json().error.message).toBe('Folder not found');
      }
      expect(listed.map((link) => link.url)).toContain('https://race.example/beside');
      expect(listed).toHaveLength(racing.statusCode === 201 ? 2 : 1);
    });
  });

  describe('GET /api/links', () => {
    it('lists newest first', async () => {
      const me = await newUser();
      const saved: Link[] = [];
      for (const host of ['one', 'two', 'three']) {
        saved.push(await me.link({ url: `https://${host}.example/` }));
        await tick();
      }
      const res = await me.get('/api/links');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: saved.reverse(), nextCursor: null });
    });

    it('filters by folder and by "uncategorized"', async () => {
      const me = await newUser();
      const [work, home] = [await me.folder({ name: 'Work' }), await me.folder({ name: 'Home' })];
      const atWork = await me.link({ url: 'https://work.example/', folderId: work.id });
      const atHome = await me.link({ url: 'https://home.example/', folderId: home.id });
      const loose = await me.link({ url: 'https://loose.example/' });

      expect(ids(await me.get(`/api/links?folderId=${work.id}`))).toEqual([atWork.id]);
      expect(ids(await me.get(`/api/links?folderId=${home.id}`))).toEqual([atHome.id]);
      expect(ids(await me.get('/api/links?folderId=uncategorized'))).toEqual([loose.id]);
      expect(ids(await me.get('/api/links')).sort()).toEqual([atWork.id, atHome.id, loose.id].sort());
    });

    it('pages with a cursor: no duplicates, no gaps, nextCursor null at the end', async () => {
      const me = await newUser();
      const folder = await me.folder();
      const saved: string[] = [];
      for (let i = 0; i < 7; i += 1) saved.push((await me.link({ url: `https://p${i}.example/` })).id);
      for (let i = 0; i < 2; i += 1) await me.link({ url: `https://f${i}.example/`, folderId: folder.id });

      const { items, pages } = await allPages<Link>(me, '/api/links?folderId=uncategorized', 3);
      expect(pages).toBe(3);
      expect(items.map((l) => l.id).sort()).toEqual([...saved].sort());
      expect(new Set(items.map((l) => l.id)).size).toBe(7);
      expectNewestFirst(items);

      const everything = await allPages<Link>(me, '/api/links', 3);
      expect(everything.items).toHaveLength(9);
      expect(new Set(everything.items.map((l) => l.id)).size).toBe(9);
      expectNewestFirst(everything.items);
    });

    it('gives an exact last page a null nextCursor', async () => {
      const me = await newUser();
      for (let i = 0; i < 4; i += 1) await me.link({ url: `https://exact${i}.example/` });
      const first = (await me.get('/api/links?limit=2')).json();
      expect(first.items).toHaveLength(2);
      const second = (await me.get(`/api/links?limit=2&cursor=${first.nextCursor}`)).json();
      expect(second.items).toHaveLength(2);
      expect(second.nextCursor).toBeNull();
    });

    describe('?q=', () => {
      let me: Client;
      const saved: Record<string, string> = {};
      beforeAll(async () => {
        me = await newUser();
        const make = async (key: string, body: Record<string, unknown>) => {
          saved[key] = (await me.link(body)).id;
        };
        await make('rust', { url: 'https://rust-lang.org/learn', title: 'Rust Programming' });
        await make('pasta', {
          url: 'https://food.example/pasta',
          title: 'Cooking',
          description: 'Fresh PASTA recipes',
        });
        await make('literal', { url: 'https://shop.example/deal', title: 'Now 50% off_sale' });
        await make('lookalike', { url: 'https://shop.example/other', title: 'Now 50 percent offXsale' });
        await make('umlaut', { url: 'https://de.example/', title: 'Über Straßen' });
      });

      it.each([
        { q: 'RUST', expected: ['rust'], why: 'upper case finds title and url' },
        { q: 'rust-LANG', expected: ['rust'], why: 'the url alone' },
        { q: 'recipes', expected: ['pasta'], why: 'the description alone' },
        { q: 'pAsTa', expected: ['pasta'], why: 'url and description, mixed case' },
        { q: 'ru', expected: ['rust'], why: 'two characters' },
        { q: 'Pa', expected: ['pasta'], why: 'two characters, other case' },
        { q: 'K', expected: ['pasta'], why: 'one character, other case' },
        { q: '50%', expected: ['literal'], why: '% is literal' },
        { q: 'f_s', expected: ['literal'], why: '_ is literal' },
        { q: '%', expected: ['literal'], why: 'a lone %' },
        { q: '_', expected: ['literal'], why: 'a lone _' },
        { q: 'über', expected: ['umlaut'], why: 'non-ASCII, other case' },
        { q: '  rust  ', expected: ['rust'], why: 'surrounding spaces are ignored' },
        { q: 'nothing-like-this', expected: [], why: 'no match' },
      ])('$q finds $expected ($why)', async ({ q, expected }) => {
        const res = await me.get(`/api/links?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(ids(res).sort()).toEqual(expected.map((k) => saved[k]).sort());
      });

      /** Under a trigram SQLite scans with LIKE, which alone would fold only ASCII letters ('üb' vs 'Über'). */
      it('folds non-ASCII case in queries under three characters', async () => {
        expect(ids(await me.get(`/api/links?q=${encodeURIComponent('üb')}`))).toEqual([saved.umlaut]);
      });

      it('combines with the folder filter and paging', async () => {
        const folder = await me.folder();
        const inFolder = await me.link({ url: 'https://rust.example/book', folderId: folder.id });
        expect(ids(await me.get(`/api/links?q=rust&folderId=${folder.id}`))).toEqual([inFolder.id]);
        const { items } = await allPages<Link>(me, '/api/links?q=rust', 1);
        expect(items.map((l) => l.id).sort()).toEqual([saved.rust, inFolder.id].sort());
      });
    });

    it('finds the saved copies of a page with ?url=, whatever the fragment or trailing slash', async () => {
      const me = await newUser();
      const plain = await me.link({ url: 'https://docs.example/guide/intro' });
      const slashed = await me.link({ url: 'https://docs.example/guide/intro/', allowDuplicate: true });
      const other = await me.link({ url: 'https://docs.example/guide/outro' });
      for (const url of [
        'https://docs.example/guide/intro',
        'https://docs.example/guide/intro/',
        'https://docs.example/guide/intro#section-2',
        'https://DOCS.example/guide/intro/#top',
      ]) {
        const res = await me.get(`/api/links?url=${encodeURIComponent(url)}`);
        expect(ids(res).sort(), url).toEqual([plain.id, slashed.id].sort());
      }
      expect(ids(await me.get('/api/links?url=https%3A%2F%2Fdocs.example%2Fguide%2Foutro'))).toEqual([
        other.id,
      ]);
      expect(ids(await me.get('/api/links?url=https%3A%2F%2Fdocs.example%2Fguide'))).toEqual([]);
    });
  });

  describe('PATCH /api/links/:id', () => {
    it('edits title, url and description', async () => {
      const me = await newUser();
      const link = await me.link({ url: 'https://old.example/', description: 'Old' });
      const res = await me.patch(`/api/links/${link.id}`, {
        title: 'New title',
        url: 'https://new.example/',
        description: 'New',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        ...link,
        title: 'New title',
        url: 'https://new.example/',
        description: 'New',
      });
      expect((await me.get(`/api/links/${link.id}`)).json()).toEqual(res.json());
      expect((await me.patch(`/api/links/${link.id}`, { description: null })).json().description).toBeNull();
    });

    it('moves a link between folders and back to uncategorized with folderId null', async () => {
      const me = await newUser();
      const [a, b] = [await me.folder({ name: 'A' }), await me.folder({ name: 'B' })];
      const link = await me.link({ folderId: a.id });

      expect((await me.patch(`/api/links/${link.id}`, { folderId: b.id })).json().folderId).toBe(b.id);
      expect(ids(await me.get(`/api/links?folderId=${b.id}`))).toEqual([link.id]);
      expect(ids(await me.get(`/api/links?folderId=${a.id}`))).toEqual([]);

      expect((await me.patch(`/api/links/${link.id}`, { folderId: null })).json().folderId).toBeNull();
      expect(ids(await me.get('/api/links?folderId=uncategorized'))).toEqual([link.id]);
    });

    it('changes nothing when moved to the folder it is already in', async () => {
      const me = await newUser();
      const folder = await me.folder();
      const link = await me.link({ folderId: folder.id });
      const loose = await me.link();
      const before = [await rowOf(link.id), await rowOf(loose.id)];
      await tick(10);

      const res = await me.patch(`/api/links/${link.id}`, { folderId: folder.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(link);
      expect((await me.patch(`/api/links/${loose.id}`, { folderId: null })).json()).toEqual(loose);
      expect((await me.patch(`/api/links/${link.id}`, { title: link.title, url: link.url })).json()).toEqual(
        link,
      );
      expect([await rowOf(link.id), await rowOf(loose.id)]).toEqual(before);
    });

    it('sets updated_at when something does change', async () => {
      const me = await newUser();
      const link = await me.link();
      const before = await rowOf(link.id);
      await tick(10);
      await me.patch(`/api/links/${link.id}`, { title: 'Changed' });
      expect((await rowOf(link.id)).updated_at > before.updated_at).toBe(true);
    });

    it('queues enrichment again when the url changes, and only then', async () => {
      const session = await signUp(ctx.app);
      const me = clientFor(ctx.app, session);
      const link = await me.link({ url: 'https://first.example/' });
      await markEnriched(link.id);

      await me.patch(`/api/links/${link.id}`, { title: 'Renamed' });
      expect((await jobOf(link.id))[0]?.status).toBe('success');

      const since = Date.now();
      const res = await me.patch(`/api/links/${link.id}`, { url: 'https://second.example/' });
      expect(res.json()).toMatchObject({ url: 'https://second.example/', enrichmentStatus: 'queued' });
      await expectQueuedJob(link.id, session.user.id, since);
      expect((await jobOf(link.id))[0]?.attempts).toBe(0);

      // The platform is the new URL's.
      const moved = await me.patch(`/api/links/${link.id}`, { url: 'https://youtu.be/dQw4w9WgXcQ' });
      expect(moved.json()).toMatchObject({
        platform: 'youtube',
        platformMetadata: { videoId: 'dQw4w9WgXcQ', kind: 'video' },
      });
    });

    it.each([
      { body: { title: '' }, why: 'an empty title' },
      { body: { title: '   ' }, why: 'a blank title' },
      { body: { url: '' }, why: 'an empty url' },
      { body: { url: 'javascript:alert(1)' }, why: 'a non-http url' },
    ])('refuses $why with 400 and keeps the link', async ({ body }) => {
      const me = await newUser();
      const link = await me.link();
      expectError(await me.patch(`/api/links/${link.id}`, body), 400, 'validation_failed');
      expect((await me.get(`/api/links/${link.id}`)).json()).toEqual(link);
    });

    it('answers 404 when moving to a folder that does not exist', async () => {
      const me = await newUser();
      const link = await me.link();
      expectNotFound(await me.patch(`/api/links/${link.id}`, { folderId: 'no-such-folder', title: 'T' }));
      expect((await me.get(`/api/links/${link.id}`)).json()).toEqual(link);
    });
  });

  describe('DELETE /api/links/:id', () => {
    it('answers 204, then 404 for the link, and removes its job', async () => {
      const me = await newUser();
      const link = await me.link();
      const kept = await me.link({ url: 'https://kept.example/' });
      const res = await me.delete(`/api/links/${link.id}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expectNotFound(await me.get(`/api/links/${link.id}`));
      expectNotFound(await me.delete(`/api/links/${link.id}`));
      expectNotFound(await me.patch(`/api/links/${link.id}`, { title: 'Ghost' }));
      expect(await jobOf(link.id)).toEqual([]);
      expect(ids(await me.get('/api/links'))).toEqual([kept.id]);
    });

    it('keeps the snippets of a deleted link, unattached', async () => {
      const me = await newUser();
      const link = await me.link({ url: 'https://quoted.example/' });
      const snippet = await me.snippet({ pageUrl: 'https://quoted.example/' });
      expect(snippet.linkId).toBe(link.id);
      await me.delete(`/api/links/${link.id}`);
      const [after] = (await me.get('/api/snippets')).json().items;
      expect(after).toMatchObject({ id: snippet.id, linkId: null });
    });
  });

  describe('POST /api/links/:id/enrich', () => {
    it('answers 202 and resets the link and its job to queued', async () => {
      const session = await signUp(ctx.app);
      const me = clientFor(ctx.app, session);
      const link = await me.link();
      await markEnriched(link.id);
      expect((await me.get(`/api/links/${link.id}`)).json().enrichmentStatus).toBe('enriched');

      const since = Date.now();
      const res = await me.post(`/api/links/${link.id}/enrich`);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ status: 'queued' });
      await expectQueuedJob(link.id, session.user.id, since);
      expect((await me.get(`/api/links/${link.id}`)).json().enrichmentStatus).toBe('queued');
    });

    it('answers 404 for an unknown link', async () => {
      const me = await newUser();
      expectNotFound(await me.post('/api/links/no-such-link/enrich'));
    });
  });
});
