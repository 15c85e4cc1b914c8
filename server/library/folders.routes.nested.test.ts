import { describe, expect, it } from 'vitest';
import type { Folder } from '../../contracts/index.js';
import { type Client, clientFor, expectError, expectNotFound, snapshot } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';

/** API.md "Reading, organising and finding": folders inside folders. */
describe('nested folders', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));
  const folders = async (me: Client) => (await me.get('/api/folders')).json<{ items: Folder[] }>().items;
  const byName = async (me: Client) => new Map((await folders(me)).map((f) => [f.name, f]));
  const child = async (me: Client, name: string, parentId: string | null) =>
    me.folder({ name, parentId } as { name: string });

  /** Top > Middle > Bottom, and Beside at the top. */
  async function tree(me: Client) {
    const top = await child(me, 'Top', null);
    const middle = await child(me, 'Middle', top.id);
    const bottom = await child(me, 'Bottom', middle.id);
    const beside = await child(me, 'Beside', null);
    return { top, middle, bottom, beside };
  }

  it('creates a folder inside another, and counts each folder’s own and total links', async () => {
    const me = await newUser();
    const { top, middle, bottom, beside } = await tree(me);
    expect(middle).toMatchObject({ parentId: top.id, linkCount: 0, totalCount: 0 });
    await me.link({ folderId: top.id });
    await me.link({ folderId: middle.id });
    await me.link({ folderId: bottom.id });
    await me.link({ folderId: bottom.id });
    await me.link();
    const all = await byName(me);
    expect(all.get('Top')).toMatchObject({ parentId: null, linkCount: 1, totalCount: 4 });
    expect(all.get('Middle')).toMatchObject({ parentId: top.id, linkCount: 1, totalCount: 3 });
    expect(all.get('Bottom')).toMatchObject({ parentId: middle.id, linkCount: 2, totalCount: 2 });
    expect(all.get('Beside')).toMatchObject({ parentId: null, linkCount: 0, totalCount: 0 });
    expect(beside.parentId).toBeNull();
  });

  it('moves a folder under another and back to the top, with its sub-folders', async () => {
    const me = await newUser();
    const { top, middle, bottom, beside } = await tree(me);
    await me.link({ folderId: bottom.id });
    const res = await me.patch(`/api/folders/${middle.id}`, { parentId: beside.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: middle.id, parentId: beside.id, totalCount: 1 });
    let all = await byName(me);
    expect(all.get('Beside')?.totalCount).toBe(1);
    expect(all.get('Top')?.totalCount).toBe(0);
    expect(all.get('Bottom')?.parentId).toBe(middle.id);

    await me.patch(`/api/folders/${middle.id}`, { parentId: null, name: 'Loose' });
    all = await byName(me);
    expect(all.get('Loose')).toMatchObject({ parentId: null, totalCount: 1 });
    expect(top.parentId).toBeNull();
  });

  it('refuses a move into the folder itself or one of its sub-folders, and changes nothing', async () => {
    const me = await newUser();
    const { top, middle, bottom } = await tree(me);
    const before = await snapshot(ctx.database);
    for (const [id, parentId] of [
      [top.id, top.id],
      [top.id, middle.id],
      [top.id, bottom.id],
      [middle.id, bottom.id],
    ]) {
      const res = await me.patch(`/api/folders/${id}`, { parentId, name: 'Renamed' });
      expectError(res, 400, 'validation_failed');
      expect(res.json().error.message).toBe(
        'A folder cannot be moved into itself or into one of its sub-folders',
      );
    }
    expect(await snapshot(ctx.database)).toEqual(before);
  });

  it('answers 404 for a parent that is not one of the person’s folders', async () => {
    const me = await newUser();
    const stranger = await newUser();
    const theirs = await stranger.folder();
    const mine = await me.folder();
    expectNotFound(await me.post('/api/folders', { name: 'In', color: 'red', parentId: theirs.id }));
    expectNotFound(await me.patch(`/api/folders/${mine.id}`, { parentId: theirs.id }));
    expect((await folders(me)).map((f) => f.parentId)).toEqual([null]);
  });

  it('moves a deleted folder’s sub-folders to its parent and its links to Uncategorized', async () => {
    const me = await newUser();
    const { top, middle, bottom } = await tree(me);
    const sibling = await child(me, 'Sibling', middle.id);
    const link = await me.link({ folderId: middle.id });
    const deep = await me.link({ folderId: bottom.id });
    expect((await me.delete(`/api/folders/${middle.id}`)).statusCode).toBe(204);
    const all = await byName(me);
    expect(all.has('Middle')).toBe(false);
    expect(all.get('Bottom')?.parentId).toBe(top.id);
    expect(all.get('Sibling')?.parentId).toBe(top.id);
    expect(all.get('Top')?.totalCount).toBe(1);
    expect((await me.get(`/api/links/${link.id}`)).json().folderId).toBeNull();
    expect((await me.get(`/api/links/${deep.id}`)).json().folderId).toBe(bottom.id);
    expect(sibling.parentId).toBe(middle.id);

    await me.delete(`/api/folders/${top.id}`);
    expect((await byName(me)).get('Bottom')?.parentId).toBeNull();
  });
});
