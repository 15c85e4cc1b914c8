/**
 * The import benchmark (see BENCHMARKS.md):  npm run bench:import
 *
 * For SQLite, then PostgreSQL when it is reachable, on a throw-away database, with the real app in a process
 * of its own (2 enrichment workers and the import runner, as `npm start` runs it):
 * 1. a Netscape file of 50,000 bookmarks in 500 folders (bookmark-file.ts) is uploaded by one user, with
 *    enrichment on; measured: the time until the import is done and every link is listed (paging through
 *    GET /api/links), and the server's RSS growth (its peak RSS, VmHWM, over its RSS before, after a full
 *    garbage collection and a warm-up import and save);
 * 2. while that backlog of 50,000 links is being enriched (pages served by this bench on 127.0.0.1, each
 *    after 50-400 ms, as sites answer), another user saves a page every 1.5 s; measured: the time from the
 *    save to its link enriched, and the first page of links (both users') answered all along.
 *
 * Targets: imported and listed in under 30 s, RSS growth under 150 MB; the other user's fresh
 * saves enriched in p50 under 2 s; the first page of links in p95 under 50 ms.
 *
 * Environment: BENCH_ENGINES (default "sqlite,postgres"), BENCH_POSTGRES_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_IMPORT_ENTRIES (default 50000).
 */
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Import, Link, Session } from '../contracts/index.js';
import { startAppProcess } from './app-process.js';
import { type BookmarkFileFacts, writeBookmarkFile } from './bookmark-file.js';
import { type BenchDatabase, benchEachEngine } from './engines.js';
import { servePages } from './page-server.js';
import { machine, saveResults } from './report.js';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const ENTRIES = Number(process.env.BENCH_IMPORT_ENTRIES ?? 50_000);
const TARGET = { importSeconds: 30, growthMb: 150, freshP50Seconds: 2, pageP95Ms: 50 };
const FRESH_SAVES = 15;
const FRESH_EVERY_MS = 1500;
const MB = 1024 * 1024;

interface EngineReport {
  engine: string;
  version: string;
  file: BookmarkFileFacts;
  import: Import;
  importSeconds: number;
  listedSeconds: number;
  listed: number;
  rssBeforeMb: number;
  peakRssMb: number;
  growthMb: number;
  fresh: { p50: number; p95: number; max: number; enriched: number; saves: number };
  firstPage: { p50: number; p95: number; max: number; requests: number };
  backlogEnrichedPerSecond: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

class Client {
  constructor(
    private readonly origin: string,
    private readonly token: string,
  ) {}

  static async signUp(origin: string, email: string): Promise<Client> {
    const res = await fetch(`${origin}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
    return new Client(origin, ((await res.json()) as Session).access_token);
  }

  async call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(`${this.origin}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${this.token}`, ...init.headers },
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async upload(path: string, name: string): Promise<Import> {
    const form = new FormData();
    form.append('file', await openAsBlob(path), name);
    return this.call<Import>('/api/imports', { method: 'POST', body: form });
  }

  async importDone(id: string): Promise<Import> {
    for (;;) {
      const progress = await this.call<Import>(`/api/imports/${id}`);
      if (progress.status !== 'queued' && progress.status !== 'running') return progress;
      await sleep(250);
    }
  }

  /** Every link, page after page: the library as the web app lists it. */
  async listAll(): Promise<number> {
    let count = 0;
    let cursor: string | null = null;
    do {
      const page: { items: Link[]; nextCursor: string | null } = await this.call(
        `/api/links?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      count += page.items.length;
      cursor = page.nextCursor;
    } while (cursor);
    return count;
  }

