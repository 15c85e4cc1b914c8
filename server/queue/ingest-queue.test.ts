import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../test/app.js';
import { testDialect } from '../../test/database.js';
import { html, usePageServer } from '../../test/page-server.js';
import { waitFor } from '../../test/wait.js';
import { createLogger } from '../logging/logger.js';
import { type Database, openDatabase } from '../db/database.js';
import { LocalEventBus } from '../realtime/event-bus.js';
import { LibraryNotifier } from '../realtime/notifier.js';
import { PageParser } from '../enrich/page-parser.js';
import { Enricher } from '../enrich/enricher.js';
import type { Enrichment } from '../library/link-enrichment.repository.js';
import { SafeFetcher } from '../fetch/safe-fetcher.js';
import { EnrichmentJobs } from '../enrich/enrichment-jobs.js';
import { IngestQueue } from './ingest-queue.js';
import { JobRunner } from '../enrich/job-runner.js';

const WORKERS = 4;
const JOBS = 120;

const enrichment = (url: string): Enrichment => ({
  title: `Title of ${url}`,
  ogTitle: `Title of ${url}`,
  ogDescription: null,
  ogImageUrl: null,
  favicon: null,
  platform: 'generic',
  platformMetadata: {},
  extractionMethod: 'metadata',
  summaryShort: `Summary of ${url}`,
  summaryLong: null,
  keyPoints: [],
  highlights: [],
  tags: [],
  content: null,
});

/** An enricher that takes a few milliseconds per page and remembers which worker handled which URL. */
function recordingEnricher(worker: number, calls: { worker: number; url: string }[]): Enricher {
  return {
    enrich: async (url: string) => {
      calls.push({ worker, url });
      await sleep(1 + Math.random() * 8);
      return enrichment(url);
    },
    close: () => Promise.resolve(),
  } as unknown as Enricher;
}

/**
 * The queue under several workers. On PostgreSQL each worker has its own connection pool, as separate
 * worker processes would; SQLite serves one process, so there the workers share its one connection.
 */
