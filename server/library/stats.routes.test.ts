import { describe, expect, it } from 'vitest';
import { clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';

describe('GET /api/stats', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));

  it('counts nothing for a new user', async () => {
    const me = await newUser();
    const res = await me.get('/api/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ links: 0, uncategorized: 0, snippets: 0, folders: {} });
  });

  it('counts links, uncategorized links, snippets and links per folder', async () => {
    const me = await newUser();
    const [work, home] = [await me.folder({ name: 'Work' }), await me.folder({ name: 'Home' })];
    await me.link({ url: 'https://w1.example/', folderId: work.id });
    await me.link({ url: 'https://w2.example/', folderId: work.id });
    await me.link({ url: 'https://h1.example/', folderId: home.id });
    const loose = await me.link({ url: 'https://u1.example/' });
    await me.link({ url: 'https://u2.example/' });
    for (let i = 0; i < 3; i += 1) await me.snippet({ selectedText: `s${i}` });

    expect((await me.get('/api/stats')).json()).toEqual({
      links: 5,
      uncategorized: 2,
      snippets: 3,
      folders: { [work.id]: 2, [home.id]: 1 },
    });

    await me.patch(`/api/links/${loose.id}`, { folderId: home.id });
    expect((await me.get('/api/stats')).json()).toEqual({
      links: 5,
      uncategorized: 1,
      snippets: 3,
      folders: { [work.id]: 2, [home.id]: 2 },
    });
  });

  it('lists an empty folder with a count of 0', async () => {
    const me = await newUser();
    const empty = await me.folder({ name: 'Empty' });
    expect((await me.get('/api/stats')).json().folders).toEqual({ [empty.id]: 0 });
  });
});
