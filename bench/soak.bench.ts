/**
 * The memory soak (see BENCHMARKS.md):  npm run bench:soak [-- --minutes 60]
 *
 * The real program (dist/server/main.js, as `npm start` runs it) in a process of its own with 2 enrichment
 * workers, on a throw-away database, under a realistic mix at 50 requests a second from 4 people
 * (bench/soak-mix.ts): lists, filters, searches, links read, saved, moved and deleted, folders, counts, event
 * streams opened and closed. Saved pages are served on 127.0.0.1 (FETCH_ALLOW), so every save is fetched
 * and parsed: enrichment is part of a server's memory.
 *
 * Sampled every few seconds: the server's RSS from /proc (the whole process: web, workers and parsing
 * threads) and its main thread's V8 heap. Reported: at the start, after the warm-up, every 10 minutes and
 * at the end; the peak (VmHWM, the kernel's own high-water mark since the process started); and the slope
 * over the last half of the run, in MB per 10 minutes, to judge whether memory levels off.
 * Target: RSS under 300 MB throughout.
 *
 * Options: --minutes (default 60), --warmup minutes (5), --every minutes between rows (10), --rate
 * requests/s (50), --users (4), --sample seconds (2), --engine sqlite|postgres (sqlite);
 * BENCH_POSTGRES_URL as for the other benchmarks.
 */
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AppProcess, startAppProcess } from './app-process.js';
import { type BenchDatabase, benchEachEngine } from './engines.js';
import { servePages } from './page-server.js';
import { readabilityCases } from './quality/corpus.js';
import { machine, saveResults } from './report.js';
import { Mix, type MixTally } from './soak-mix.js';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    every: { type: 'string', default: '10' },
    rate: { type: 'string', default: '50' },
    users: { type: 'string', default: '4' },
    sample: { type: 'string', default: '2' },
    engine: { type: 'string', default: 'sqlite' },
  },
});
const MINUTES = Number(args.minutes);
const WARMUP_MINUTES = Number(args.warmup);
const EVERY_MINUTES = Number(args.every);
const RATE = Number(args.rate);
const USERS = Number(args.users);
const SAMPLE_MS = Number(args.sample) * 1000;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_RSS_MB = 300;
const MB = 1024 * 1024;

/** One reading; `minute` counts from the start of the traffic (negative before it). */
interface Sample {
  minute: number;
  rssMb: number;
  anonMb: number;
  peakMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
}

interface Row extends Sample {
  label: string;
  requests: number;
  saved: number;
  enriched: number;
  failed: number;
  waiting: number;
}

interface SoakReport {
  engine: string;
  version: string;
  options: typeof args;
  rows: Row[];
  peakMb: number;
  /** Least-squares slopes over the last half of the run, MB per 10 minutes. */
  rssSlope: number;
  /** Of each minute's lowest heapUsed (after a collection, close to the live heap). */
  liveHeapSlope: number;
  tally: MixTally;
  samples: Sample[];
}

async function sample(app: AppProcess, started: number): Promise<Sample> {
  const { rss, anon, peak } = app.memory();
  const heap = await app.heap();
  return {
    minute: (performance.now() - started) / 60_000,
    rssMb: rss / MB,
    anonMb: anon / MB,
    peakMb: peak / MB,
    heapUsedMb: heap.heapUsed / MB,
    heapTotalMb: heap.heapTotal / MB,
    externalMb: (heap.external + heap.arrayBuffers) / MB,
  };
}

