import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolUse } from '../db/pg-pool.js';
import { JOB_ENDS, type JobCounter, type JobEnd } from '../enrich/job-runner.js';
import { SAVE_SOURCES, type SaveCounter, type SaveSource } from '../library/links.service.js';
import { JOB_KINDS, JOB_PRIORITY, type JobKind } from '../queue/ingest-queue.js';
import type { StreamCounter } from '../realtime/events.routes.js';
import type { DatabaseReading, MetricsRepository } from './metrics.repository.js';

/**
 * Request durations in seconds. Steps of at most a third from 1 to 200 ms, where this API's answers fall
 * (BENCHMARKS.md), so that a percentile read from the buckets lands within a step of the one measured
 * (the bench prints both); coarse beyond, where only "slow" matters. 31 buckets per route, method and
 * status seen.
 */
const LATENCY_BUCKETS = [
  0.0005, 0.001, 0.00125, 0.0015, 0.002, 0.0025, 0.003, 0.004, 0.005, 0.006, 0.008, 0.01, 0.0125, 0.015, 0.02,
  0.025, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.125, 0.15, 0.2, 0.3, 0.5, 1, 2.5, 5, 10,
];

/** The route label of a request no route matched: its raw path would make a series per path sent. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Where this process's own figures end and the database's shared ones begin, for the HELP texts. */
const THIS_PROCESS = 'Counted by this process (each web process serves its own)';
const SHARED = 'From the database at scrape time, for every process';
const NOT_SERVED =
  'worker processes (ROLE=worker) serve no /metrics, so what they do shows only in the database figures';

/**
 * The Prometheus metrics (README "Metrics"), in a registry of the app's own: several apps built in one
 * process (tests) each count their own. What is this process's by nature (requests, event streams, its
 * pool) is counted here as it happens; what every process shares (the queue, imports) is read from the
 * database when scraped.
 */
export class Metrics implements SaveCounter, JobCounter, StreamCounter {
  private readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status_code'>;
  private readonly durations: Histogram<'route' | 'method' | 'status_code'>;
  private readonly saves: Counter<'source'>;
  private readonly jobs: Counter<'kind' | 'end'>;
  private readonly streams: Gauge;
  /** One database reading per scrape, shared by the gauges it feeds (see read). */
  private reading: Promise<DatabaseReading> | null = null;