describe(`job queue with ${WORKERS} concurrent workers (${testDialect()})`, () => {
  const ctx = useTestApp();
  const extra: Database[] = [];
  afterAll(() => Promise.all(extra.map((d) => d.close())));
  const connection = (): Database => {
    if (ctx.database.dialect !== 'postgres') return ctx.database;
    const database = openDatabase(ctx.database.url, { poolSize: 2 });
    extra.push(database);
    return database;
  };
  const logger = createLogger('silent');

  const saveLinks = async (count: number, prefix: string) => {
    const { auth } = await signUp(ctx.app);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: auth,
        payload: { url: `https://${prefix}.example/${i}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id as string);
    }
    return ids;
  };
  const jobsOf = (ids: string[]) =>
    ctx.database.db.selectFrom('link_ingest_jobs').selectAll().where('link_id', 'in', ids).execute();

  it('claims every due job exactly once when claimers race (on PostgreSQL each on its own connection)', async () => {
    const ids = await saveLinks(JOBS, 'race');
    const repos = Array.from({ length: WORKERS }, () => {
      const database = connection();
      return EnrichmentJobs.over(database.db, database.dialect);
    });
    const claimed: string[][] = repos.map(() => []);
    const now = new Date().toISOString();
    const lease = new Date(Date.now() + 60_000).toISOString();
    await Promise.all(
      repos.map(async (repo, i) => {
        for (;;) {
          const job = await repo.claim(now, lease);
          if (!job) return;
          claimed[i]?.push(job.linkId);
        }
      }),
    );
    const all = claimed.flat();
    expect(all).toHaveLength(JOBS);
    expect(new Set(all)).toEqual(new Set(ids));
    const rows = await jobsOf(ids);
    expect(rows.every((r) => r.status === 'running' && Number(r.attempts) === 1)).toBe(true);
    if (ctx.database.dialect === 'postgres') {
      // Every claimer got work: SKIP LOCKED lets them take rows side by side instead of queuing.
      for (const mine of claimed) expect(mine.length).toBeGreaterThan(0);
    }
  });

  it(`processes ${JOBS} jobs with ${WORKERS} worker pools, each job exactly once`, async () => {
    const ids = await saveLinks(JOBS, 'pool');
    const calls: { worker: number; url: string }[] = [];
    const pools = Array.from({ length: WORKERS }, (_, worker) => {
      const database = connection();
      return new JobRunner(
        EnrichmentJobs.over(database.db, database.dialect),
        recordingEnricher(worker, calls),
        new LibraryNotifier(new LocalEventBus()),
        logger,
      );
    });
    for (const pool of pools) pool.start(1);
    const rows = await waitFor(
      async () => {
        const now = await jobsOf(ids);
        return now.every((r) => r.status === 'success') && now;
      },
      { timeoutMs: 60_000 },
    );
    await Promise.all(pools.map((pool) => pool.stop()));

    expect(rows.filter((r) => r.status !== 'success')).toEqual([]);
    expect(rows.every((r) => Number(r.attempts) === 1)).toBe(true);
    const urls = calls.map((c) => c.url);
    expect(urls).toHaveLength(JOBS);
    expect(new Set(urls).size).toBe(JOBS);
    for (let worker = 0; worker < WORKERS; worker += 1) {
      expect(calls.some((c) => c.worker === worker)).toBe(true);
    }
    const links = await ctx.database.db
      .selectFrom('links')
      .select(['url', 'summary_short', 'enrichment_status'])
      .where('id', 'in', ids)
      .execute();
    for (const link of links) {
      expect(link).toMatchObject({ enrichment_status: 'enriched', summary_short: `Summary of ${link.url}` });
    }
  });

  it('a job whose worker died is claimed by another once the lease expires; the late result is dropped', async () => {
    const [id] = await saveLinks(1, 'lease');
    const dying = connection();
    const deadRepo = EnrichmentJobs.over(dying.db, dying.dialect);
    const now = new Date().toISOString();
    const held = await deadRepo.claim(now, new Date(Date.now() + 60_000).toISOString());
    expect(held?.linkId).toBe(id);

    const calls: { worker: number; url: string }[] = [];
    const rescuerDb = connection();
    const rescuer = new JobRunner(
      EnrichmentJobs.over(rescuerDb.db, rescuerDb.dialect),
      recordingEnricher(1, calls),
      new LibraryNotifier(new LocalEventBus()),
      logger,
    );
    // While the lease holds, nobody else takes the job.
    expect(await rescuer.runOnce()).toBe(false);

    // The dead worker's lease runs out.
    await ctx.database.db
      .updateTable('link_ingest_jobs')
      .set({ lease_until: new Date(Date.now() - 1_000).toISOString() })
      .where('link_id', '=', id as string)
      .execute();
    expect(await rescuer.runOnce()).toBe(true);
    const [row] = await jobsOf([id as string]);
    expect(row).toMatchObject({ status: 'success' });
    expect(Number(row?.attempts)).toBe(2);
    expect(calls).toEqual([{ worker: 1, url: 'https://lease.example/0' }]);

    // The "dead" worker comes back and reports: its attempt is stale, so nothing it says is written.
    const stale = {
      ...(held as NonNullable<typeof held>),
      url: 'https://lease.example/0',
    };
    const late = { ...enrichment('stale'), summaryShort: 'STALE' };
    expect(await deadRepo.succeed(stale, late, new Date().toISOString())).toBe(false);
    const lateFailure = {
      error: 'late failure',
      failure: { reason: 'timed_out', message: 'Timed out' },
    } as const;
    expect(await deadRepo.fail(stale, lateFailure, null, new Date().toISOString())).toBe(false);
    const link = await ctx.database.db
      .selectFrom('links')
      .select(['summary_short', 'enrichment_status'])
      .where('id', '=', id as string)
      .executeTakeFirstOrThrow();
    expect(link).toEqual({
      summary_short: 'Summary of https://lease.example/0',
      enrichment_status: 'enriched',
    });
  });
});

describe(`fair queue (${testDialect()})`, () => {
  const ctx = useTestApp();
  const logger = createLogger('silent');

  /** Saves links through the API (fresh jobs), then turns them into a backlog, as an import queues them. */
  const backlog = async (auth: Record<string, string>, userId: string, prefix: string, count: number) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: auth,
        payload: { url: `https://${prefix}.example/${i}` },
      });
      ids.push(res.json().id as string);
    }
    const queue = new IngestQueue(ctx.database.db, ctx.database.dialect);
    await queue.enqueueBacklog(ctx.database.db, userId, ids, new Date().toISOString());
    return ids;
  };
  const claimAll = async (options: Parameters<EnrichmentJobs['claim']>[2] = {}) => {
    const jobs = EnrichmentJobs.over(ctx.database.db, ctx.database.dialect);
    const order: string[] = [];
    const lease = new Date(Date.now() + 60_000).toISOString();
    for (;;) {
      const job = await jobs.claim(new Date().toISOString(), lease, options);
      if (!job) return order;
      order.push(job.linkId);
    }
  };

  it("serves fresh saves first, then users' backlogs in turn, each in its own order", async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const c = await signUp(ctx.app);
    const aBacklog = await backlog(a.auth, a.user.id, 'a-import', 5);
    const bBacklog = await backlog(b.auth, b.user.id, 'b-import', 2);
    const fresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: c.auth,
      payload: { url: 'https://c.example/fresh' },
    });
    const aFresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: a.auth,
      payload: { url: 'https://a.example/fresh' },
    });

    const order = await claimAll();
    expect(order).toEqual([
      fresh.json().id,
      aFresh.json().id,
      aBacklog[0],
      bBacklog[0],
      aBacklog[1],
      bBacklog[1],
      aBacklog[2],
      aBacklog[3],
      aBacklog[4],
    ]);
  });

  it("starts a later backlog at the head of the queue, and a user's second backlog after their first", async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const first = await backlog(a.auth, a.user.id, 'first', 3);
    // Two of A's jobs are done: the head of the queue has moved on to A's third.
    const jobs = EnrichmentJobs.over(ctx.database.db, ctx.database.dialect);
    const lease = new Date(Date.now() + 60_000).toISOString();
    expect((await jobs.claim(new Date().toISOString(), lease))?.linkId).toBe(first[0]);
    expect((await jobs.claim(new Date().toISOString(), lease))?.linkId).toBe(first[1]);
    const second = await backlog(a.auth, a.user.id, 'second', 2);
    const late = await backlog(b.auth, b.user.id, 'late', 2);

    // B joins at the head (beside A's third), not behind everything A queued.
    expect(await claimAll()).toEqual([first[2], late[0], second[0], late[1], second[1]]);
  });

  it("takes people's fresh saves in turn, however many one of them saved first", async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const c = await signUp(ctx.app);
    const saveAs = async (auth: Record<string, string>, url: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: auth,
        payload: { url },
      });
      return res.json().id as string;
    };
    const aSaves: string[] = [];
    for (let i = 0; i < 4; i += 1) aSaves.push(await saveAs(a.auth, `https://a-many.example/${i}`));
    const bSave = await saveAs(b.auth, 'https://b-one.example/');
    const cSave = await saveAs(c.auth, 'https://c-one.example/');
    const aLater = await saveAs(a.auth, 'https://a-many.example/later');
    expect(await claimAll()).toEqual([aSaves[0], bSave, cSave, aSaves[1], aSaves[2], aSaves[3], aLater]);
  });

  it('a worker kept for fresh saves never takes a backlog job', async () => {
    const a = await signUp(ctx.app);
    await backlog(a.auth, a.user.id, 'kept', 3);
    expect(await claimAll({ freshOnly: true })).toEqual([]);
    const save = await ctx.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: a.auth,
      payload: { url: 'https://kept.example/fresh' },
    });
    expect(await claimAll({ freshOnly: true })).toEqual([save.json().id]);
    expect(await claimAll()).toHaveLength(3);
  });

  it('passes over the pages of the hosts it is told to skip, whatever their scheme and port', async () => {
    const { auth } = await signUp(ctx.app);
    const urls = [
      'https://busy.example/a',
      'http://busy.example:8080/b',
      'https://busy.example?q=1',
      'https://busy.example',
      'https://a_b.example/c',
      'https://busy.example.org/d',
      'https://not-busy.example/e',
      'https://axb.example/f',
    ];
    const ids: string[] = [];
    for (const url of urls) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: auth,
        payload: { url },
      });
      ids.push(res.json().id as string);
    }
    expect(await claimAll({ skipHosts: ['busy.example', 'a_b.example'] })).toEqual(ids.slice(5));
    expect(await claimAll()).toEqual(ids.slice(0, 5));
  });

  it("enriches a fresh save while every other worker is held by another user's slow backlog", async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    await backlog(a.auth, a.user.id, 'slow', 4);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const enriched: string[] = [];
    const enricher = {
      enrich: async (url: string) => {
        if (url.includes('slow.example')) await held;
        enriched.push(url);
        return enrichment(url);
      },
      close: () => Promise.resolve(),
    } as unknown as Enricher;
    const pool = new JobRunner(
      EnrichmentJobs.over(ctx.database.db, ctx.database.dialect),
      enricher,
      new LibraryNotifier(new LocalEventBus()),
      logger,
    );
    pool.start(1);
    try {
      // The loop that takes any job holds one of A's slow pages before B saves.
      const slowJobsRunning = () =>
        ctx.database.db
          .selectFrom('link_ingest_jobs')
          .select('id')
          .where('user_id', '=', a.user.id)
          .where('status', '=', 'running')
          .execute();
      await waitFor(async () => (await slowJobsRunning()).length > 0);
      expect(await slowJobsRunning()).toHaveLength(1);
      const save = await ctx.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: b.auth,
        payload: { url: 'https://b.example/fresh' },
      });
      pool.wake();
      await waitFor(() => enriched.includes('https://b.example/fresh'));
      expect(enriched).toEqual(['https://b.example/fresh']);
      const link = await ctx.app.inject({
        method: 'GET',
        url: `/api/links/${save.json().id}`,
        headers: b.auth,
      });
      expect(link.json().enrichmentStatus).toBe('enriched');
    } finally {
      release();
      await pool.stop();
    }
  });
});

