import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, clientFor, tick } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';

interface Found {
  folders: string[];
  links: string[];
  snippets: string[];
}

describe('search', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));

  /** The ids each section of a search answer holds, in order. */
  async function search(client: Client, query: string): Promise<Found> {
    const res = await client.get(`/api/search?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['folders', 'links', 'snippets']);
    const idsOf = (items: { id: string }[]) => items.map((i) => i.id);
    return { folders: idsOf(body.folders), links: idsOf(body.links), snippets: idsOf(body.snippets) };
  }
  const q = (text: string) => `q=${encodeURIComponent(text)}`;

  describe('GET /api/search matches the fields of SPEC.md §5, ignoring case', () => {
    let me: Client;
    const id: Record<string, string> = {};

    beforeAll(async () => {
      me = await newUser();
      id.folder = (await me.folder({ name: 'Kestrel Reports' })).id;
      id.linkTitle = (await me.link({ url: 'https://a.example/', title: 'Falcon handbook' })).id;
      id.linkUrl = (await me.link({ url: 'https://osprey.example/', title: 'Plain one' })).id;
      id.linkDescription = (
        await me.link({ url: 'https://b.example/', title: 'Plain two', description: 'About the Harrier jet' })
      ).id;
      const snippet = (body: Record<string, string>) =>
        me.snippet({ pageUrl: 'https://c.example/', ...body });
      id.snippetText = (await snippet({ selectedText: 'The Condor flies' })).id;
      id.snippetPageTitle = (await snippet({ selectedText: 'plain', pageTitle: 'Vulture facts' })).id;
      id.snippetNote = (await snippet({ selectedText: 'plain', note: 'Buzzard note' })).id;
      await snippet({ selectedText: 'plain', contextBefore: 'Albatross', contextAfter: 'Pelican' });
    });

    it.each([
      { text: 'kestrel', folders: ['folder'], links: [], snippets: [] },
      { text: 'REPORTS', folders: ['folder'], links: [], snippets: [] },
      { text: 'fALCON', folders: [], links: ['linkTitle'], snippets: [] },
      { text: 'OSPREY', folders: [], links: ['linkUrl'], snippets: [] },
      { text: 'harrier', folders: [], links: ['linkDescription'], snippets: [] },
      { text: 'condor', folders: [], links: [], snippets: ['snippetText'] },
      { text: 'vULTURE', folders: [], links: [], snippets: ['snippetPageTitle'] },
      { text: 'BUZZARD', folders: [], links: [], snippets: ['snippetNote'] },
      { text: 'albatross', folders: [], links: [], snippets: [], why: 'context is not searched' },
      { text: 'pelican', folders: [], links: [], snippets: [], why: 'context is not searched' },
    ])('$text', async ({ text, ...expected }) => {
      const found = await search(me, q(text));
      expect(found).toEqual({
        folders: expected.folders.map((k) => id[k]),
        links: expected.links.map((k) => id[k]),
        snippets: expected.snippets.map((k) => id[k]),
      });
    });

    it('scope=folders answers only folders', async () => {
      const all = await search(me, `${q('e')}&scope=all`);
      expect(all.links.length).toBeGreaterThan(0);
      expect(all.snippets.length).toBeGreaterThan(0);
      expect(await search(me, `${q('e')}&scope=folders`)).toEqual({
        folders: [id.folder],
        links: [],
        snippets: [],
      });
    });

    it.each(['', '   '])('answers empty arrays for the query %j', async (text) => {
      expect(await search(me, q(text))).toEqual({ folders: [], links: [], snippets: [] });
    });

    it('answers empty arrays without a query', async () => {
      expect(await search(me, '')).toEqual({ folders: [], links: [], snippets: [] });
    });

    it('caps each section at ?limit=', async () => {
      const found = await search(me, `${q('plain')}&limit=1`);
      expect(found.links).toHaveLength(1);
      expect(found.snippets).toHaveLength(1);
    });
  });

  it('matches one- and two-character queries in every section, ignoring case', async () => {
    const me = await newUser();
    const folder = await me.folder({ name: 'Ox' });
    const link = await me.link({ url: 'https://a.example/', title: 'ox tail' });
    const snippet = await me.snippet({ pageUrl: 'https://b.example/', selectedText: 'An OX cart' });
    expect(await search(me, q('oX'))).toEqual({
      folders: [folder.id],
      links: [link.id],
      snippets: [snippet.id],
    });
    expect(await search(me, q('X'))).toEqual({
      folders: [folder.id],
      links: [link.id],
      snippets: [snippet.id],
    });
  });

  it('treats % and _ literally', async () => {
    const me = await newUser();
    const literal = await me.link({ url: 'https://a.example/', title: '100% pure_cotton' });
    await me.link({ url: 'https://b.example/', title: '100 percent pureXcotton' });
    await me.folder({ name: '100 percent' });
    for (const text of ['%', '_', '0%', 'e_c', '100% pure_']) {
      expect(await search(me, q(text)), text).toEqual({ folders: [], links: [literal.id], snippets: [] });
    }
  });

  // PostgreSQL searches a copy of these fields kept by triggers (migration 0020); SQLite an FTS5 mirror.
  it("follows a link's edits, moves and deletion", async () => {
    const me = await newUser();
    const folder = await me.folder({ name: 'Seabirds' });
    const link = await me.link({
      url: 'https://gannet.example/',
      title: 'Gannet colony',
      description: 'Rocks',
    });
    const links = async (text: string) => (await search(me, q(text))).links;
    expect(await links('gannet')).toEqual([link.id]);
    await me.patch(`/api/links/${link.id}`, {
      title: 'Puffin burrow',
      url: 'https://auk.example/',
      description: 'Cliffs',
    });
    for (const gone of ['gannet', 'rocks']) expect(await links(gone), gone).toEqual([]);
    for (const found of ['puffin', 'auk', 'cliffs']) expect(await links(found), found).toEqual([link.id]);
    const bulk = await me.post('/api/links/bulk', { ids: [link.id], action: 'move', folderId: folder.id });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await links('puffin')).toEqual([link.id]);
    expect((await me.delete(`/api/links/${link.id}`)).statusCode).toBe(204);
    expect(await links('puffin')).toEqual([]);
  });

  it('ranks a title that starts with a query longer than the prefix index first', async () => {
    const me = await newUser();
    const long = `${'Albatross '.repeat(8)}migration`;
    const starts = await me.link({ url: 'https://a.example/', title: `${long} notes` });
    await tick();
    const inside = await me.link({ url: 'https://b.example/', title: `On the ${long}` });
    await tick();
    const elsewhere = await me.link({ url: 'https://c.example/', title: 'Plain', description: long });
    expect((await search(me, q(long))).links).toEqual([starts.id, inside.id, elsewhere.id]);
  });

  it('ranks title-prefix matches first, then title matches, then other fields', async () => {
    const me = await newUser();
    const prefixFolder = await me.folder({ name: 'Rust projects' });
    const innerFolder = await me.folder({ name: 'Old rust' });
    const prefixLink = await me.link({ url: 'https://a.example/', title: 'Rust book' });
    await tick();
    const innerLink = await me.link({ url: 'https://b.example/', title: 'A guide to rust' });
    await tick();
    const urlLink = await me.link({ url: 'https://rust.example/', title: 'Unrelated' });
    const prefixSnippet = await me.snippet({ selectedText: 'Rust never sleeps' });
    await tick();
    const innerSnippet = await me.snippet({ selectedText: 'Fighting RUST' });
    await tick();
    const noteSnippet = await me.snippet({ selectedText: 'Something else', note: 'rust' });

    expect(await search(me, q('rust'))).toEqual({
      folders: [prefixFolder.id, innerFolder.id],
      links: [prefixLink.id, innerLink.id, urlLink.id],
      snippets: [prefixSnippet.id, innerSnippet.id, noteSnippet.id],
    });
  });
});
