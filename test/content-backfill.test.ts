import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from './app.js';
import { html, usePageServer } from './page-server.js';
import { enqueueContentBackfill } from '../server/db/migrations/0014_content_backfill.js';
import { LinkContentRepository } from '../server/library/link-content.repository.js';

const article = (topic: string) => `<!doctype html><html lang="en"><head><title>${topic}</title></head>
<body><article><h1>${topic}</h1>
${Array.from(
  { length: 6 },
  (_, i) =>
    `<p>Paragraph ${i + 1} about ${topic}: the keepers trimmed the wicks at dusk and wound the clockwork that
    turned the great lens, so that every ship along the coast could read the light's own rhythm.</p>`,
).join('\n')}
</article></body></html>`;

/**
 * Links enriched before pages were kept (migration 0011) get them from a backfill of content jobs
 * (migration 0014): each page fetched again, kept, and nothing else about the link changed, even when
 * the page is gone.
 */
describe('content backfill', () => {
  const pages = usePageServer({
    '/lighthouses': html(article('Lighthouses')),
    '/tides': html(article('Tides')),
    '/gone': html(article('Shipwrecks')),
    '/kept': html(article('Harbours')),
    '/about': html(article('About us')),
  });
  const ctx = useTestApp({ fetchAllow: ['127.0.0.1'] });
  const drain = async () => {
    while (await ctx.services.workers.runOnce());
  };
  const jobOf = (linkId: string) =>
    ctx.database.db
      .selectFrom('link_ingest_jobs')
      .selectAll()
      .where('link_id', '=', linkId)
      .executeTakeFirstOrThrow();

  /** The link as it was before 0011: enriched, nothing of its page kept. */
  const forgetPage = (linkId: string) =>
    ctx.database.db
      .transaction()
      .execute((trx) => new LinkContentRepository(ctx.database.db, ctx.database.dialect).forget(trx, linkId));

  it('keeps the pages of links enriched before, changing nothing else, and leaves a gone page as it was', async () => {
    const { auth } = await signUp(ctx.app);
    const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
      const res = await ctx.app.inject({ method, url, headers: auth, payload });
      return { status: res.statusCode, body: res.json() };
    };
    const save = async (path: string) =>
      (await call('POST', '/api/links', { url: pages.url(path) })).body.id as string;
    const [lighthouses, tides, gone, kept, noArticle] = [
      await save('/lighthouses'),
      await save('/tides'),
      await save('/gone'),
      await save('/kept'),
      await save('/about'),
    ];
    await drain();
    for (const id of [lighthouses, tides, gone, noArticle]) await forgetPage(id);
    // Found in its page's metadata only: nothing to keep, and nothing fetched again.
    await ctx.database.db
      .updateTable('links')
      .set({ extraction_method: 'metadata' })
      .where('id', '=', noArticle)
      .execute();
    await call('PATCH', `/api/links/${lighthouses}`, { title: 'My own title for it' });
    const before = (await call('GET', `/api/links/${lighthouses}`)).body;
    expect(before.contentAvailable).toBe(false);
    expect((await call('GET', `/api/links/${lighthouses}/content`)).status).toBe(404);
    delete pages.routes['/gone'];

    const now = new Date(Date.now() - 60_000);
    await enqueueContentBackfill(ctx.database.db, ctx.database.dialect, now);
    const queued = await Promise.all([lighthouses, tides, gone].map(jobOf));
    expect(queued.map((job) => [job.kind, job.status, Number(job.priority)])).toEqual(
      Array(3).fill(['content', 'queued', 2]),
    );
    // Newest first, two seconds apart.
    const due = queued.map((job) => new Date(job.scheduled_at).getTime()).sort((a, b) => a - b);
    expect(due).toEqual([0, 2000, 4000].map((ms) => now.getTime() + ms));
    expect(Number((await jobOf(gone)).rank)).toBeLessThan(Number((await jobOf(lighthouses)).rank));
    for (const id of [kept, noArticle]) expect((await jobOf(id)).kind).toBe('enrich');

    await drain();
    const after = (await call('GET', `/api/links/${lighthouses}`)).body;
    expect(after).toEqual({ ...before, contentAvailable: true });
    expect(after.title).toBe('My own title for it');
    const content = await call('GET', `/api/links/${lighthouses}/content`);
    expect(content.status).toBe(200);
    expect(content.body.text).toMatch(/keepers trimmed the wicks/);
    const found = (await call('GET', '/api/search?q=wicks&scope=content')).body.links.map(
      (link: { id: string }) => link.id,
    );
    expect(found.sort()).toEqual([lighthouses, tides, kept].sort());

    // The page is gone: the job fails, the link stays enriched and says nothing of it.
    const goneLink = (await call('GET', `/api/links/${gone}`)).body;
    expect(goneLink).toMatchObject({
      enrichmentStatus: 'enriched',
      enrichmentError: null,
      contentAvailable: false,
    });
    expect((await jobOf(gone)).status).toMatch(/^(failed|queued)$/);

    // Asking for an enrichment while a content job waits turns it into one.
    await forgetPage(tides);
    await enqueueContentBackfill(ctx.database.db, ctx.database.dialect, now);
    expect(await jobOf(tides)).toMatchObject({ kind: 'content', status: 'queued' });
    expect((await call('POST', `/api/links/${tides}/enrich`)).status).toBe(202);
    expect(await jobOf(tides)).toMatchObject({ kind: 'enrich', status: 'queued' });
  });
});
