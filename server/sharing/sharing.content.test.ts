import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FoundLink } from '../../contracts/index.js';
import { type Client, clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { html, usePageServer } from '../../test/page-server.js';

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><article><h1>${title}</h1>` +
  `<p>${text} ${text}</p><p>${text}</p></article></body></html>`;

/** Kept pages of a shared folder: read by its members in the reader, found by their text, wherever they came from. */
describe('shared folders: kept pages and search by page text', () => {
  const pages = usePageServer({
    '/lighthouse': html(
      page(
        'Keepers',
        'The lighthouse keeper trims the wick at dusk and logs every passing ship in a leather book.',
      ),
    ),
    '/orchard': html(
      page(
        'Orchards',
        'The orchard keeper grafts the old pear trees each spring and stores the windfalls in straw.',
      ),
    ),
  });
  const ctx = useTestApp({ fetchAllow: ['127.0.0.1'] });
  const drain = async () => {
    while (await ctx.services.workers.runOnce());
  };
  const people = {} as Record<'owner' | 'editor' | 'outsider', { api: Client; email: string }>;
  const found = async (who: Client, q: string) =>
    (await who.get(`/api/search?q=${q}&scope=content`)).json<{ links: FoundLink[] }>().links;

  beforeAll(async () => {
    for (const role of ['owner', 'editor', 'outsider'] as const) {
      const email = `${role}-${randomUUID()}@example.com`;
      people[role] = { api: clientFor(ctx.app, await signUp(ctx.app, { email })), email };
    }
  });

  it("members read the owner's kept page and find it by its text; someone else does not", async () => {
    const folder = await people.owner.api.folder({ name: 'Coast' });
    const link = await people.owner.api.link({ url: `${pages.origin}/lighthouse`, folderId: folder.id });
    await drain();
    await people.owner.api.post(`/api/folders/${folder.id}/members`, {
      email: people.editor.email,
      role: 'viewer',
    });
    const content = await people.editor.api.get(`/api/links/${link.id}/content`);
    expect(content.statusCode, content.body).toBe(200);
    expect(content.json().text).toContain('lighthouse keeper');
    const hits = await found(people.editor.api, 'wick');
    expect(hits.map((l) => [l.id, l.shared, l.match?.field])).toEqual([[link.id, true, 'content']]);
    expect(await found(people.outsider.api, 'wick')).toEqual([]);
  });

  it("a page handed over with its link is found in its new owner's library, and no longer in the old one's", async () => {
    const folder = await people.owner.api.folder({ name: 'Orchards' });
    await people.owner.api.post(`/api/folders/${folder.id}/members`, {
      email: people.editor.email,
      role: 'editor',
    });
    const own = await people.editor.api.link({ url: `${pages.origin}/orchard` });
    await drain();
    expect((await found(people.editor.api, 'windfalls')).map((l) => l.id)).toEqual([own.id]);
    await people.editor.api.patch(`/api/links/${own.id}`, { folderId: folder.id });
    expect((await found(people.owner.api, 'windfalls')).map((l) => [l.id, l.shared])).toEqual([
      [own.id, true],
    ]);
    // The editor still finds it, now as a link of a folder shared with them.
    expect((await found(people.editor.api, 'windfalls')).map((l) => [l.id, l.shared])).toEqual([
      [own.id, true],
    ]);
    await people.editor.api.patch(`/api/links/${own.id}`, { folderId: null });
    expect(await found(people.owner.api, 'windfalls')).toEqual([]);
    expect((await found(people.editor.api, 'windfalls')).map((l) => [l.id, l.shared])).toEqual([
      [own.id, false],
    ]);
  });
});
