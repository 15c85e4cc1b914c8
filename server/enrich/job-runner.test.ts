import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../test/app.js';
import { html, usePageServer } from '../../test/page-server.js';
import { heldBy } from '../../test/signals.js';
import { waitFor } from '../../test/wait.js';
import { ENRICHMENT_MAX_ATTEMPTS as MAX_ATTEMPTS } from '../../contracts/index.js';
import { createLogger } from '../logging/logger.js';
import { type LibraryEvent, LocalEventBus } from '../realtime/event-bus.js';
import { LibraryNotifier } from '../realtime/notifier.js';
import { PageParser } from './page-parser.js';
import { Enricher } from './enricher.js';
import { SafeFetcher } from '../fetch/safe-fetcher.js';
import { EnrichmentJobs } from './enrichment-jobs.js';
import { JobRunner, retryDelaySeconds } from './job-runner.js';

const ARTICLE = `<!doctype html><html lang="en"><head>
  <title>Fallback title</title>
  <meta property="og:title" content="How Lighthouses Work">
  <meta property="og:description" content="A short history of the lens that saved ships.">
  <meta property="og:image" content="/img/lens.jpg">
  <link rel="icon" href="/favicon.png">
</head><body><article>
  <h1>How Lighthouses Work</h1>
  <p>Lighthouses guided ships along dangerous coasts for centuries, and the Fresnel lens made their light visible for miles.</p>
  <p>Augustin Fresnel designed the lens in 1822, stacking rings of glass prisms so that a single lamp could throw a beam more than twenty miles out to sea.</p>
  <p>Before the Fresnel lens, lighthouses burned open fires or used mirrors, and most of their light was lost into the sky.</p>
  <p>Keepers tended the lamps every night, trimming wicks and winding the clockwork that turned the lens and gave each lighthouse its own flash pattern.</p>
  <p>Today most lighthouses are automated, but the Fresnel lens remains in use on coasts around the world, and many old lighthouses are now museums.</p>
  <p>Sailors still learn to recognise each lighthouse by the rhythm of its light, a skill that once decided whether a ship reached harbour.</p>
</article></body></html>`;

