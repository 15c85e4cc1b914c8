import { describe, expect, it } from 'vitest';
import { FOLDER_COLORS } from '../../contracts/index.js';
import { clientFor, expectError, expectNotFound, tick } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';

describe('folders', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));

  it('creates a folder: 201 Folder with no links', async () => {
    const me = await newUser();
    const res = await me.post('/api/folders', { name: '  Reading  ', color: 'green' });
    expect(res.statusCode, res.body).toBe(201);
    const folder = res.json();
    expect(folder).toEqual({
      id: expect.any(String),
      name: 'Reading',
      color: 'green',
      parentId: null,
      createdAt: expect.any(String),
      linkCount: 0,
      totalCount: 0,
      role: 'owner',
      shared: false,
      ownerName: null,
    });
    expect(Math.abs(Date.parse(folder.createdAt) - Date.now())).toBeLessThan(10_000);
  });

  it('lists folders oldest first, each with its link count', async () => {
    const me = await newUser();
    const first = await me.folder({ name: 'First' });
    await tick();
    const second = await me.folder({ name: 'Second' });
    await tick();
    const third = await me.folder({ name: 'Third' });
    await me.link({ url: 'https://a.example/', folderId: second.id });
    await me.link({ url: 'https://b.example/', folderId: second.id });
    await me.link({ url: 'https://c.example/', folderId: third.id });
    await me.link({ url: 'https://d.example/' });

    const res = await me.get('/api/folders');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((f: { name: string; linkCount: number }) => [f.name, f.linkCount])).toEqual([
      ['First', 0],
      ['Second', 2],
      ['Third', 1],
    ]);
    expect(res.json().items[0]).toEqual(first);
  });

  it.each(FOLDER_COLORS)('accepts the colour %s', async (color) => {
    const me = await newUser();
    expect((await me.folder({ color })).color).toBe(color);
  });

  it.each(['teal', 'Blue', '', 'black'])('refuses the colour %j with 400', async (color) => {
    const me = await newUser();
    expectError(await me.post('/api/folders', { name: 'X', color }), 400, 'validation_failed');
    expectError(
      await me.patch(`/api/folders/${(await me.folder()).id}`, { color }),
      400,
      'validation_failed',
    );
    expect((await me.get('/api/folders')).json().items).toHaveLength(1);
  });

  it.each(['', '   '])('refuses the blank name %j with 400', async (name) => {
    const me = await newUser();
    expectError(await me.post('/api/folders', { name, color: 'blue' }), 400, 'validation_failed');
    const folder = await me.folder({ name: 'Kept' });
    expectError(await me.patch(`/api/folders/${folder.id}`, { name }), 400, 'validation_failed');
    expect((await me.get('/api/folders')).json().items).toEqual([folder]);
  });

  it('renames and recolours a folder, keeping its links', async () => {
    const me = await newUser();
    const folder = await me.folder({ name: 'Old', color: 'blue' });
    await me.link({ folderId: folder.id });

    const renamed = await me.patch(`/api/folders/${folder.id}`, { name: 'New' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...folder, name: 'New', linkCount: 1, totalCount: 1 });

    const recoloured = await me.patch(`/api/folders/${folder.id}`, { color: 'pink' });
    expect(recoloured.json()).toEqual({ ...folder, name: 'New', color: 'pink', linkCount: 1, totalCount: 1 });

    const unchanged = await me.patch(`/api/folders/${folder.id}`, {});
    expect(unchanged.json()).toEqual(recoloured.json());
    expect((await me.get('/api/folders')).json().items).toEqual([recoloured.json()]);
  });

  it('deletes a folder (204) and makes its links uncategorized', async () => {
    const me = await newUser();
    const doomed = await me.folder({ name: 'Doomed' });
    const kept = await me.folder({ name: 'Kept' });
    const inDoomed = await me.link({ url: 'https://doomed.example/', folderId: doomed.id });
    const inKept = await me.link({ url: 'https://kept.example/', folderId: kept.id });

    const res = await me.delete(`/api/folders/${doomed.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await me.get('/api/folders')).json().items.map((f: { id: string }) => f.id)).toEqual([kept.id]);
    const moved = await me.get(`/api/links/${inDoomed.id}`);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: inDoomed.id, folderId: null, url: inDoomed.url });
    expect((await me.get(`/api/links/${inKept.id}`)).json().folderId).toBe(kept.id);
    const uncategorized = await me.get('/api/links?folderId=uncategorized');
    expect(uncategorized.json().items.map((l: { id: string }) => l.id)).toEqual([inDoomed.id]);
    expect((await me.get('/api/stats')).json()).toEqual({
      links: 2,
      uncategorized: 1,
      snippets: 0,
      folders: { [kept.id]: 1 },
    });
  });

  it('answers 404 for a folder that does not exist, or no longer does', async () => {
    const me = await newUser();
    const folder = await me.folder();
    await me.delete(`/api/folders/${folder.id}`);
    expectNotFound(await me.delete(`/api/folders/${folder.id}`));
    expectNotFound(await me.patch(`/api/folders/${folder.id}`, { name: 'Back' }));
    expectNotFound(await me.get(`/api/links?folderId=${folder.id}`));
    expectNotFound(await me.post('/api/links', { url: 'https://example.com/', folderId: folder.id }));
  });
});