  /** Seconds from the save to its link enriched (or failed: then null). */
  async saveAndWait(url: string): Promise<number | null> {
    const started = performance.now();
    const link = await this.call<Link>('/api/links', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    for (;;) {
      const now = await this.call<Link>(`/api/links/${link.id}`);
      if (now.enrichmentStatus === 'enriched') return (performance.now() - started) / 1000;
      if (now.enrichmentStatus === 'failed' || performance.now() - started > 60_000) return null;
      await sleep(50);
    }
  }

  async firstPageMs(): Promise<number> {
    const started = performance.now();
    await this.call('/api/links');
    return performance.now() - started;
  }
}

/** Imported links waiting for enrichment (or being enriched). */
async function backlogWaiting(bench: BenchDatabase): Promise<number> {
  const row = await bench.database.db
    .selectFrom('link_ingest_jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', 'in', ['queued', 'running'])
    .where('priority', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function enrichedCount(bench: BenchDatabase): Promise<number> {
  const row = await bench.database.db
    .selectFrom('link_ingest_jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', 'in', ['success', 'failed'])
    .where('priority', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function benchEngine(bench: BenchDatabase, pages: Server & { origin: string }, dir: string) {
  console.log(
    `\n${bench.engine} ${bench.version}: writing a file of ${ENTRIES.toLocaleString('en-US')} bookmarks…`,
  );
  const file = await writeBookmarkFile(join(dir, 'bookmarks.html'), pages.origin, { entries: ENTRIES });
  const app = await startAppProcess(bench.url, { workers: 2, fetchAllow: ['127.0.0.1'] });
  try {
    const importer = await Client.signUp(app.origin, 'importer@example.com');
    const saver = await Client.signUp(app.origin, 'saver@example.com');
    await warmUp(bench, importer, saver, pages.origin, dir);

    await app.collect();
    app.resetPeak();
    const before = app.memory();
    const started = performance.now();
    const uploaded = await importer.upload(file.path, 'bookmarks.html');
    const done = await importer.importDone(uploaded.id);
    const importSeconds = (performance.now() - started) / 1000;
    const listed = await importer.listAll();
    const listedSeconds = (performance.now() - started) / 1000;
    const after = app.memory();
    console.log(
      `  imported in ${importSeconds.toFixed(1)} s (${done.created} added, ${done.merged} already saved, ` +
        `${done.skipped} skipped), ${listed} listed at ${listedSeconds.toFixed(1)} s; server RSS ` +
        `${(before.rss / MB).toFixed(0)} MB before, peak ${(after.peak / MB).toFixed(0)} MB`,
    );

    const fairness = await freshSavesDuringBacklog(bench, importer, saver, pages.origin);
    return {
      engine: bench.engine,
      version: bench.version,
      file,
      import: done,
      importSeconds,
      listedSeconds,
      listed,
      rssBeforeMb: before.rss / MB,
      peakRssMb: after.peak / MB,
      growthMb: (after.peak - before.rss) / MB,
      ...fairness,
    } satisfies EngineReport;
  } finally {
    await app.stop();
  }
}

/**
 * Every code path once, so the measured import pays no first-time costs: a small import whose 300 pages
 * are all enriched (enrichment's parsing thread then holds what it holds at work: the memory measured is
 * the import's, not enrichment's first pages), a save enriched, a page of links.
 */
async function warmUp(bench: BenchDatabase, importer: Client, saver: Client, origin: string, dir: string) {
  const small = await writeBookmarkFile(join(dir, 'warm-up.html'), `${origin}/warm`, {
    entries: 300,
    topFolders: 2,
    subFolders: 1,
  });
  const warm = await saver.upload(small.path, 'warm-up.html');
  await saver.importDone(warm.id);
  await saver.saveAndWait(`${origin}/warm/fresh`);
  await importer.firstPageMs();
  while ((await backlogWaiting(bench)) > 0) await sleep(1000);
}

/** While the importer's backlog is enriched: the saver's fresh saves, and both users' first pages. */
async function freshSavesDuringBacklog(
  bench: BenchDatabase,
  importer: Client,
  saver: Client,
  origin: string,
) {
  const enrichedBefore = await enrichedCount(bench);
  const windowStarted = performance.now();
  const pageTimes: number[] = [];
  let saving = true;
  const reader = (async () => {
    while (saving) {
      pageTimes.push(await importer.firstPageMs(), await saver.firstPageMs());
      await sleep(100);
    }
  })();
  const saves: Promise<number | null>[] = [];
  for (let i = 0; i < FRESH_SAVES; i += 1) {
    saves.push(saver.saveAndWait(`${origin}/fresh/site-${i}/article`));
    await sleep(FRESH_EVERY_MS);
  }
  const times = await Promise.all(saves);
  saving = false;
  await reader;
  const windowSeconds = (performance.now() - windowStarted) / 1000;
  const backlogEnrichedPerSecond = ((await enrichedCount(bench)) - enrichedBefore) / windowSeconds;
  const enriched = times.filter((t): t is number => t !== null);
  const fresh = {
    p50: quantile(enriched, 0.5),
    p95: quantile(enriched, 0.95),
    max: Math.max(0, ...enriched),
    enriched: enriched.length,
    saves: FRESH_SAVES,
  };
  const firstPage = {
    p50: quantile(pageTimes, 0.5),
    p95: quantile(pageTimes, 0.95),
    max: Math.max(0, ...pageTimes),
    requests: pageTimes.length,
  };
  console.log(
    `  during the backlog: fresh saves enriched p50 ${fresh.p50.toFixed(2)} s, p95 ${fresh.p95.toFixed(2)} s ` +
      `(${fresh.enriched}/${fresh.saves}); first page p50 ${firstPage.p50.toFixed(1)} ms, p95 ` +
      `${firstPage.p95.toFixed(1)} ms (${firstPage.requests} requests); backlog enriched ` +
      `${backlogEnrichedPerSecond.toFixed(1)} links/s`,
  );
  return { fresh, firstPage, backlogEnrichedPerSecond };
}

const verdicts = (r: EngineReport) => ({
  import: r.listedSeconds < TARGET.importSeconds && r.listed === r.file.pages,
  memory: r.growthMb < TARGET.growthMb,
  fresh: r.fresh.enriched === r.fresh.saves && r.fresh.p50 < TARGET.freshP50Seconds,
  page: r.firstPage.p95 < TARGET.pageP95Ms,
});
const yesNo = (met: boolean) => (met ? 'yes' : '**no**');

function table(reports: EngineReport[]): string {
  const lines = [
    '| engine | imported, listed | links listed / pages in file | RSS growth | fresh save enriched p50 (p95) | first page p95 (p50) | backlog enriched |',
    '|---|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of reports) {
    const met = verdicts(r);
    lines.push(
      `| ${r.engine} | ${r.importSeconds.toFixed(1)} s, ${r.listedSeconds.toFixed(1)} s ${yesNo(met.import)} | ` +
        `${r.listed} / ${r.file.pages} | ${r.growthMb.toFixed(0)} MB ${yesNo(met.memory)} | ` +
        `${r.fresh.p50.toFixed(2)} s (${r.fresh.p95.toFixed(2)} s) ${yesNo(met.fresh)} | ` +
        `${r.firstPage.p95.toFixed(1)} ms (${r.firstPage.p50.toFixed(1)} ms) ${yesNo(met.page)} | ` +
        `${r.backlogEnrichedPerSecond.toFixed(1)} links/s |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const machineLine = machine();
  console.log(`Machine: ${machineLine}`);
  const pages = await servePages();
  const dir = mkdtempSync(join(tmpdir(), 'lv-import-bench-'));
  try {
    const reports = await benchEachEngine(ENGINES, POSTGRES_URL, (bench) => benchEngine(bench, pages, dir));
    console.log(
      `\nMachine: ${machineLine}\nTargets: imported and listed < ${TARGET.importSeconds} s, RSS growth < ` +
        `${TARGET.growthMb} MB, fresh save p50 < ${TARGET.freshP50Seconds} s, first page p95 < ` +
        `${TARGET.pageP95Ms} ms\n\n${table(reports)}\n`,
    );
    console.log(`Results written to ${saveResults('import', { machine: machineLine, reports })}`);
    if (!reports.every((r) => Object.values(verdicts(r)).every(Boolean))) process.exitCode = 1;
  } finally {
    pages.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
