import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Link } from '../../contracts/index.js';
import { type Client, clientFor, expectError, expectNotFound, snapshot } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';

/** API.md POST /api/links/bulk: one action on many links, all or nothing. */
describe('POST /api/links/bulk', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));
  const bulk = (me: Client, body: Record<string, unknown>) => me.post('/api/links/bulk', body);
  const linkOf = async (me: Client, id: string) => (await me.get(`/api/links/${id}`)).json<Link>();

  it('moves links into a folder and back to uncategorized, and the counts follow', async () => {
    const me = await newUser();
    const folder = await me.folder();
    const [a, b, c] = [await me.link(), await me.link(), await me.link()];
    const res = await bulk(me, { ids: [a.id, b.id], action: 'move', folderId: folder.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect((await linkOf(me, a.id)).folderId).toBe(folder.id);
    expect((await linkOf(me, c.id)).folderId).toBeNull();
    expect((await me.get('/api/stats')).json()).toMatchObject({
      uncategorized: 1,
      folders: { [folder.id]: 2 },
    });
    await bulk(me, { ids: [a.id], action: 'move', folderId: null });
    expect((await linkOf(me, a.id)).folderId).toBeNull();
    expect((await me.get('/api/stats')).json().folders[folder.id]).toBe(1);
  });

  it('tags and untags, keeping each link’s other tags, and counts a repeated id once', async () => {
    const me = await newUser();
    const [a, b] = [await me.link(), await me.link()];
    await me.patch(`/api/links/${a.id}`, { tags: ['old', 'Shared'] });
    const tagged = await bulk(me, { ids: [a.id, b.id, a.id], action: 'tag', tags: ['shared', 'new'] });
    expect(tagged.json()).toEqual({ updated: 2 });
    expect((await linkOf(me, a.id)).tags).toEqual(['old', 'Shared', 'new']);
    expect((await linkOf(me, b.id)).tags).toEqual(['shared', 'new']);
    expect((await me.get('/api/tags')).json().items).toEqual([
      { name: 'new', count: 2 },
      { name: 'Shared', count: 2 },
      { name: 'old', count: 1 },
    ]);

    await bulk(me, { ids: [a.id, b.id], action: 'untag', tags: ['SHARED', 'absent'] });
    expect((await linkOf(me, a.id)).tags).toEqual(['old', 'new']);
    expect((await linkOf(me, b.id)).tags).toEqual(['new']);
    expect((await me.get('/api/links?tag=shared')).json().items).toEqual([]);
  });

  it('marks a state and the favourite, and queues enrichment again', async () => {
    const me = await newUser();
    const [a, b] = [await me.link(), await me.link()];
    await bulk(me, { ids: [a.id, b.id], action: 'state', state: 'archived' });
    await bulk(me, { ids: [b.id], action: 'favorite', favorite: true });
    expect(await linkOf(me, a.id)).toMatchObject({ state: 'archived', favorite: false });
    expect(await linkOf(me, b.id)).toMatchObject({ state: 'archived', favorite: true });

    await ctx.database.db.updateTable('links').set({ enrichment_status: 'failed' }).execute();
    await ctx.database.db.deleteFrom('link_ingest_jobs').where('link_id', 'in', [a.id, b.id]).execute();
    expect((await bulk(me, { ids: [a.id, b.id], action: 'enrich' })).json()).toEqual({ updated: 2 });
    expect((await linkOf(me, a.id)).enrichmentStatus).toBe('queued');
    const jobs = await ctx.database.db
      .selectFrom('link_ingest_jobs')
      .select(['link_id', 'status'])
      .where('link_id', 'in', [a.id, b.id])
      .execute();
    expect(jobs.map((job) => job.status)).toEqual(['queued', 'queued']);
  });

  it('deletes links with their tags, and nothing else', async () => {
    const me = await newUser();
    const [a, b, kept] = [await me.link(), await me.link(), await me.link()];
    await bulk(me, { ids: [a.id, b.id, kept.id], action: 'tag', tags: ['t'] });
    expect((await bulk(me, { ids: [a.id, b.id], action: 'delete' })).json()).toEqual({ updated: 2 });
    expectNotFound(await me.get(`/api/links/${a.id}`));
    expect((await me.get('/api/links')).json().items.map((l: Link) => l.id)).toEqual([kept.id]);
    expect((await me.get('/api/tags')).json().items).toEqual([{ name: 't', count: 1 }]);
  });

  it('changes nothing when one id is not the person’s, or not a link at all', async () => {
    const me = await newUser();
    const stranger = await newUser();
    const [mine, other] = [await me.link(), await stranger.link()];
    const before = await snapshot(ctx.database);
    for (const ids of [
      [mine.id, other.id],
      [mine.id, randomUUID()],
    ]) {
      for (const body of [
        { action: 'delete' },
        { action: 'state', state: 'read' },
        { action: 'tag', tags: ['x'] },
        { action: 'move', folderId: null },
      ]) {
        expectNotFound(await bulk(me, { ids, ...body }));
      }
    }
    expectNotFound(
      await bulk(me, { ids: [mine.id], action: 'move', folderId: (await stranger.folder()).id }),
    );
    expect(await snapshot(ctx.database)).toEqual({
      ...before,
      folders: (await snapshot(ctx.database)).folders,
    });
  });

  it('refuses what the contract does not allow, with a message, and changes nothing', async () => {
    const me = await newUser();
    const link = await me.link();
    const before = await snapshot(ctx.database);
    for (const body of [
      {},
      { ids: [], action: 'delete' },
      { ids: [link.id] },
      { ids: [link.id], action: 'explode' },
      { ids: [link.id], action: 'state', state: 'done' },
      { ids: [link.id], action: 'state' },
      { ids: [link.id], action: 'favorite', favorite: 'yes' },
      { ids: [link.id], action: 'tag', tags: [] },
      { ids: [link.id], action: 'tag', tags: [''] },
      { ids: [link.id], action: 'move' },
      { ids: [link.id], action: 'delete', folderId: null },
      { ids: Array.from({ length: 1001 }, () => randomUUID()), action: 'delete' },
    ]) {
      const res = await bulk(me, body);
      expectError(res, 400, 'validation_failed');
      expect(res.json().error.message, JSON.stringify(body).slice(0, 80)).toBeTruthy();
    }
    expect(await snapshot(ctx.database)).toEqual(before);
  });

  it('acts on 1,000 links at once', async () => {
    const me = await newUser();
    const userId = (await me.get('/api/auth/user')).json().id as string;
    const now = new Date().toISOString();
    const ids = Array.from({ length: 1000 }, () => randomUUID());
    const { LinksRepository, newLinkRow } = await import('./links.repository.js');
    await new LinksRepository(ctx.database.db, ctx.database.dialect).insert(
      ctx.database.db,
      ids.map((id, i) =>
        newLinkRow(
          {
            id,
            user_id: userId,
            folder_id: null,
            url: `https://example.com/many/${i}`,
            title: null,
            description: null,
            enrichment_status: 'none',
          },
          now,
        ),
      ),
    );
    expect((await bulk(me, { ids, action: 'tag', tags: ['many'] })).json()).toEqual({ updated: 1000 });
    expect((await me.get('/api/tags')).json().items).toEqual([{ name: 'many', count: 1000 }]);
    // Counted once for the statement (migration 0019 on PostgreSQL), as a row at a time did.
    const folder = await me.folder();
    await bulk(me, { ids: ids.slice(0, 600), action: 'move', folderId: folder.id });
    const counts = async () => [
      (await me.get('/api/folders')).json().items[0].linkCount,
      (await me.get('/api/stats')).json(),
    ];
    expect(await counts()).toEqual([600, expect.objectContaining({ links: 1000, uncategorized: 400 })]);
    expect((await me.delete(`/api/folders/${folder.id}`)).statusCode).toBe(204);
    expect((await me.get('/api/stats')).json()).toMatchObject({ links: 1000, uncategorized: 1000 });
    expect((await bulk(me, { ids, action: 'delete' })).json()).toEqual({ updated: 1000 });
    expect((await me.get('/api/stats')).json().links).toBe(0);
  });
});
