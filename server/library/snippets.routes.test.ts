import { describe, expect, it } from 'vitest';
import { type Link, SNIPPET_COLORS, type Snippet } from '../../contracts/index.js';
import { allPages, clientFor, expectError, expectNewestFirst, expectNotFound, tick } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';

describe('snippets', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));

  describe('POST /api/snippets', () => {
    it('creates a snippet: 201 Snippet, yellow by default, with every field kept', async () => {
      const session = await signUp(ctx.app);
      const me = clientFor(ctx.app, session);
      const positionData = { start: { node: '/p[2]', offset: 3 }, end: { node: '/p[2]', offset: 40 } };
      const res = await me.post('/api/snippets', {
        pageUrl: 'https://article.example/post',
        selectedText: 'A quotable sentence.',
        pageTitle: 'An article',
        contextBefore: 'Before.',
        contextAfter: 'After.',
        note: 'Remember this',
        positionData,
      });
      expect(res.statusCode, res.body).toBe(201);
      const snippet = res.json();
      expect(snippet).toEqual({
        id: expect.any(String),
        userId: session.user.id,
        linkId: null,
        pageUrl: 'https://article.example/post',
        pageTitle: 'An article',
        selectedText: 'A quotable sentence.',
        contextBefore: 'Before.',
        contextAfter: 'After.',
        note: 'Remember this',
        color: 'yellow',
        positionData,
        createdAt: expect.any(String),
        updatedAt: snippet.createdAt,
      });
      expect((await me.get('/api/snippets')).json().items).toEqual([snippet]);
    });

    it('leaves the optional fields null', async () => {
      const me = await newUser();
      const snippet = await me.snippet({ selectedText: 'Only text' });
      expect(snippet).toMatchObject({
        pageTitle: null,
        contextBefore: null,
        contextAfter: null,
        note: null,
        positionData: null,
        linkId: null,
      });
    });

    it.each(SNIPPET_COLORS)('accepts the colour %s', async (color) => {
      const me = await newUser();
      expect((await me.snippet({ color })).color).toBe(color);
    });

    it.each(['red', 'orange', 'Yellow', ''])('refuses the colour %j with 400', async (color) => {
      const me = await newUser();
      expectError(
        await me.post('/api/snippets', { pageUrl: 'https://x.example/', selectedText: 'x', color }),
        400,
        'validation_failed',
      );
      expect((await me.get('/api/snippets')).json().items).toEqual([]);
    });

    it('attaches to a saved link of the same page, which then counts it', async () => {
      const me = await newUser();
      const link = await me.link({ url: 'https://saved.example/article/' });
      const snippet = await me.snippet({ pageUrl: 'https://saved.example/article#para-3' });
      expect(snippet.linkId).toBe(link.id);
      expect((await me.get(`/api/links/${link.id}`)).json().snippetCount).toBe(1);
      await me.snippet({ pageUrl: 'https://saved.example/article' });
      await me.snippet({ pageUrl: 'https://saved.example/elsewhere' });
      expect((await me.get(`/api/links/${link.id}`)).json().snippetCount).toBe(2);
      expect((await me.get('/api/links')).json().items[0].snippetCount).toBe(2);
    });

    it('attaches earlier snippets when their page is saved later', async () => {
      const me = await newUser();
      const early = await me.snippet({ pageUrl: 'https://later.example/read' });
      const unrelated = await me.snippet({ pageUrl: 'https://other.example/read' });
      expect(early.linkId).toBeNull();

      const link = await me.link({ url: 'https://later.example/read/' });
      expect(link.snippetCount).toBe(1);
      const items: Snippet[] = (await me.get('/api/snippets')).json().items;
      expect(items.find((s) => s.id === early.id)?.linkId).toBe(link.id);
      expect(items.find((s) => s.id === unrelated.id)?.linkId).toBeNull();
    });

    it('attaches earlier snippets to one of the saves of their page sent together, per user', async () => {
      const me = await newUser();
      const other = await newUser();
      const mine = await me.snippet({ pageUrl: 'https://together.example/read' });
      const theirs = await other.snippet({ pageUrl: 'https://together.example/read' });
      const saves = await Promise.all([
        me.post('/api/links', { url: 'https://together.example/read' }),
        me.post('/api/links', { url: 'https://together.example/read#again', allowDuplicate: true }),
        other.post('/api/links', { url: 'https://together.example/read/' }),
        me.post('/api/links', { url: 'https://together.example/elsewhere' }),
      ]);
      const [once, twice, others, elsewhere] = saves.map((res) => res.json<Link>());
      // Whichever of the two reached the database first gets it, as if they had been sent one by one.
      const joined = [once, twice].find((link) => link?.snippetCount === 1);
      expect([once, twice].map((link) => link?.snippetCount).sort()).toEqual([0, 1]);
      expect([others, elsewhere].map((link) => link?.snippetCount)).toEqual([1, 0]);
      const mineNow: Snippet[] = (await me.get('/api/snippets')).json().items;
      expect(mineNow.find((s) => s.id === mine.id)?.linkId).toBe(joined?.id);
      const theirsNow: Snippet[] = (await other.get('/api/snippets')).json().items;
      expect(theirsNow.find((s) => s.id === theirs.id)?.linkId).toBe(others?.id);
    });

    it('attaches to the link given as linkId, whatever the page', async () => {
      const me = await newUser();
      const link = await me.link({ url: 'https://chosen.example/' });
      const snippet = await me.snippet({ pageUrl: 'https://somewhere-else.example/', linkId: link.id });
      expect(snippet.linkId).toBe(link.id);
      expect((await me.get(`/api/links/${link.id}`)).json().snippetCount).toBe(1);
    });

    it('answers 404 for a linkId that does not exist and writes nothing', async () => {
      const me = await newUser();
      expectNotFound(
        await me.post('/api/snippets', { pageUrl: 'https://x.example/', selectedText: 'x', linkId: 'nope' }),
      );
      expect((await me.get('/api/snippets')).json().items).toEqual([]);
    });
  });

  describe('GET /api/snippets', () => {
    it('lists newest first and pages with a cursor', async () => {
      const me = await newUser();
      const created: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        created.push((await me.snippet({ selectedText: `Snippet ${i}` })).id);
        await tick(2);
      }
      const firstPage = (await me.get('/api/snippets')).json();
      expect(firstPage.items.map((s: Snippet) => s.id)).toEqual([...created].reverse());
      expect(firstPage.nextCursor).toBeNull();

      const { items, pages } = await allPages<Snippet>(me, '/api/snippets', 2);
      expect(pages).toBe(3);
      expect(items.map((s) => s.id)).toEqual([...created].reverse());
      expectNewestFirst(items);
    });

    it('filters by linkId', async () => {
      const me = await newUser();
      const link = await me.link({ url: 'https://filter.example/' });
      const attached = await me.snippet({ pageUrl: 'https://filter.example/' });
      await me.snippet({ pageUrl: 'https://unrelated.example/' });
      const res = await me.get(`/api/snippets?linkId=${link.id}`);
      expect(res.json().items.map((s: Snippet) => s.id)).toEqual([attached.id]);
    });

    it('finds the highlights of a page with ?pageUrl=, whatever the fragment or trailing slash', async () => {
      const me = await newUser();
      const first = await me.snippet({ pageUrl: 'https://Docs.example/guide/#intro', selectedText: 'one' });
      await tick(2);
      const second = await me.snippet({ pageUrl: 'https://docs.example/guide', selectedText: 'two' });
      await me.snippet({ pageUrl: 'https://docs.example/guide?page=2', selectedText: 'other page' });
      const other = await newUser();
      await other.snippet({ pageUrl: 'https://docs.example/guide', selectedText: 'not mine' });

      const res = await me.get(`/api/snippets?pageUrl=${encodeURIComponent('https://docs.example/guide/')}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.map((s: Snippet) => s.id)).toEqual([second.id, first.id]);
      expect((await me.get('/api/snippets?pageUrl=https%3A%2F%2Fdocs.example%2F')).json().items).toEqual([]);
    });
  });

  describe('PATCH /api/snippets/:id', () => {
    it('sets the note and updatedAt', async () => {
      const me = await newUser();
      const snippet = await me.snippet();
      await tick(10);
      const res = await me.patch(`/api/snippets/${snippet.id}`, { note: 'My thoughts' });
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json();
      expect(updated).toEqual({ ...snippet, note: 'My thoughts', updatedAt: expect.any(String) });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(snippet.updatedAt));
      expect((await me.get('/api/snippets')).json().items).toEqual([updated]);
    });

    it('clears the note with null', async () => {
      const me = await newUser();
      const snippet = await me.snippet({ note: 'Old note' });
      expect((await me.patch(`/api/snippets/${snippet.id}`, { note: null })).json().note).toBeNull();
    });

    it.each([
      { body: {}, why: 'no note' },
      { body: { note: 5 }, why: 'a number' },
      { body: { note: 'x', color: 'blue' }, why: 'a field that cannot be edited' },
    ])('refuses $why with 400', async ({ body }) => {
      const me = await newUser();
      const snippet = await me.snippet({ note: 'Kept' });
      expectError(await me.patch(`/api/snippets/${snippet.id}`, body), 400, 'validation_failed');
      expect((await me.get('/api/snippets')).json().items).toEqual([snippet]);
    });
  });

  describe('DELETE /api/snippets/:id', () => {
    it('answers 204, then 404, and the link stops counting it', async () => {
      const me = await newUser();
      const link = await me.link({ url: 'https://counted.example/' });
      const snippet = await me.snippet({ pageUrl: 'https://counted.example/' });
      const res = await me.delete(`/api/snippets/${snippet.id}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expectNotFound(await me.delete(`/api/snippets/${snippet.id}`));
      expectNotFound(await me.patch(`/api/snippets/${snippet.id}`, { note: 'Ghost' }));
      expect((await me.get('/api/snippets')).json().items).toEqual([]);
      expect((await me.get(`/api/links/${link.id}`)).json().snippetCount).toBe(0);
    });
  });
});