describe('enrichment worker', () => {
  const pages = usePageServer({ '/article': html(ARTICLE) });
  const ctx = useTestApp({ fetchAllow: ['127.0.0.1'] });

  const save = async (auth: { authorization: string }, url: string, title?: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: auth,
      payload: { url, title },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const job = (linkId: string) =>
    ctx.database.db
      .selectFrom('link_ingest_jobs')
      .selectAll()
      .where('link_id', '=', linkId)
      .executeTakeFirstOrThrow();
  const link = async (auth: { authorization: string }, id: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/links/${id}`, headers: auth })).json();
  const drain = async () => {
    while (await ctx.services.workers.runOnce());
  };

  it('enriches a saved page from its metadata and replaces the derived title', async () => {
    const { auth } = await signUp(ctx.app);
    const id = await save(auth, pages.url('/article'));
    await drain();
    const enriched = await link(auth, id);
    expect(enriched).toMatchObject({
      title: 'How Lighthouses Work',
      ogTitle: 'How Lighthouses Work',
      ogDescription: 'A short history of the lens that saved ships.',
      ogImageUrl: pages.url('/img/lens.jpg'),
      favicon: pages.url('/favicon.png'),
      enrichmentStatus: 'enriched',
      extractionMethod: 'readability',
      platform: 'generic',
    });
    expect(enriched.lastProcessedAt).not.toBeNull();
    expect(enriched.summaryShort).toMatch(/Fresnel lens/);
    // The long summary adds to the short one; key points repeat neither.
    expect(enriched.summaryLong).toBeTruthy();
    expect(enriched.summaryLong.startsWith(enriched.summaryShort)).toBe(false);
    for (const point of enriched.keyPoints) {
      expect(enriched.summaryShort).not.toContain(point);
      expect(enriched.summaryLong).not.toContain(point);
    }
    expect(enriched.keyPoints.length).toBeGreaterThanOrEqual(3);
    expect(enriched.keyPoints.length).toBeLessThanOrEqual(5);
    expect(enriched.tags.length).toBeGreaterThanOrEqual(3);
    expect(enriched.tags.length).toBeLessThanOrEqual(5);
    for (const tag of enriched.tags) expect(tag).toBe(tag.toLowerCase());
    expect(enriched.tags.some((tag: string) => tag.startsWith('lighthouse'))).toBe(true);
    expect((await job(id)).status).toBe('success');
  });

  it('keeps a title the user typed', async () => {
    const { auth } = await signUp(ctx.app);
    const id = await save(auth, pages.url('/article'), 'My lighthouse notes');
    await drain();
    expect(await link(auth, id)).toMatchObject({
      title: 'My lighthouse notes',
      ogTitle: 'How Lighthouses Work',
    });
  });

  it('retries a failing page with backoff, then marks it failed after the last attempt', async () => {
    const { auth } = await signUp(ctx.app);
    pages.routes['/flaky'] = (_req, res) => res.writeHead(503).end();
    const id = await save(auth, pages.url('/flaky'));
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      expect(await ctx.services.workers.runOnce()).toBe(true);
      const row = await job(id);
      expect(row.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(row.status).toBe('queued');
        expect(Date.parse(row.scheduled_at)).toBeGreaterThan(Date.now());
        // The link says the truth: this attempt failed, why, and when the next is due.
        expect(await link(auth, id)).toMatchObject({
          enrichmentStatus: 'queued',
          enrichmentAttempts: attempt,
          enrichmentRetryAt: new Date(row.scheduled_at).toISOString(),
          enrichmentError: { reason: 'site_error', message: 'The site failed to answer (503)' },
        });
        await ctx.database.db
          .updateTable('link_ingest_jobs')
          .set({ scheduled_at: new Date().toISOString() })
          .execute();
      }
    }
    expect(await job(id)).toMatchObject({ status: 'failed', last_error: 'The page answered HTTP 503' });
    // Failed for good: no retry is due any more.
    expect(await link(auth, id)).toMatchObject({
      enrichmentStatus: 'failed',
      enrichmentAttempts: MAX_ATTEMPTS,
      enrichmentRetryAt: null,
      enrichmentError: { reason: 'site_error' },
    });

    // Asked again, it starts over; a success clears the failure.
    pages.routes['/flaky'] = html(ARTICLE);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/links/${id}/enrich`, headers: auth })).statusCode,
    ).toBe(202);
    expect(await link(auth, id)).toMatchObject({ enrichmentAttempts: 0, enrichmentError: null });
    await drain();
    expect(await link(auth, id)).toMatchObject({
      enrichmentStatus: 'enriched',
      enrichmentAttempts: 1,
      enrichmentRetryAt: null,
      enrichmentError: null,
    });
  });

  it('refuses private addresses at once, without retrying, and says why', async () => {
    const { auth } = await signUp(ctx.app);
    const id = await save(auth, 'http://10.0.0.1/admin');
    await drain();
    expect(await job(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await link(auth, id)).toMatchObject({
      enrichmentStatus: 'failed',
      enrichmentRetryAt: null,
      enrichmentError: {
        reason: 'not_allowed',
        message: '10.0.0.1 is a private address, which Linkvault does not fetch',
      },
    });
  });

  it.each([
    [403, 'refused', 'The site refused the request (403)', true],
    [429, 'refused', 'The site refused the request (429)', true],
    [404, 'gone', 'The page is gone (404)', false],
  ] as const)('a page answering %i: %s, "%s"', async (status, reason, message, retried) => {
    const { auth } = await signUp(ctx.app);
    pages.routes[`/answers-${status}`] = (_req, res) => res.writeHead(status).end();
    const id = await save(auth, pages.url(`/answers-${status}`));
    await drain();
    expect(await link(auth, id)).toMatchObject({
      enrichmentStatus: retried ? 'queued' : 'failed',
      enrichmentAttempts: 1,
      enrichmentError: { reason, message },
    });
    expect((await link(auth, id)).enrichmentRetryAt === null).toBe(!retried);
  });

  it('claims a job again once the lease of a dead worker expires, and never twice while it holds', async () => {
    const { auth } = await signUp(ctx.app);
    const id = await save(auth, pages.url('/article'));
    const now = new Date().toISOString();
    const lease = new Date(Date.now() + 60_000).toISOString();
    const repo = ctx.services.workers['jobs'];
    const first = await repo.claim(now, lease);
    expect(first?.linkId).toBe(id);
    expect(await repo.claim(now, lease)).toBeNull();
    expect((await link(auth, id)).enrichmentStatus).toBe('processing');
    const afterLease = new Date(Date.now() + 61_000).toISOString();
    const second = await repo.claim(afterLease, new Date(Date.now() + 120_000).toISOString());
    expect(second).toMatchObject({ linkId: id, attempt: 2 });
  });

  it('puts the job in hand back when stopped: at once, without counting an attempt', async () => {
    const { auth } = await signUp(ctx.app);
    const hanging: ServerResponse[] = [];
    pages.routes['/never-answers'] = (_req, res) => void hanging.push(res);
    const id = await save(auth, pages.url('/never-answers'));
    // The fetch would wait ten minutes: stop() returning at all shows that it abandoned the fetch.
    const ends: string[] = [];
    const pool = new JobRunner(
      EnrichmentJobs.over(ctx.database.db, ctx.database.dialect),
      new Enricher(new SafeFetcher(['127.0.0.1'], { limits: { timeoutMs: 600_000 } }), new PageParser(1)),
      new LibraryNotifier(new LocalEventBus()),
      createLogger('silent'),
      { jobEnded: (kind, end) => void ends.push(`${kind} ${end}`) },
    );
    pool.start(1);
    try {
      await waitFor(() => hanging.length > 0);
      expect(await job(id)).toMatchObject({ status: 'running', attempts: 1 });
      await pool.stop();
    } finally {
      for (const res of hanging) res.destroy();
    }
    const row = await job(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lease_until: null, last_error: null });
    expect(ends).toEqual(['enrich put_back']);
    expect(await link(auth, id)).toMatchObject({
      enrichmentStatus: 'queued',
      enrichmentAttempts: 0,
      enrichmentError: null,
    });
    // Due at once: the next worker to look takes it, as its first attempt.
    const next = await ctx.services.workers['jobs'].claim(
      new Date().toISOString(),
      new Date(Date.now() + 60_000).toISOString(),
    );
    expect(next).toMatchObject({ linkId: id, attempt: 1 });
  });

  it('leaves nothing on the signal that stops it, however many jobs it runs', async () => {
    const { auth } = await signUp(ctx.app);
    for (let i = 0; i < 20; i += 1) {
      pages.routes[`/copy/${i}`] = html(ARTICLE);
      await save(auth, pages.url(`/copy/${i}`));
    }
    await drain();
    expect(heldBy(ctx.services.workers['stopping'].signal)).toBe(0);
  });

  it("leaves a page queued, never shown processing, while two of its host's pages are in hand; other hosts go on", async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const c = await signUp(ctx.app);
    const hanging: ServerResponse[] = [];
    for (const path of ['/held/1', '/held/2', '/held/3'])
      pages.routes[path] = (_req, res) => void hanging.push(res);
    // The same page server under another host name is another host.
    const loopback = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    const elsewhere = `http://elsewhere.test:${new URL(pages.origin).port}/article`;
    const bus = new LocalEventBus();
    const seen: LibraryEvent[] = [];
    bus.subscribe(b.user.id, (event) => void seen.push(event));
    const pool = new JobRunner(
      EnrichmentJobs.over(ctx.database.db, ctx.database.dialect),
      new Enricher(new SafeFetcher(['127.0.0.1'], { resolver: loopback }), new PageParser(1)),
      new LibraryNotifier(bus),
      createLogger('silent'),
    );
    await save(a.auth, pages.url('/held/1'));
    await save(a.auth, pages.url('/held/2'));
    pool.start(3);
    try {
      await waitFor(() => hanging.length === 2);
      const waiting = await save(b.auth, pages.url('/held/3'));
      const other = await save(c.auth, elsewhere);
      pool.wake();
      // B's page ranks before C's: the worker that took C's passed over it.
      await waitFor(async () => (await job(other)).status === 'success');
      expect(await job(waiting)).toMatchObject({ status: 'queued', attempts: 0 });
      expect(await link(b.auth, waiting)).toMatchObject({
        enrichmentStatus: 'queued',
        enrichmentAttempts: 0,
      });
      expect(seen).toEqual([]);

      // Once one of the host's pages is done, it is taken.
      hanging.shift()?.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE);
      await waitFor(() => hanging.length === 2);
      expect(await job(waiting)).toMatchObject({ status: 'running', attempts: 1 });
      expect(seen).toContainEqual({ type: 'job', userId: b.user.id, linkId: waiting, status: 'running' });
    } finally {
      await pool.stop();
      for (const res of hanging) res.destroy();
    }
  });

  it('backs off exponentially with jitter', () => {
    expect(retryDelaySeconds(1, () => 0)).toBe(15);
    expect(retryDelaySeconds(3, () => 0.999)).toBeCloseTo(120, 0);
    expect(retryDelaySeconds(4, () => 0.5)).toBe(180);
  });
});
