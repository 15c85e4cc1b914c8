import { describe, expect, it } from 'vitest';
import type { Link } from '../../contracts/index.js';
import { type Client, clientFor, expectError, expectNotFound } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { LinkEnrichmentRepository } from './link-enrichment.repository.js';

/** API.md "Reading, organising and finding": tags a person controls (PATCH tags, ?tag=, /api/tags). */
describe('tags', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));
  const tagsOf = async (me: Client, id: string) => (await me.get(`/api/links/${id}`)).json<Link>().tags;
  const listed = async (me: Client, path: string) =>
    (await me.get(path)).json<{ items: { id: string }[] }>().items.map((l) => l.id);
  /** What link_tags holds for the user: each link's tag keys, sorted. */
  const indexed = async (userId: string) =>
    (
      await ctx.database.db
        .selectFrom('link_tags')
        .select(['link_id', 'tag_key'])
        .where('user_id', '=', userId)
        .orderBy('link_id')
        .orderBy('tag_key')
        .execute()
    ).map((row) => `${row.link_id}:${row.tag_key}`);
  const userIdOf = async (me: Client) => (await me.get('/api/auth/user')).json<{ id: string }>().id;

  it('sets a link’s tags, cleaned and without repeats in any case, and finds the link by any of them', async () => {
    const me = await newUser();
    const link = await me.link();
    const other = await me.link();
    const res = await me.patch(`/api/links/${link.id}`, { tags: ['  Rust  ', 'rust', 'web   dev', 'Ærø'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tags).toEqual(['Rust', 'web dev', 'Ærø']);

    expect(await listed(me, '/api/links?tag=rust')).toEqual([link.id]);
    expect(await listed(me, '/api/links?tag=RUST')).toEqual([link.id]);
    expect(await listed(me, `/api/links?tag=${encodeURIComponent('web dev')}`)).toEqual([link.id]);
    expect(await listed(me, `/api/links?tag=${encodeURIComponent('ærø')}`)).toEqual([link.id]);
    expect(await listed(me, '/api/links?tag=go')).toEqual([]);
    expect(other.tags).toEqual([]);

    await me.patch(`/api/links/${link.id}`, { tags: ['go'] });
    expect(await listed(me, '/api/links?tag=rust')).toEqual([]);
    expect(await listed(me, '/api/links?tag=go')).toEqual([link.id]);
    expect(await indexed(await userIdOf(me))).toEqual([`${link.id}:go`]);
  });

  it('combines ?tag= with a folder, a state and the substring filter', async () => {
    const me = await newUser();
    const folder = await me.folder();
    const inFolder = await me.link({ title: 'Alpha page', folderId: folder.id });
    const outside = await me.link({ title: 'Alpha other' });
    for (const link of [inFolder, outside]) await me.patch(`/api/links/${link.id}`, { tags: ['t'] });
    await me.patch(`/api/links/${outside.id}`, { state: 'archived' });
    expect(await listed(me, `/api/links?tag=t&folderId=${folder.id}`)).toEqual([inFolder.id]);
    expect(await listed(me, '/api/links?tag=t&state=archived')).toEqual([outside.id]);
    expect(await listed(me, '/api/links?tag=t&q=other')).toEqual([outside.id]);
    expect(await listed(me, '/api/links?tag=t&folderId=uncategorized')).toEqual([outside.id]);
  });

  it('lists every tag with its count, most used first, then by name', async () => {
    const me = await newUser();
    expect((await me.get('/api/tags')).json()).toEqual({ items: [] });
    const [a, b, c] = [await me.link(), await me.link(), await me.link()];
    await me.patch(`/api/links/${a.id}`, { tags: ['beta', 'alpha', 'Zed'] });
    await me.patch(`/api/links/${b.id}`, { tags: ['Beta', 'alpha'] });
    await me.patch(`/api/links/${c.id}`, { tags: ['alpha'] });
    expect((await me.get('/api/tags')).json().items).toEqual([
      { name: 'alpha', count: 3 },
      { name: 'Beta', count: 2 },
      { name: 'Zed', count: 1 },
    ]);
  });

  it('renames a tag on every link, merging into a tag of the new name', async () => {
    const me = await newUser();
    const [a, b, c] = [await me.link(), await me.link(), await me.link()];
    await me.patch(`/api/links/${a.id}`, { tags: ['js', 'web'] });
    await me.patch(`/api/links/${b.id}`, { tags: ['JavaScript', 'JS'] });
    await me.patch(`/api/links/${c.id}`, { tags: ['css'] });

    const res = await me.patch('/api/tags/js', { name: 'JavaScript' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ name: 'JavaScript', count: 2 });
    expect(await tagsOf(me, a.id)).toEqual(['JavaScript', 'web']);
    expect(await tagsOf(me, b.id)).toEqual(['JavaScript']);
    expect(await tagsOf(me, c.id)).toEqual(['css']);
    expect(await listed(me, '/api/links?tag=js')).toEqual([]);
    expect((await listed(me, '/api/links?tag=javascript')).sort()).toEqual([a.id, b.id].sort());

    // A new spelling of the same tag only changes its case.
    expect((await me.patch('/api/tags/javascript', { name: 'javascript' })).json()).toEqual({
      name: 'javascript',
      count: 2,
    });
    expect(await tagsOf(me, b.id)).toEqual(['javascript']);
    const userId = await userIdOf(me);
    expect(await indexed(userId)).toEqual(
      [`${a.id}:javascript`, `${a.id}:web`, `${b.id}:javascript`, `${c.id}:css`].sort(),
    );
    const vocabulary = await ctx.database.db
      .selectFrom('user_tags')
      .select('tag')
      .where('user_id', '=', userId)
      .execute();
    expect(vocabulary.map((row) => row.tag).sort()).toEqual(['css', 'javascript', 'web']);
  });

  it('deletes a tag from every link, and answers 404 for a tag nobody has', async () => {
    const me = await newUser();
    const [a, b] = [await me.link(), await me.link()];
    await me.patch(`/api/links/${a.id}`, { tags: ['gone', 'kept'] });
    await me.patch(`/api/links/${b.id}`, { tags: ['Gone'] });
    const res = await me.delete('/api/tags/GONE');
    expect(res.statusCode, res.body).toBe(204);
    expect(await tagsOf(me, a.id)).toEqual(['kept']);
    expect(await tagsOf(me, b.id)).toEqual([]);
    expect((await me.get('/api/tags')).json().items).toEqual([{ name: 'kept', count: 1 }]);

    expectNotFound(await me.delete('/api/tags/gone'));
    expectNotFound(await me.patch('/api/tags/never', { name: 'x' }));
  });

  it('refuses blank, long and too many tags, and changes nothing', async () => {
    const me = await newUser();
    const link = await me.link();
    await me.patch(`/api/links/${link.id}`, { tags: ['kept'] });
    for (const tags of [
      [''],
      ['   '],
      ['x'.repeat(65)],
      Array.from({ length: 51 }, (_, i) => `t${i}`),
      'not a list',
      [1],
    ]) {
      expectError(await me.patch(`/api/links/${link.id}`, { tags }), 400, 'validation_failed');
    }
    expectError(await me.get(`/api/links?tag=${'x'.repeat(65)}`), 400, 'validation_failed');
    expectError(await me.patch('/api/tags/kept', { name: ' ' }), 400, 'validation_failed');
    expectError(await me.patch('/api/tags/kept', {}), 400, 'validation_failed');
    expect(await tagsOf(me, link.id)).toEqual(['kept']);
  });

  it('keeps tags an enrichment adds beside the ones a person set, in the index too', async () => {
    const me = await newUser();
    const link = await me.link();
    await me.patch(`/api/links/${link.id}`, { tags: ['mine'] });
    const repository = new LinkEnrichmentRepository(ctx.database.db, ctx.database.dialect);
    const userId = await userIdOf(me);
    await ctx.database.db.transaction().execute((trx) =>
      repository.enriched(
        trx,
        { linkId: link.id, userId },
        {
          title: null,
          summaryShort: 's',
          summaryLong: 'l',
          keyPoints: [],
          highlights: [],
          tags: ['Found', 'mine'],
          ogTitle: null,
          ogDescription: null,
          ogImageUrl: null,
          favicon: null,
          platform: 'generic',
          platformMetadata: {},
          extractionMethod: 'readability',
          content: null,
        },
        new Date().toISOString(),
      ),
    );
    expect(await tagsOf(me, link.id)).toEqual(['mine', 'Found']);
    expect(await listed(me, '/api/links?tag=found')).toEqual([link.id]);
  });
});
