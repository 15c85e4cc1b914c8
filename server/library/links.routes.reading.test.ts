import { describe, expect, it } from 'vitest';
import type { Link } from '../../contracts/index.js';
import { allPages, clientFor, expectError, expectNewestFirst, expectNotFound } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';

/** API.md "Reading, organising and finding": reading states, favourites and reading progress. */
describe('links: reading states', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));
  const ids = (res: { json(): { items: { id: string }[] } }) => res.json().items.map((l) => l.id);

  describe('PATCH /api/links/:id', () => {
    it('sets the state, the favourite mark and the reading progress, and keeps them', async () => {
      const me = await newUser();
      const link = await me.link();
      expect(link).toMatchObject({ state: 'unread', favorite: false, readingProgress: 0 });

      const res = await me.patch(`/api/links/${link.id}`, {
        state: 'archived',
        favorite: true,
        readingProgress: 0.4,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ state: 'archived', favorite: true, readingProgress: 0.4 });
      expect(res.json().title).toBe(link.title);
      expect((await me.get(`/api/links/${link.id}`)).json()).toEqual(res.json());

      const back = await me.patch(`/api/links/${link.id}`, { state: 'unread', favorite: false });
      expect(back.json()).toMatchObject({ state: 'unread', favorite: false, readingProgress: 0.4 });
    });

    it('marks an unread link read when it is read to the end, and leaves a chosen state alone', async () => {
      const me = await newUser();
      const unread = await me.link();
      expect((await me.patch(`/api/links/${unread.id}`, { readingProgress: 1 })).json()).toMatchObject({
        state: 'read',
        readingProgress: 1,
      });

      const archived = await me.link();
      await me.patch(`/api/links/${archived.id}`, { state: 'archived' });
      expect((await me.patch(`/api/links/${archived.id}`, { readingProgress: 1 })).json().state).toBe(
        'archived',
      );

      const keptUnread = await me.link();
      const res = await me.patch(`/api/links/${keptUnread.id}`, { readingProgress: 1, state: 'unread' });
      expect(res.json()).toMatchObject({ state: 'unread', readingProgress: 1 });
    });

    it('refuses states, marks and progress outside the contract, and changes nothing', async () => {
      const me = await newUser();
      const link = await me.link();
      for (const body of [
        { state: 'done' },
        { state: null },
        { favorite: 'yes' },
        { favorite: 1 },
        { readingProgress: 1.5 },
        { readingProgress: -0.1 },
        { readingProgress: '0.5' },
        { readingProgress: null },
      ]) {
        expectError(await me.patch(`/api/links/${link.id}`, body), 400, 'validation_failed');
      }
      expect((await me.get(`/api/links/${link.id}`)).json()).toEqual(link);
    });

    it("answers 404 for another person's link and leaves it as it was", async () => {
      const me = await newUser();
      const other = await newUser();
      const theirs = await other.link();
      expectNotFound(await me.patch(`/api/links/${theirs.id}`, { favorite: true, state: 'read' }));
      expect((await other.get(`/api/links/${theirs.id}`)).json()).toMatchObject({
        favorite: false,
        state: 'unread',
      });
    });
  });

  describe('GET /api/links?state=&favorite=', () => {
    it('lists only the links in a state, or only favourites, newest first and paged', async () => {
      const me = await newUser();
      const other = await newUser();
      const folder = await me.folder();
      const saved: Link[] = [];
      for (let i = 0; i < 9; i += 1) saved.push(await me.link(i % 2 ? { folderId: folder.id } : {}));
      const mark = async (i: number, body: object) =>
        expect((await me.patch(`/api/links/${saved[i]?.id}`, body)).statusCode).toBe(200);
      for (const i of [0, 3, 6]) await mark(i, { state: 'archived' });
      for (const i of [1, 4]) await mark(i, { state: 'read' });
      for (const i of [1, 3, 7]) await mark(i, { favorite: true });
      const theirs = await other.link();
      await other.patch(`/api/links/${theirs.id}`, { favorite: true, state: 'archived' });
      const idsOf = (...indexes: number[]) => indexes.map((i) => saved[i]?.id).reverse();

      const archived = await allPages<Link>(me, '/api/links?state=archived', 2);
      expect(archived.items.map((l) => l.id)).toEqual(idsOf(0, 3, 6));
      expectNewestFirst(archived.items);
      expect(ids(await me.get('/api/links?state=read'))).toEqual(idsOf(1, 4));
      expect(ids(await me.get('/api/links?state=unread'))).toEqual(idsOf(2, 5, 7, 8));
      const favourites = await allPages<Link>(me, '/api/links?favorite=true', 2);
      expect(favourites.items.map((l) => l.id)).toEqual(idsOf(1, 3, 7));
      expect(ids(await me.get('/api/links?favorite=false'))).toEqual(idsOf(0, 2, 4, 5, 6, 8));

      expect(ids(await me.get(`/api/links?favorite=true&folderId=${folder.id}`))).toEqual(idsOf(1, 3, 7));
      expect(ids(await me.get('/api/links?favorite=true&state=archived'))).toEqual(idsOf(3));
      expect(ids(await me.get('/api/links?state=unread&folderId=uncategorized'))).toEqual(idsOf(2, 8));
      const title = saved[5]?.title.slice(0, 8) ?? '';
      expect(ids(await me.get(`/api/links?state=unread&q=${encodeURIComponent(title)}`))).toContain(
        saved[5]?.id,
      );
    });

    it('refuses a state or a mark the API does not name', async () => {
      const me = await newUser();
      expectError(await me.get('/api/links?state=done'), 400, 'validation_failed');
      expectError(await me.get('/api/links?favorite=yes'), 400, 'validation_failed');
      expectError(await me.get('/api/links?favorite='), 400, 'validation_failed');
      expectError(await me.get('/api/links?availability=gone'), 400, 'validation_failed');
    });
  });

  describe('GET /api/search with reading marks', () => {
    it('finds only links with those marks, and no folders or snippets', async () => {
      const me = await newUser();
      await me.folder({ name: 'Gardening' });
      await me.snippet({ selectedText: 'Gardening at dawn' });
      const kept = await me.link({ url: 'https://example.com/a', title: 'Gardening in winter' });
      await me.link({ url: 'https://example.com/b', title: 'Gardening in spring' });
      await me.patch(`/api/links/${kept.id}`, { favorite: true });

      const all = (await me.get('/api/search?q=gardening')).json();
      expect(all.links).toHaveLength(2);
      expect(all.folders).toHaveLength(1);
      expect(all.snippets).toHaveLength(1);

      const favourites = (await me.get('/api/search?q=gardening&favorite=true')).json();
      expect(favourites).toEqual({
        folders: [],
        links: [expect.objectContaining({ id: kept.id })],
        snippets: [],
      });
      expect((await me.get('/api/search?q=gardening&state=archived')).json().links).toEqual([]);
      expectError(await me.get('/api/search?q=gardening&state=gone'), 400, 'validation_failed');
    });
  });
});
