import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseHTML } from 'linkedom';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Folder, Link, PublicFolder, PublicFolderLink } from '../../contracts/index.js';
import { type Client, clientFor, expectNotFound, expectUnauthenticated } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { activeContentIn, atomProblems } from '../../test/markup-checks.js';
import { usePageServer } from '../../test/page-server.js';
import { PAGE_LINKS } from './public-pages.service.js';

const PUBLIC_URL = 'https://vault.example.org';

/** Issue 19, API.md "Sharing and insights": a folder's public page and Atom feed. */
describe('public folder pages', () => {
  let picture = Buffer.alloc(0);
  const images = usePageServer({
    '/cover.png': (_req: IncomingMessage, res: ServerResponse) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(picture),
  });
  const ctx = useTestApp({ publicUrl: PUBLIC_URL, fetchAllow: ['127.0.0.1'] });
  beforeAll(async () => {
    picture = await sharp({ create: { width: 600, height: 315, channels: 3, background: '#4466aa' } })
      .png()
      .toBuffer();
  });

  const newPerson = async (email?: string) =>
    clientFor(ctx.app, await signUp(ctx.app, email ? { email } : {}));
  const publish = async (me: Client, folder: Folder): Promise<string> => {
    const res = await me.post(`/api/folders/${folder.id}/public`);
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json<PublicFolderLink>();
    expect(url).toMatch(/^https:\/\/vault\.example\.org\/s\/lvf_[\w-]{43}$/);
    return new URL(url).pathname;
  };
  const visit = (path: string) => ctx.app.inject({ method: 'GET', url: path });
  /** A link in `folder` as enrichment leaves it: a summary, tags and a picture. */
  async function enrichedLink(
    me: Client,
    folder: Folder | null,
    fields: { title: string; summary?: string; tags?: string[]; image?: string },
  ): Promise<Link> {
    const link = await me.link({ title: fields.title, ...(folder && { folderId: folder.id }) });
    if (fields.tags)
      expect((await me.patch(`/api/links/${link.id}`, { tags: fields.tags })).statusCode).toBe(200);
    await ctx.database.db
      .updateTable('links')
      .set({ summary_short: fields.summary ?? null, og_image_url: fields.image ?? null })
      .where('id', '=', link.id)
      .execute();
    return link;
  }

  it('publishes a folder as a read-only page: its links with titles, summaries, tags and pictures, no script', async () => {
    const me = await newPerson();
    const folder = await me.folder({ name: 'Tide pools' });
    const link = await enrichedLink(me, folder, {
      title: 'Anemones at low tide',
      summary: 'Why anemones close when the water leaves.',
      tags: ['marine biology', 'tides'],
      image: images.url('/cover.png'),
    });
    const path = await publish(me, folder);

    const res = await visit(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).not.toContain('unsafe-inline');
    expect(activeContentIn(res.body)).toEqual([]);

    const { document } = parseHTML(res.body);
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.querySelector('h1')?.textContent).toBe('Tide pools');
    const feed = document.querySelector('link[rel="alternate"][type="application/atom+xml"]');
    expect(feed?.getAttribute('href')).toBe(`${path}/feed.atom`);
    const item = document.querySelector('li.link');
    const title = item?.querySelector('h2 a');
    expect(title?.textContent).toBe('Anemones at low tide');
    expect(title?.getAttribute('href')).toBe(link.url);
    expect(title?.getAttribute('rel')).toContain('noreferrer');
    expect(item?.querySelector('.summary')?.textContent).toBe('Why anemones close when the water leaves.');
    expect([...(item?.querySelectorAll('.tags li') ?? [])].map((tag) => tag.textContent)).toEqual([
      'marine biology',
      'tides',
    ]);
    // The picture is the server's copy, under the page's own address: the visitor never calls its host.
    const img = item?.querySelector('img');
    const src = img?.getAttribute('src') ?? '';
    expect(src.startsWith(`${path}/preview/${link.id}?w=320&v=`)).toBe(true);
    expect(img?.getAttribute('srcset')).toContain('w=960');
    expect(res.body).not.toContain(images.url('/cover.png'));
    const image = await visit(src);
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, max-age=3600');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(320);

    const status = await me.get(`/api/folders/${folder.id}/public`);
    expect(status.json<PublicFolder>().publishedAt).toEqual(expect.any(String));
  });

  it('serves a valid Atom feed of the folder (RFC 4287, checked against its RELAX NG grammar)', async () => {
    const me = await newPerson();
    const folder = await me.folder({ name: 'Feeds & <things>' });
    const older = await enrichedLink(me, folder, { title: 'Older', tags: ['a'] });
    await ctx.database.db
      .updateTable('links')
      .set({ created_at: '2026-01-05T10:00:00.000Z' })
      .where('id', '=', older.id)
      .execute();
    const newer = await enrichedLink(me, folder, {
      title: 'Newer <b>bold</b> & "quoted"',
      summary: 'A summary with a control character\u0001 and an emoji 🌊',
      tags: ['x & y', 'z'],
    });
    const path = await publish(me, folder);

    const res = await visit(`${path}/feed.atom`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(await atomProblems(res.body)).toEqual([]);

    const { document } = parseHTML(res.body.replace(/^<\?xml[^>]*>/, ''));
    const text = (selector: string, within: Pick<typeof document, 'querySelector'> | undefined = document) =>
      within?.querySelector(selector)?.textContent;
    expect(text('feed > title')).toBe('Feeds & <things>');
    expect(text('feed > id')).toBe(`${PUBLIC_URL}${path}/feed.atom`);
    const entries = [...document.querySelectorAll('entry')];
    expect(entries.map((entry) => text('id', entry))).toEqual([
      `urn:uuid:${newer.id}`,
      `urn:uuid:${older.id}`,
    ]);
    const [first] = entries;
    expect(text('title', first)).toBe('Newer <b>bold</b> & "quoted"');
    expect(text('summary', first)).toBe('A summary with a control character and an emoji 🌊');
    expect(first?.querySelector('link')?.getAttribute('href')).toBe(newer.url);
    expect([...(first?.querySelectorAll('category') ?? [])].map((c) => c.getAttribute('term'))).toEqual([
      'x & y',
      'z',
    ]);
    expect(text('updated', entries[1])).toBe('2026-01-05T10:00:00.000Z');
  });

  it('shows nothing private: no snippet, note, reading mark, other folder, sub-folder or owner address', async () => {
    const email = `private-owner-${Date.now()}@example.com`;
    const me = await newPerson(email);
    const folder = await me.folder({ name: 'Public reading' });
    const inside = await me.post('/api/folders', {
      name: 'Secret sub-folder',
      color: 'red',
      parentId: folder.id,
    });
    const subFolder = inside.json<Folder>();
    const other = await me.folder({ name: 'Other private folder' });
    const shown = await enrichedLink(me, folder, { title: 'A shared read', tags: ['shared'] });
    await me.patch(`/api/links/${shown.id}`, {
      description: 'MY PRIVATE DESCRIPTION',
      favorite: true,
      state: 'read',
    });
    await me.snippet({
      pageUrl: shown.url,
      selectedText: 'SNIPPET TEXT KEPT PRIVATE',
      note: 'NOTE KEPT PRIVATE',
    });
    await enrichedLink(me, subFolder, { title: 'Sub-folder link kept private' });
    await enrichedLink(me, other, { title: 'Other folder link kept private' });
    await enrichedLink(me, null, { title: 'Uncategorized link kept private' });
    const path = await publish(me, folder);

    const page = (await visit(path)).body;
    const feed = (await visit(`${path}/feed.atom`)).body;
    for (const body of [page, feed]) {
      expect(body).toContain('A shared read');
      for (const secret of [
        email,
        'MY PRIVATE DESCRIPTION',
        'SNIPPET TEXT KEPT PRIVATE',
        'NOTE KEPT PRIVATE',
        'Secret sub-folder',
        'Other private folder',
        'kept private',
        folder.id,
        subFolder.id,
      ]) {
        expect(body).not.toContain(secret);
      }
    }
    expect(parseHTML(page).document.querySelectorAll('li.link')).toHaveLength(1);
  });

  it('escapes whatever a title, summary or tag holds', async () => {
    const me = await newPerson();
    const folder = await me.folder({ name: '</title><script>alert("folder")</script>' });
    await enrichedLink(me, folder, {
      title: '"><img src=x onerror="alert(1)"><script>alert(2)</script>',
      summary: "<a href='javascript:alert(3)'>click</a>",
      tags: ['<svg onload=alert(4)>'],
    });
    const path = await publish(me, folder);
    const page = (await visit(path)).body;
    expect(activeContentIn(page)).toEqual([]);
    const { document } = parseHTML(page);
    expect(document.querySelector('h2')?.textContent).toBe(
      '"><img src=x onerror="alert(1)"><script>alert(2)</script>',
    );
    expect(document.querySelector('title')?.textContent).toBe(
      '</title><script>alert("folder")</script> · Linkvault',
    );
    expect(await atomProblems((await visit(`${path}/feed.atom`)).body)).toEqual([]);
  });

  it('shows an empty folder as such, with its feed', async () => {
    const me = await newPerson();
    const path = await publish(me, await me.folder({ name: 'Nothing yet' }));
    const page = await visit(path);
    expect(page.statusCode).toBe(200);
    expect(parseHTML(page.body).document.querySelector('.empty')?.textContent).toContain('Nothing here yet');
    expect(page.body).toContain('0 links');
    const feed = (await visit(`${path}/feed.atom`)).body;
    expect(await atomProblems(feed)).toEqual([]);
  });

  it(`pages a big folder ${PAGE_LINKS} links at a time, newest first, and refuses a made-up page`, async () => {
    const me = await newPerson();
    const folder = await me.folder({ name: 'Big' });
    for (let i = 0; i < PAGE_LINKS + 3; i += 1) await me.link({ title: `Big ${i}`, folderId: folder.id });
    const path = await publish(me, folder);
    const first = parseHTML((await visit(path)).body).document;
    expect(first.querySelectorAll('li.link')).toHaveLength(PAGE_LINKS);
    expect(first.querySelector('.meta')?.textContent).toContain(`${PAGE_LINKS + 3} links`);
    const older = first.querySelector('nav.pages a')?.getAttribute('href') ?? '';
    expect(older.startsWith(`${path}?after=`)).toBe(true);
    const second = parseHTML((await visit(older)).body).document;
    expect(second.querySelectorAll('li.link')).toHaveLength(3);
    expect([...second.querySelectorAll('nav.pages a')].map((a) => a.textContent)).toEqual(['← Newest links']);
    const feed = (await visit(`${path}/feed.atom`)).body;
    expect(feed.match(/<entry>/g)).toHaveLength(50);

    const made = await visit(`${path}?after=bm90LWEtY3Vyc29y`);
    expect(made.statusCode).toBe(400);
    expect(made.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('rotates: publishing again makes a new address and the old page and feed answer 404', async () => {
    const me = await newPerson();
    const folder = await me.folder({ name: 'Rotating' });
    const first = await publish(me, folder);
    const second = await publish(me, folder);
    expect(second).not.toBe(first);
    for (const path of [first, `${first}/feed.atom`]) {
      const res = await visit(path);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(activeContentIn(res.body)).toEqual([]);
    }
    expect((await visit(second)).statusCode).toBe(200);
    expect((await visit(`${second}/feed.atom`)).statusCode).toBe(200);
  });

  it('revokes: the page, its feed and its pictures answer 404 at once', async () => {
    const me = await newPerson();
    const folder = await me.folder({ name: 'Revoked' });
    const link = await enrichedLink(me, folder, { title: 'Pictured', image: images.url('/cover.png') });
    const path = await publish(me, folder);
    const picture = `${path}/preview/${link.id}?w=320`;
    expect((await visit(picture)).statusCode).toBe(200);

    const revoked = await me.delete(`/api/folders/${folder.id}/public`);
    expect(revoked.statusCode).toBe(204);
    for (const at of [path, `${path}/feed.atom`, picture]) expect((await visit(at)).statusCode).toBe(404);
    expect((await me.get(`/api/folders/${folder.id}/public`)).json<PublicFolder>()).toEqual({
      publishedAt: null,
    });
    // Revoking what is not published is no error (DELETE is idempotent).
    expect((await me.delete(`/api/folders/${folder.id}/public`)).statusCode).toBe(204);
  });

  it('ends the page when its folder is deleted', async () => {
    const me = await newPerson();
    const folder = await me.folder({ name: 'Going away' });
    const path = await publish(me, folder);
    expect((await me.delete(`/api/folders/${folder.id}`)).statusCode).toBe(204);
    expect((await visit(path)).statusCode).toBe(404);
    // Its hash goes with it (the foreign key cascades), not left behind.
    const left = await ctx.database.db
      .selectFrom('public_folders')
      .select('folder_id')
      .where('folder_id', '=', folder.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('serves nothing while an admin has the owner disabled, and the same address again once enabled', async () => {
    const me = await newPerson();
    const folder = await me.folder({ name: 'Held back' });
    await enrichedLink(me, folder, { title: 'A link of theirs' });
    const path = await publish(me, folder);
    const { userId } = await ctx.database.db
      .selectFrom('folders')
      .select('user_id as userId')
      .where('id', '=', folder.id)
      .executeTakeFirstOrThrow();
    const disabled = (at: string | null) =>
      ctx.database.db.updateTable('users').set({ disabled_at: at }).where('id', '=', userId).execute();
    await disabled(new Date().toISOString());
    expect((await visit(path)).statusCode).toBe(404);
    expect((await visit(`${path}/feed.atom`)).statusCode).toBe(404);
    await disabled(null);
    expect((await visit(path)).statusCode).toBe(200);
  });

  it("lets only the folder's owner publish, revoke or look: anyone else gets 404, nobody 401", async () => {
    const owner = await newPerson();
    const stranger = await newPerson();
    const folder = await owner.folder({ name: 'Mine' });
    const path = await publish(owner, folder);
    for (const res of [
      await stranger.post(`/api/folders/${folder.id}/public`),
      await stranger.delete(`/api/folders/${folder.id}/public`),
      await stranger.get(`/api/folders/${folder.id}/public`),
      await owner.post('/api/folders/00000000-0000-4000-8000-000000000000/public'),
    ]) {
      expectNotFound(res);
    }
    expect((await visit(path)).statusCode).toBe(200);
    const nobody = clientFor(ctx.app, null);
    expectUnauthenticated(await nobody.post(`/api/folders/${folder.id}/public`));
    expectUnauthenticated(await nobody.delete(`/api/folders/${folder.id}/public`));
    expect((await visit(path)).statusCode).toBe(200);
  });

  it("serves a picture only of a link on the page: another folder's link, or another person's, is 404", async () => {
    const me = await newPerson();
    const stranger = await newPerson();
    const folder = await me.folder({ name: 'Pictures' });
    const other = await me.folder({ name: 'Elsewhere' });
    const elsewhere = await enrichedLink(me, other, { title: 'Elsewhere', image: images.url('/cover.png') });
    const theirs = await enrichedLink(stranger, null, { title: 'Theirs', image: images.url('/cover.png') });
    const plain = await enrichedLink(me, folder, { title: 'No picture' });
    const path = await publish(me, folder);
    for (const id of [elsewhere.id, theirs.id, plain.id, 'not-an-id']) {
      expect((await visit(`${path}/preview/${id}?w=320`)).statusCode).toBe(404);
    }
  });

  it('answers 404 to a made-up address, whatever its shape', async () => {
    for (const path of [
      '/s/lvf_0000000000000000000000000000000000000000000',
      '/s/nothing',
      '/s/nothing/feed.atom',
      '/s/lvf_0000000000000000000000000000000000000000000/feed.atom',
      '/s/nothing/else/here',
    ]) {
      const res = await visit(path);
      expect(res.statusCode, path).toBe(404);
    }
  });
});
