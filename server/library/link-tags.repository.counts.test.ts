import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Client, clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { TEST_PASSWORD } from '../../test/credentials.js';

/**
 * tag_counts (migration 0030) is kept by triggers on link_tags: after every kind of write that changes a
 * link's tags, or whose tags they are, its sums are what counting link_tags gives, person by person.
 */
describe('tag counts', () => {
  const ctx = useTestApp();
  const person = async () => {
    const email = `tags-${randomUUID()}@example.com`;
    const session = await signUp(ctx.app, { email });
    return { api: clientFor(ctx.app, session), id: session.user.id, email };
  };
  const counted = async () =>
    (
      await sql<{ user_id: string; tag_key: string; links: number | string }>`
        SELECT user_id, tag_key, sum(links) AS links FROM tag_counts
        GROUP BY user_id, tag_key HAVING sum(links) <> 0 ORDER BY user_id, tag_key`.execute(ctx.database.db)
    ).rows.map((row) => `${row.user_id}:${row.tag_key}=${Number(row.links)}`);
  const recounted = async () =>
    (
      await sql<{ user_id: string; tag_key: string; links: number | string }>`
        SELECT user_id, tag_key, count(*) AS links FROM link_tags
        GROUP BY user_id, tag_key ORDER BY user_id, tag_key`.execute(ctx.database.db)
    ).rows.map((row) => `${row.user_id}:${row.tag_key}=${Number(row.links)}`);
  const expectInStep = async () => expect(await counted()).toEqual(await recounted());
  const tagsOf = async (me: Client) => (await me.get('/api/tags')).json<{ items: unknown[] }>().items;

  it('follow tagging, bulk tagging, renames, merges, removals, deletions, a handover and an account deleted', async () => {
    const owner = await person();
    const editor = await person();
    const a = await editor.api.link({ title: 'A' });
    const b = await editor.api.link({ title: 'B' });
    await editor.api.patch(`/api/links/${a.id}`, { tags: ['Rust', 'web'] });
    await editor.api.patch(`/api/links/${b.id}`, { tags: ['rust', 'go'] });
    expect(await tagsOf(editor.api)).toEqual([
      { name: 'Rust', count: 2 },
      { name: 'go', count: 1 },
      { name: 'web', count: 1 },
    ]);
    await expectInStep();

    const bulk = (body: object) => editor.api.post('/api/links/bulk', body);
    expect((await bulk({ ids: [a.id, b.id], action: 'tag', tags: ['team', 'GO'] })).statusCode).toBe(200);
    expect((await bulk({ ids: [a.id], action: 'untag', tags: ['web'] })).statusCode).toBe(200);
    await expectInStep();
    expect((await editor.api.patch('/api/tags/go', { name: 'golang' })).statusCode).toBe(200);
    expect((await editor.api.patch('/api/tags/golang', { name: 'team' })).statusCode).toBe(200);
    expect((await editor.api.delete('/api/tags/rust')).statusCode).toBe(204);
    await expectInStep();
    expect(await tagsOf(editor.api)).toEqual([{ name: 'team', count: 2 }]);

    // Moved into a folder the owner shares with the editor, a link becomes the owner's, tags and all.
    const folder = await owner.api.folder({ name: 'Shared' });
    const shared = await owner.api.post(`/api/folders/${folder.id}/members`, {
      email: editor.email,
      role: 'editor',
    });
    expect(shared.statusCode, shared.body).toBe(201);
    expect((await editor.api.patch(`/api/links/${a.id}`, { folderId: folder.id })).statusCode).toBe(200);
    await expectInStep();
    expect(await tagsOf(owner.api)).toEqual([{ name: 'team', count: 1 }]);
    expect(await tagsOf(editor.api)).toEqual([{ name: 'team', count: 1 }]);

    expect((await editor.api.delete(`/api/links/${b.id}`)).statusCode).toBe(204);
    expect(await tagsOf(editor.api)).toEqual([]);
    await expectInStep();

    // The owner signed up first, so may be the only admin (who cannot leave): the editor leaves.
    const c = await editor.api.link({ title: 'C' });
    await editor.api.patch(`/api/links/${c.id}`, { tags: ['team', 'solo'] });
    const erased = await editor.api.send('DELETE', '/api/auth/user', { password: TEST_PASSWORD });
    expect(erased.statusCode, erased.body).toBe(204);
    await expectInStep();
    expect((await counted()).filter((row) => row.startsWith(editor.id))).toEqual([]);
    expect(await tagsOf(owner.api)).toEqual([{ name: 'team', count: 1 }]);
  });
});