describe(`fair workers (${testDialect()})`, () => {
  const ctx = useTestApp();
  const pages = usePageServer();

  it("takes another person's save at once while one person's slow pages hold the other workers", async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const hanging: ServerResponse[] = [];
    const port = new URL(pages.origin).port;
    const slow = Array.from({ length: 12 }, (_, i) => `/slow/${i}`);
    for (const path of slow) pages.routes[path] = (_req, res) => void hanging.push(res);
    pages.routes['/quick'] = html('<title>Quick</title>');
    const saveAs = async (auth: Record<string, string>, url: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: auth,
        payload: { url },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    for (const path of slow) await saveAs(a.auth, `http://slow.test:${port}${path}`);
    // Both sites are this test's page server, under two host names (each host has its own fetch limit).
    const loopback = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    const jobs = EnrichmentJobs.over(ctx.database.db, ctx.database.dialect);
    let freshPolls = 0;
    const claim = jobs.claim.bind(jobs);
    jobs.claim = async (...args: Parameters<EnrichmentJobs['claim']>) => {
      const claimed = await claim(...args);
      if (args[2]?.freshOnly) freshPolls += 1;
      return claimed;
    };
    const pool = new JobRunner(
      jobs,
      new Enricher(new SafeFetcher(['127.0.0.1'], { resolver: loopback }), new PageParser(1)),
      new LibraryNotifier(new LocalEventBus()),
      createLogger('silent'),
    );
    const jobsOf = async (userId: string, status: string) =>
      (
        await ctx.database.db
          .selectFrom('link_ingest_jobs')
          .select('link_id')
          .where('user_id', '=', userId)
          .where('status', '=', status)
          .execute()
      ).map((row) => row.link_id);
    pool.start(2);
    try {
      await waitFor(() => hanging.length === 2);
      // The loop kept for fresh saves does not take a third of A's: A has two in hand here. Claims take
      // turns, so a poll counted from now on saw both.
      const polled = freshPolls;
      pool.wake();
      await waitFor(() => freshPolls > polled);
      expect(await jobsOf(a.user.id, 'running')).toHaveLength(2);
      const bSave = await saveAs(b.auth, `http://quick.test:${port}/quick`);
      pool.wake();
      await waitFor(async () => (await jobsOf(b.user.id, 'success')).length > 0);
      expect(await jobsOf(b.user.id, 'success')).toEqual([bSave]);
      expect(await jobsOf(a.user.id, 'running')).toHaveLength(2);
      expect(await jobsOf(a.user.id, 'queued')).toHaveLength(10);
    } finally {
      await pool.stop();
      for (const res of hanging) res.destroy();
    }
  });
});

