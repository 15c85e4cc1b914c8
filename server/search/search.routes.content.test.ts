import { describe, expect, it } from 'vitest';
import type { FoundLink } from '../../contracts/index.js';
import { clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { html, usePageServer } from '../../test/page-server.js';

const article = (title: string, lang: string, paragraphs: string[]) =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><article><h1>${title}</h1>${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</article></body></html>`;

const PAGES = {
  '/tides': article('Notes from the coast', 'en', [
    'The harbour master counts the hulls at dawn and writes the tide times on a slate by the steps of the quay.',
    'When the spring tide comes the fishing boats ride high against the wall, and the gulls wait for the catch.',
    'Nobody in the village has ever needed a clock: the tide tells the hour to anyone who watches the water.',
  ]),
  '/cafe': article('Un matin à Lyon', 'fr', [
    'Le café de la place ouvre à six heures, et les habitués y lisent le journal en silence avant le travail.',
    'Au comptoir, on parle de la météo et des marées de la côte, que personne ici n’a vues depuis des années.',
    'La patronne connaît chaque client et sert le café crème sans attendre que quelqu’un le commande.',
  ]),
  '/tokyo': article('東京の朝', 'ja', [
    '東京大学の学生たちは朝早くから図書館で勉強しています。試験の季節になると席はすぐに埋まります。',
    '駅の近くの喫茶店では、会社員が新聞を読みながらコーヒーを飲んでいます。東京の朝はとても静かです。',
    '夕方になると、学生たちは大学の近くの公園を散歩して、一日の疲れを癒します。',
  ]),
};

/** Pages that name the heron as often, one short and one long: the short one is more about herons. */
const HERON_PAGES = {
  '/heron-short': article('At the pond', 'en', [
    'A grey heron stood in the reeds all morning, and the heron did not move once while we watched.',
  ]),
  '/heron-long': article('A year of walks', 'en', [
    'A grey heron stood in the reeds all morning, and the heron did not move once while we watched.',
    ...Array.from(
      { length: 30 },
      (_, i) =>
        `Walk ${i + 1}: the path climbed past the orchard and the mill, the wind turned cold by the bridge, ` +
        'and we talked about books, bread, weather and the long road home until the lamps were lit.',
    ),
  ]),
};

/** API.md "Reading, organising and finding": search matches the saved page text too. */
describe('search by page text', () => {
  const pages = usePageServer(
    Object.fromEntries(
      Object.entries({ ...PAGES, ...HERON_PAGES }).map(([path, body]) => [path, html(body)]),
    ),
  );
  const ctx = useTestApp({ fetchAllow: ['127.0.0.1'] });
  const drain = async () => {
    while (await ctx.services.workers.runOnce());
  };
  const linksOf = async (client: ReturnType<typeof clientFor>, query: string) => {
    const res = await client.get(`/api/search?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ links: FoundLink[]; folders: unknown[]; snippets: unknown[] }>();
  };

  it('finds links by the words of their pages in several languages, with the words marked', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const other = clientFor(ctx.app, await signUp(ctx.app));
    const saved = Object.fromEntries(
      await Promise.all(
        Object.keys(PAGES).map(async (path) => [path, await me.link({ url: pages.url(path) })]),
      ),
    );
    await other.link({ url: pages.url('/tides') });
    await drain();

    const slate = await linksOf(me, 'q=slate');
    expect(slate.links.map((l) => l.id)).toEqual([saved['/tides']?.id]);
    const match = slate.links[0]?.match;
    expect(match?.field).toBe('content');
    expect(match?.marks.map(([s, e]) => match.excerpt.slice(s, e))).toEqual(['slate']);

    // Three words, in any order, anywhere in the page; the last one as it is being typed.
    expect((await linksOf(me, 'q=gulls harbour cloc')).links.map((l) => l.id)).toEqual([saved['/tides']?.id]);
    // Accents and case do not matter; the match shows the page's own spelling.
    const cafe = (await linksOf(me, 'q=CAFE creme')).links;
    expect(cafe.map((l) => l.id)).toEqual([saved['/cafe']?.id]);
    expect(cafe[0]?.match?.marks.map(([s, e]) => cafe[0]?.match?.excerpt.slice(s, e))).toContain('café');
    // Japanese has no spaces: its words are found all the same.
    expect((await linksOf(me, 'q=図書館')).links.map((l) => l.id)).toEqual([saved['/tokyo']?.id]);
    expect((await linksOf(me, 'q=東京大学')).links.map((l) => l.id)).toEqual([saved['/tokyo']?.id]);
    expect((await linksOf(me, 'q=lighthouse')).links).toEqual([]);
  });

  it('keeps to the searching person, to scope=content and to reading marks', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const other = clientFor(ctx.app, await signUp(ctx.app));
    const theirs = await other.link({ url: pages.url('/cafe') });
    const mine = await me.link({ url: pages.url('/tides'), title: 'Quay notes' });
    await me.folder({ name: 'Quay' });
    await drain();

    expect((await linksOf(me, 'q=patronne')).links).toEqual([]);
    expect((await linksOf(other, 'q=patronne')).links.map((l) => l.id)).toEqual([theirs.id]);

    const all = await linksOf(me, 'q=quay');
    expect(all.folders).toHaveLength(1);
    expect(all.links.map((l) => l.id)).toEqual([mine.id]);
    // Found by its title first, it is listed once, there, with no excerpt; by its text alone, with one.
    expect(all.links[0]?.match).toBeUndefined();
    const content = await linksOf(me, 'q=quay&scope=content');
    expect(content.folders).toEqual([]);
    expect(content.links.map((l) => l.id)).toEqual([mine.id]);
    expect(content.links[0]?.match?.field).toBe('content');

    expect((await linksOf(me, 'q=slate&state=archived')).links).toEqual([]);
    await me.patch(`/api/links/${mine.id}`, { state: 'archived' });
    expect((await linksOf(me, 'q=slate&state=archived')).links.map((l) => l.id)).toEqual([mine.id]);
    expect((await linksOf(me, 'q=slate&availability=broken')).links).toEqual([]);
    await ctx.database.db
      .updateTable('links')
      .set({ availability: 'broken' })
      .where('id', '=', mine.id)
      .execute();
    const broken = await linksOf(me, 'q=quay&availability=broken');
    expect(broken.folders).toEqual([]);
    expect(broken.links.map((l) => l.id)).toEqual([mine.id]);
  });

  it('ranks a page that is more about the words above a longer page that names them as often', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const short = await me.link({ url: pages.url('/heron-short') });
    await drain();
    // Saved later, so it would come first if the two ranked alike.
    const long = await me.link({ url: pages.url('/heron-long') });
    await drain();

    const found = await linksOf(me, 'q=heron&scope=content');
    expect(found.links.map((l) => l.id)).toEqual([short.id, long.id]);
  });

  it('forgets the words of a deleted link', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const link = await me.link({ url: pages.url('/tides') });
    await drain();
    expect((await linksOf(me, 'q=slate')).links).toHaveLength(1);
    await me.delete(`/api/links/${link.id}`);
    expect((await linksOf(me, 'q=slate')).links).toEqual([]);
  });
});