  constructor(
    private readonly readings: MetricsRepository,
    poolUse?: () => PoolUse,
  ) {
    const registers = [this.registry];
    const labelNames = ['route', 'method', 'status_code'] as const;
    this.requests = new Counter({
      name: 'linkvault_http_requests_total',
      help: `HTTP requests answered, by route pattern (never the raw URL), method and status. ${THIS_PROCESS}.`,
      labelNames,
      registers,
    });
    this.durations = new Histogram({
      name: 'linkvault_http_request_duration_seconds',
      help:
        'Time from a request parsed to its answer sent, by route pattern, method and status (for ' +
        `/api/events, how long the stream stayed open). ${THIS_PROCESS}.`,
      labelNames,
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.saves = new Counter({
      name: 'linkvault_links_saved_total',
      help: `Links saved, by source: the API, or an import's file. ${THIS_PROCESS}; ${NOT_SERVED}.`,
      labelNames: ['source'],
      registers,
    });
    this.jobs = new Counter({
      name: 'linkvault_enrichment_jobs_total',
      help:
        'Enrichment jobs ended, by kind and end: done, retried (failed, due again), failed (given up), ' +
        `put_back (at shutdown) or superseded (taken over). ${THIS_PROCESS}; ${NOT_SERVED}.`,
      labelNames: ['kind', 'end'],
      registers,
    });
    // Every series from the start, at 0: rate() needs a sample before the first increment to see it.
    for (const source of SAVE_SOURCES) this.saves.inc({ source }, 0);
    for (const kind of JOB_KINDS) for (const end of JOB_ENDS) this.jobs.inc({ kind, end }, 0);
    this.streams = new Gauge({
      name: 'linkvault_sse_clients',
      help: `Event streams (GET /api/events) open. ${THIS_PROCESS}.`,
      registers,
    });
    // The pool first: a scrape collects in the order registered, and the database reading's own checkouts,
    // asked for in the same turn, would count as waiting.
    if (poolUse) poolGauges(registers, poolUse);
    this.databaseGauges(registers);
  }

  linksSaved(source: SaveSource, count: number): void {
    this.saves.inc({ source }, count);
  }

  jobEnded(kind: JobKind, end: JobEnd): void {
    this.jobs.inc({ kind, end });
  }

  streamOpened(): void {
    this.streams.inc();
  }

  streamClosed(): void {
    this.streams.dec();
  }

  requestAnswered(route: string, method: string, statusCode: number, seconds: number): void {
    const labels = { route, method, status_code: statusCode };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /**
   * prom-client's process and Node.js metrics (event-loop lag, heap, GC, CPU, handles), only once they are
   * served: the event-loop monitor samples the loop on a timer.
   */
  watchProcess(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  /**
   * Registry.metrics() starts every metric's collect() in the same turn, so the gauges below share one
   * reading: three indexed counts per scrape, however many gauges they feed.
   */
  private read(): Promise<DatabaseReading> {
    this.reading ??= this.readings.read(new Date().toISOString()).finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private databaseGauges(registers: Registry[]): void {
    const read = () => this.read();
    new Gauge({
      name: 'linkvault_queue_depth',
      help: `Enrichment jobs waiting (queued, due now or retries due later), by priority. ${SHARED}.`,
      labelNames: ['priority'],
      registers,
      async collect() {
        const queue = byPriority(await read());
        this.reset();
        for (const [priority, { depth }] of queue) this.set({ priority }, depth);
      },
    });
    new Gauge({
      name: 'linkvault_queue_oldest_due_age_seconds',
      help: `How long the longest-waiting due job has waited, by priority (0: none due). ${SHARED}.`,
      labelNames: ['priority'],
      registers,
      async collect() {
        const queue = byPriority(await read());
        const now = Date.now();
        this.reset();
        for (const [priority, { oldestDue }] of queue) {
          this.set({ priority }, oldestDue === null ? 0 : Math.max(0, (now - Date.parse(oldestDue)) / 1000));
        }
      },
    });
    new Gauge({
      name: 'linkvault_jobs_running',
      help: `Enrichment jobs a worker holds now, in any process. ${SHARED}.`,
      registers,
      async collect() {
        this.set((await read()).runningJobs);
      },
    });
    const importsOf = (reading: DatabaseReading, status: 'queued' | 'running') =>
      reading.imports.find((row) => row.status === status);
    new Gauge({
      name: 'linkvault_imports',
      help: `Imports under way, by status: queued or running. ${SHARED}.`,
      labelNames: ['status'],
      registers,
      async collect() {
        const reading = await read();
        for (const status of ['queued', 'running'] as const) {
          this.set({ status }, importsOf(reading, status)?.count ?? 0);
        }
      },
    });
    new Gauge({
      name: 'linkvault_imports_running_entries',
      help: `Entries in the files of the running imports (once each file is counted). ${SHARED}.`,
      registers,
      async collect() {
        this.set(importsOf(await read(), 'running')?.entries ?? 0);
      },
    });
    new Gauge({
      name: 'linkvault_imports_running_entries_processed',
      help: `Entries of the running imports written so far (of the files counted). ${SHARED}.`,
      registers,
      async collect() {
        this.set(importsOf(await read(), 'running')?.processed ?? 0);
      },
    });
  }
}

/**
 * The queue by priority name: fresh and backlog always (a series that vanishes when its queue empties
 * reads as missing data, not as 0), and priorities below a backlog's together as "upkeep" (migration
 * 0014's pages fetched again only to be kept), while any wait.
 */
function byPriority({ queue }: DatabaseReading): Map<string, { depth: number; oldestDue: string | null }> {
  const names = new Map<number, string>(Object.entries(JOB_PRIORITY).map(([name, value]) => [value, name]));
  const totals = new Map(
    [...names.values()].map((name) => [name, { depth: 0, oldestDue: null as string | null }]),
  );
  for (const { priority, depth, oldestDue } of queue) {
    const name = names.get(priority) ?? 'upkeep';
    const total = totals.get(name) ?? { depth: 0, oldestDue: null };
    total.depth += depth;
    if (oldestDue !== null && (total.oldestDue === null || oldestDue < total.oldestDue))
      total.oldestDue = oldestDue;
    totals.set(name, total);
  }
  return totals;
}

/** The PostgreSQL pool of this process: busy connections near max with checkouts waiting want a bigger pool. */
function poolGauges(registers: Registry[], poolUse: () => PoolUse): void {
  new Gauge({
    name: 'linkvault_db_pool_connections',
    help: `PostgreSQL connections open in the pool, by state: busy or idle. ${THIS_PROCESS}.`,
    labelNames: ['state'],
    registers,
    collect() {
      const { busy, idle } = poolUse();
      this.set({ state: 'busy' }, busy);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'linkvault_db_pool_max_connections',
    help: `The PostgreSQL pool's size. ${THIS_PROCESS}.`,
    registers,
    collect() {
      this.set(poolUse().max);
    },
  });
  new Gauge({
    name: 'linkvault_db_pool_waiting',
    help: `Queries waiting for a free PostgreSQL connection. ${THIS_PROCESS}.`,
    registers,
    collect() {
      this.set(poolUse().waiting);
    },
  });
}