describe(`enrichment and a link's own tags (${testDialect()})`, () => {
  const ctx = useTestApp();

  it('adds its tags to the ones the link has when it succeeds, those written meanwhile included', async () => {
    const { auth } = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: auth,
      payload: { url: 'https://tags.example/post' },
    });
    const id = res.json().id as string;
    const jobs = EnrichmentJobs.over(ctx.database.db, ctx.database.dialect);
    const claimed = await jobs.claim(new Date().toISOString(), new Date(Date.now() + 60_000).toISOString());
    expect(claimed?.linkId).toBe(id);
    // An import merges its tags into the link while its page is being fetched.
    await ctx.database.db
      .updateTable('links')
      .set({ tags: JSON.stringify(['Reading', 'rust']) })
      .where('id', '=', id)
      .execute();
    const job = {
      ...(claimed as NonNullable<typeof claimed>),
      url: 'https://tags.example/post',
    };
    const result = { ...enrichment(job.url), tags: ['Rust', 'memory'] };
    expect(await jobs.succeed(job, result, new Date().toISOString())).toBe(true);
    const link = await ctx.app.inject({ method: 'GET', url: `/api/links/${id}`, headers: auth });
    expect(link.json().tags).toEqual(['Reading', 'rust', 'memory']);
  });
});