/** Enrichment's state in the database: how many saves are done, failed for good, or still to do. */
async function jobCounts(bench: BenchDatabase) {
  const rows = await bench.database.db
    .selectFrom('link_ingest_jobs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const count = (...statuses: string[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.count), 0);
  return { enriched: count('success'), failed: count('failed'), waiting: count('queued', 'running') };
}

/** Least-squares slope of `value` against the minute, in MB per 10 minutes. */
function slopePer10Minutes(points: { minute: number; value: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const meanX = points.reduce((s, p) => s + p.minute, 0) / n;
  const meanY = points.reduce((s, p) => s + p.value, 0) / n;
  const covariance = points.reduce((s, p) => s + (p.minute - meanX) * (p.value - meanY), 0);
  const variance = points.reduce((s, p) => s + (p.minute - meanX) ** 2, 0);
  return (covariance / variance) * 10;
}

/** Each whole minute's lowest heapUsed: the heap right after a collection, what is really kept. */
function liveHeap(samples: Sample[]): { minute: number; value: number }[] {
  const byMinute = new Map<number, number>();
  for (const s of samples) {
    const minute = Math.floor(s.minute);
    byMinute.set(minute, Math.min(byMinute.get(minute) ?? Infinity, s.heapUsedMb));
  }
  return [...byMinute].map(([minute, value]) => ({ minute: minute + 0.5, value }));
}

async function soak(bench: BenchDatabase, pagesOrigin: string, words: string[]): Promise<SoakReport> {
  const app = await startAppProcess(bench.url, { workers: 2, fetchAllow: ['127.0.0.1'] });
  const mix = new Mix({ api: app.origin, pages: pagesOrigin, users: USERS, rate: RATE, words });
  const samples: Sample[] = [];
  const rows: Row[] = [];
  try {
    await mix.signUp();
    let started = performance.now();
    const row = async (label: string) => {
      const reading = await sample(app, started);
      const counts = await jobCounts(bench);
      const { requests, saves } = mix.tally();
      rows.push({ label, ...reading, requests, saved: saves, ...counts });
      console.log(
        `  ${label.padEnd(22)} RSS ${reading.rssMb.toFixed(0)} MB (peak ${reading.peakMb.toFixed(0)}), heap ` +
          `${reading.heapUsedMb.toFixed(0)}/${reading.heapTotalMb.toFixed(0)} MB, ${requests} requests, ` +
          `${saves} saved, ${counts.enriched} enriched, ${counts.failed} failed, ${counts.waiting} waiting`,
      );
    };
    await row('start');
    started = performance.now();
    const until = started + MINUTES * 60_000;
    const traffic = mix.run(until);

    const marks = [
      { minute: WARMUP_MINUTES, label: `after warm-up (${WARMUP_MINUTES} min)` },
      ...Array.from({ length: Math.floor(MINUTES / EVERY_MINUTES) }, (_, i) => ({
        minute: (i + 1) * EVERY_MINUTES,
        label: `${(i + 1) * EVERY_MINUTES} min`,
      })),
    ].filter((m) => m.minute < MINUTES);
    while (performance.now() < until) {
      await sleep(Math.min(SAMPLE_MS, until - performance.now()));
      samples.push(await sample(app, started));
      const minute = (performance.now() - started) / 60_000;
      while (marks[0] && marks[0].minute <= minute) await row(marks.shift()?.label ?? '');
    }
    await traffic;
    await row(`end (${MINUTES} min)`);

    const lastHalf = samples.filter((s) => s.minute >= MINUTES / 2);
    return {
      engine: bench.engine,
      version: bench.version,
      options: args,
      rows,
      peakMb: app.memory().peak / MB,
      rssSlope: slopePer10Minutes(lastHalf.map((s) => ({ minute: s.minute, value: s.rssMb }))),
      liveHeapSlope: slopePer10Minutes(liveHeap(lastHalf)),
      tally: mix.tally(),
      samples,
    };
  } finally {
    await mix.close();
    await app.stop();
  }
}

const mb = (n: number) => n.toFixed(0);

function table(report: SoakReport): string {
  const lines = [
    '| when | RSS MB | of which anon | V8 heap used / total MB | external + buffers MB | requests | saved | enriched | failed | waiting |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...report.rows.map(
      (r) =>
        `| ${r.label} | ${mb(r.rssMb)} | ${mb(r.anonMb)} | ${mb(r.heapUsedMb)} / ${mb(r.heapTotalMb)} | ` +
        `${mb(r.externalMb)} | ${r.requests} | ${r.saved} | ${r.enriched} | ${r.failed} | ${r.waiting} |`,
    ),
  ];
  return lines.join('\n');
}

function actionsTable(tally: MixTally): string {
  const lines = [
    '| request | count | p50 ms | p95 ms | p99 ms | not 2xx | no answer |',
    '|---|--:|--:|--:|--:|--:|--:|',
    ...Object.entries(tally.byAction).map(
      ([action, t]) =>
        `| ${action} | ${t.requests} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.p99.toFixed(1)} | ` +
        `${Object.entries(t.refused)
          .map(([status, n]) => `${n} × ${status}`)
          .join(', ')} | ${t.failures} |`,
    ),
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const machineLine = machine();
  console.log(`Machine: ${machineLine}`);
  console.log(
    `Soak: ${MINUTES} min at ${RATE} requests/s from ${USERS} people, 2 enrichment workers, ${args.engine}`,
  );
  const words = [
    ...new Set(
      readabilityCases()
        .flatMap((page) => (page.expected.title ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u))
        .filter((word) => word.length >= 4),
    ),
  ];
  const pages = await servePages();
  try {
    const [report] = await benchEachEngine([args.engine], POSTGRES_URL, (bench) =>
      soak(bench, pages.origin, words),
    );
    if (!report) return;
    const met = report.peakMb < TARGET_RSS_MB;
    const elapsedMinutes = report.rows.at(-1)?.minute ?? MINUTES;
    console.log(
      `\nMachine: ${machineLine}\n${report.engine} ${report.version}, ${MINUTES} min, ` +
        `${(report.tally.requests / (elapsedMinutes * 60)).toFixed(1)} requests/s, ` +
        `${report.tally.streamsOpened} event streams opened (${report.tally.streamFailures} failed), ` +
        `${report.tally.eventsReceived} events\n\n${table(report)}\n\n` +
        `Peak RSS (VmHWM): ${mb(report.peakMb)} MB; target under ${TARGET_RSS_MB} MB: ${met ? 'met' : '**not met**'}\n` +
        `Slope over the last half (minute ${MINUTES / 2} to ${MINUTES}): RSS ${report.rssSlope.toFixed(1)} MB ` +
        `per 10 min, live V8 heap ${report.liveHeapSlope.toFixed(1)} MB per 10 min\n\n${actionsTable(report.tally)}\n`,
    );
    console.log(`Results written to ${saveResults('soak', { machine: machineLine, report })}`);
    if (!met) process.exitCode = 1;
  } finally {
    pages.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
