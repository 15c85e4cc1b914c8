/**
 * The API benchmark (see BENCHMARKS.md):  npm run bench
 *
 * For SQLite, then PostgreSQL when it is reachable: builds the generate.ts library (one user, 50 folders,
 * 100,000 links, 20,000 snippets) in a throw-away database, serves the real app on loopback, logs in
 * once (login is rate-limited) and measures each scenario from a separate process (load.ts).
 *
 * Environment: BENCH_SECONDS (per scenario, default 10), BENCH_QUERY (the 4-letter search, default
 * "data"), BENCH_TEXT_WORD and BENCH_TEXT_WORDS (the one-word and three-word searches in the kept pages'
 * text, issue 16), BENCH_ENGINES (default "sqlite,postgres"), BENCH_POSTGRES_URL (an existing database to
 * create the bench database beside, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_ONLY (run
 * only the scenarios whose name contains it, e.g. "save"), BENCH_SCRAPE_SECONDS (how often the server's
 * GET /metrics is read during a scenario, default 5).
 *
 * Beside its own figures it reports what the server's metrics say: the p99 of its latency histogram for
 * the scenario's route (to compare with the server p99 measured here) and the queue's depth.
 *
 * Issue 20 (scale.ts): the reads of the API and MCP served by the real program with 1, 2 (4) web
 * processes on PostgreSQL and one on SQLite, loaded by wrk, beside the same reads made directly through
 * the services, and saves by number of web processes. BENCH_PARTS chooses the parts ("api" the issue 2
 * scenarios above, "scale" issue 20's; default both); BENCH_LIBRARY=million or BENCH_LINKS=<n> the size.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp, buildServices } from '../server/app.js';
import { testConfig } from '../server/config.js';
import type { Database } from '../server/db/database.js';
import { type BenchDatabase, benchEachEngine } from './engines.js';
import {
  type GeneratedLibrary,
  ISSUE_2_LIBRARY,
  type LibrarySize,
  generateLibrary,
  logIn,
} from './generate.js';
import { ID_PLACEHOLDER, type LoadResult, percentile, runLoad } from './load.js';
import { machine, saveResults } from './report.js';
import { type Storage, mbPerThousand, storage } from './storage.js';
import { LinksRepository } from '../server/library/links.repository.js';
import { queryTerms } from '../server/enrich/text/search-text.js';
import { METRICS_PATH } from '../server/metrics/metrics.routes.js';
import { metricsScraper, percentileBetween, queueDepth } from './scrape.js';
import { type EngineScale, SCALE_TARGET, scaleBench, scalingTable, servedTable } from './scale.js';
import { loadGenerator } from './wrk.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const QUERY = process.env.BENCH_QUERY ?? 'data';
const TEXT_WORD = process.env.BENCH_TEXT_WORD ?? 'history';
const TEXT_WORDS = process.env.BENCH_TEXT_WORDS ?? 'the new government';
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
/** Only the scenarios whose name contains this text (e.g. "save"), for a quick look at one of them. */
const ONLY = process.env.BENCH_ONLY ?? '';
/**
 * Each scrape reads the queue (tens of thousands of jobs by the end of the saves, no worker taking
 * them) and writes every route's histogram: a few per scenario keep that a small part of what is measured.
 */
const SCRAPE_SECONDS = Number(process.env.BENCH_SCRAPE_SECONDS ?? 5);
const PARTS = (process.env.BENCH_PARTS ?? 'api,scale').split(',');
const GENERATOR = loadGenerator();

/** BENCH_LIBRARY=million: issue 20's million links; BENCH_LINKS=<n>: n links (a fifth as many snippets). */
function librarySize(): LibrarySize {
  const links = process.env.BENCH_LIBRARY === 'million' ? 1_000_000 : Number(process.env.BENCH_LINKS ?? 0);
  if (!links) return ISSUE_2_LIBRARY;
  return { folders: ISSUE_2_LIBRARY.folders, links, snippets: Math.round(links / 5) };
}
/**
 * Reads run twice: one connection gives the latency of a request on its own; ten keep ten requests in
 * flight, which on one Node process means each waits for the others' turns.
 */
const READ_CONNECTIONS = [1, 10];
const SAVE_CONNECTIONS = 50;
/**
 * Saves run back to back (each connection sends its next save as soon as the last is answered, which
 * measures the server's capacity: with 50 always in flight, latency is 50 / throughput) and paced, as 50
 * clients each saving 2, 4, 6 or 8 times a second would (100 to 400 saves/s in all), to find the highest
 * rate at which 50 concurrent connections still get their saves within the target.
 */
const SAVE_PACES = [2, 4, 6, 8];

interface Target {
  stat: 'p95' | 'p99';
  ms: number;
}
const READ_TARGET: Target = { stat: 'p95', ms: 20 };
const TEXT_TARGET: Target = { stat: 'p95', ms: 30 };
const SAVE_TARGET: Target = { stat: 'p99', ms: 50 };

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  connections: number;
  ratePerConnection?: number;
  target: Target;
}

interface Measurement {
  scenario: Scenario;
  result: LoadResult;
  /** p99 of the time requests spent in the server itself (see serverTimes). */
  serverP99: number;
  /** The same p99 as the server's /metrics histogram tells it (between the scrapes around the load). */
  metricsP99: number;
  /** Jobs queued, from /metrics: the most any scrape of the scenario saw, and after it. */
  queueMax: number;
  queueEnd: number;
}

interface EngineReport {
  engine: string;
  scale: EngineScale | null;
  version: string;
  generateSeconds: number;
  queryMatches: QueryMatches;
  textMatches: Record<string, number>;
  storage: Storage;
  corpusKeptBytes: number | null;
  measurements: Measurement[];
}

interface QueryMatches {
  links: number;
  titles: number;
  anyField: number;
}

function scenarios(folderId: string): Scenario[] {
  const q = encodeURIComponent(QUERY);
  const reads: [name: string, path: string, target: Target][] = [
    ['links, first page', '/api/links', READ_TARGET],
    ["a folder's first page", `/api/links?folderId=${folderId}`, READ_TARGET],
    ['stats', '/api/stats', READ_TARGET],
    [`search "${QUERY}"`, `/api/search?q=${q}`, READ_TARGET],
    [`links filtered by "${QUERY}"`, `/api/links?q=${q}`, READ_TARGET],
    ...[TEXT_WORD, TEXT_WORDS].map((words): [string, string, Target] => [
      `full text "${words}"`,
      `/api/search?q=${encodeURIComponent(words)}&scope=content`,
      TEXT_TARGET,
    ]),
  ];
  return [
    ...reads.flatMap(([name, path, target]) =>
      READ_CONNECTIONS.map((connections): Scenario => ({
        name,
        method: 'GET',
        path,
        connections,
        target,
      })),
    ),
    // Last, because they grow the library the reads above are measured on.
    ...[undefined, ...SAVE_PACES].map((ratePerConnection): Scenario => ({
      name: ratePerConnection
        ? `save a link, paced ~${ratePerConnection}/s per connection (~${ratePerConnection * SAVE_CONNECTIONS}/s)`
        : 'save a link, back to back',
      method: 'POST',
      path: '/api/links',
      body: JSON.stringify({
        url: `https://bench.example.com/saved/${ID_PLACEHOLDER}`,
        title: 'Saved under load',
        folderId,
      }),
      connections: SAVE_CONNECTIONS,
      ratePerConnection,
      target: SAVE_TARGET,
    })),
  ];
}

async function benchEngine(bench: BenchDatabase): Promise<EngineReport> {
  console.log(`\n${bench.engine} ${bench.version}: generating the library…`);
  const library = await generateLibrary(bench.database, { size: librarySize() });
  const queryMatches = await countMatches(bench.database, QUERY);
  console.log(
    `  generated in ${library.seconds.toFixed(1)} s; "${QUERY}" is in ${share(queryMatches.titles, queryMatches.links)} ` +
      `of titles and ${share(queryMatches.anyField, queryMatches.links)} of links on any searched field`,
  );
  const textMatches = await countTextMatches(bench.database, library.userId, [TEXT_WORD, TEXT_WORDS]);
  const room = await storage(bench.database);
  const links = library.size.links;
  console.log(
    `  kept pages' text: ${Object.entries(textMatches)
      .map(([words, count]) => `"${words}" in ${share(count, links)} of links`)
      .join(', ')}\n` +
      `  database ${mb(room.totalBytes)} MB, of which kept pages ${mb(room.pagesBytes)} MB: per 1,000 links ` +
      `${mbPerThousand(room.totalBytes, links).toFixed(1)} MB, pages ${mbPerThousand(room.pagesBytes, links).toFixed(1)} MB` +
      (library.corpusKeptBytes === null
        ? ''
        : `; the corpus's real pages keep ${(library.corpusKeptBytes / 1024).toFixed(1)} KB each ` +
          `(${mbPerThousand(library.corpusKeptBytes * links, links).toFixed(1)} MB per 1,000)`),
  );
  const scale = PARTS.includes('scale')
    ? await scaleBench(bench, library, {
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        query: QUERY,
        generator: GENERATOR,
        only: ONLY,
      })
    : null;
  await scale?.reads();
  const measurements = PARTS.includes('api') ? await apiScenarios(bench, library) : [];
  await scale?.saves();
  return {
    engine: bench.engine,
    scale: scale?.report ?? null,
    version: bench.version,
    generateSeconds: library.seconds,
    queryMatches,
    textMatches,
    storage: room,
    corpusKeptBytes: library.corpusKeptBytes,
    measurements,
  };
}

/** Issue 2's scenarios, against the app served in this process. */
async function apiScenarios(bench: BenchDatabase, library: GeneratedLibrary): Promise<Measurement[]> {
  // The real app as main.ts builds it, minus logs and enrichment workers (nothing to fetch on loopback).
  // One account stands for everyone saving at once, so its saves are not limited (they are counted).
  const metricsToken = randomBytes(24).toString('hex');
  const config = testConfig({
    databaseUrl: bench.url,
    savesPerMinute: Number.MAX_SAFE_INTEGER,
    metricsToken,
  });
  const deps = { config, database: bench.database };
  const services = buildServices(deps);
  const app = await buildApp(deps, services);
  await services.start();
  const handled = serverTimes(app);
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const metrics = metricsScraper(origin, metricsToken);
  try {
    const authorization = `Bearer ${await logIn(origin, library)}`;
    const folderId = library.folderIds[0] ?? '';
    const measurements: Measurement[] = [];
    for (const scenario of scenarios(folderId).filter((s) => s.name.includes(ONLY))) {
      const headers = { authorization, ...(scenario.body && { 'content-type': 'application/json' }) };
      await probe(origin, scenario, headers);
      const measuredFrom = performance.now() + WARMUP_SECONDS * 1000;
      const load = runLoad({
        url: `${origin}${scenario.path}`,
        method: scenario.method,
        headers,
        body: scenario.body,
        connections: scenario.connections,
        ratePerConnection: scenario.ratePerConnection,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
      });
      const { result, first, last, queueMax } = await metrics.during(load, measuredFrom, SCRAPE_SECONDS);
      const serverP99 = percentile(handled.since(measuredFrom), 99);
      const route = { route: new URL(scenario.path, origin).pathname, method: scenario.method };
      const metricsP99 = percentileBetween(first, last, route, 99);
      const measurement = { scenario, result, serverP99, metricsP99, queueMax, queueEnd: queueDepth(last) };
      measurements.push(measurement);
      console.log(
        `  ${scenario.name} (${scenario.connections}): p95 ${ms(result.p95)} ms, p99 ${ms(result.p99)} ms ` +
          `(in the server: p99 ${ms(serverP99)} ms, by /metrics ${ms(metricsP99)} ms; ` +
          `queue ${measurement.queueEnd})`,
      );
    }
    return measurements;
  } finally {
    await app.close();
    await services.close();
  }
}

/**
 * How long each request spent in the server itself: Fastify's reply.elapsedTime, from the parsed request
 * to the end of the response. What the client measures on top of it is transport, the client's own work,
 * and above all waiting in line, in the socket and the event loop, behind the other connections' requests.
 */
function serverTimes(app: FastifyInstance) {
  let handled: { at: number; ms: number }[] = [];
  app.addHook('onResponse', async (request, reply) => {
    // The bench's own scrapes are no scenario's requests (nor does /metrics count them).
    if (request.routeOptions.url === METRICS_PATH) return;
    handled.push({ at: performance.now(), ms: reply.elapsedTime });
  });
  return {
    /** Ascending times of the responses finished after `from`; forgets all before. */
    since(from: number): number[] {
      const times = handled.filter((h) => h.at >= from).map((h) => h.ms);
      handled = [];
      return times.sort((a, b) => a - b);
    },
  };
}

/**
 * One request before the load, so a scenario answering 4xx fails loudly instead of timing errors. Each
 * probe saves a URL of its own: a second save of one URL is refused as already in the vault.
 */
async function probe(origin: string, scenario: Scenario, headers: Record<string, string>): Promise<void> {
  const res = await fetch(`${origin}${scenario.path}`, {
    method: scenario.method,
    headers,
    body: scenario.body?.replaceAll(ID_PLACEHOLDER, `probe-${randomUUID()}`),
  });
  if (!res.ok) throw new Error(`${scenario.name}: ${res.status} ${await res.text()}`);
}

async function countMatches({ db }: Database, query: string): Promise<QueryMatches> {
  const like = `%${query.toLowerCase()}%`;
  const { rows } = await sql<QueryMatches>`
    SELECT count(*) AS links,
      sum(CASE WHEN lower(title) LIKE ${like} THEN 1 ELSE 0 END) AS titles,
      sum(CASE WHEN lower(title) LIKE ${like} OR lower(url) LIKE ${like}
        OR lower(coalesce(description, '')) LIKE ${like} THEN 1 ELSE 0 END) AS "anyField"
    FROM links`.execute(db);
  const row = rows[0];
  return { links: Number(row?.links), titles: Number(row?.titles), anyField: Number(row?.anyField) };
}

/** How many links' kept pages hold every word of each query (the last as a prefix), as the search finds them. */
async function countTextMatches(database: Database, userId: string, queries: string[]) {
  const repository = new LinksRepository(database.db, database.dialect);
  const counts: Record<string, number> = {};
  for (const words of queries) {
    counts[words] = (await repository.rankedByContent({ userId }, queryTerms(words), 1_000_000)).length;
  }
  return counts;
}

const ms = (value: number) => value.toFixed(1);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const share = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

const meets = ({ scenario, result }: Measurement) =>
  result[scenario.target.stat] < scenario.target.ms && result.non2xx === 0 && result.failures === 0;

/** Per engine: the highest paced save rate that met the target under 50 connections, and the capacity. */
function saveSummary(reports: EngineReport[]): string {
  return reports
    .map((report) => {
      const saves = report.measurements.filter((m) => m.scenario.method === 'POST');
      const paced = saves.filter((m) => m.scenario.ratePerConnection !== undefined);
      // The highest rate below the first that missed the target: a rate held only by luck above a miss does not count.
      const firstMiss = paced.findIndex((m) => !meets(m));
      const best = (firstMiss === -1 ? paced : paced.slice(0, firstMiss)).at(-1);
      const backToBack = saves.find((m) => m.scenario.ratePerConnection === undefined);
      const held = best
        ? `p99 under ${SAVE_TARGET.ms} ms up to ${Math.round(best.result.perSecond)} saves/s (p99 ${ms(best.result.p99)} ms)`
        : `p99 under ${SAVE_TARGET.ms} ms at no paced rate`;
      const capacity = backToBack
        ? `; back to back ${Math.round(backToBack.result.perSecond)} saves/s at p99 ${ms(backToBack.result.p99)} ms`
        : '';
      return `${report.engine}, ${SAVE_CONNECTIONS} connections saving: ${held}${capacity}`;
    })
    .join('\n');
}

/** Per engine, the queue as /metrics told it: no worker takes a job here, so every save adds one. */
function queueSummary(reports: EngineReport[]): string {
  return reports
    .flatMap(({ engine, measurements }) => {
      const last = measurements.at(-1);
      if (!last) return [];
      const most = Math.max(...measurements.map((m) => m.queueMax));
      return [
        `${engine}, jobs queued (/metrics): at most ${most} during the run, ${last.queueEnd} at its end`,
      ];
    })
    .join('\n');
}

function table(reports: EngineReport[]): string {
  const lines = [
    '| engine | scenario | conns | p50 ms | p95 ms | p99 ms | max ms | server p99 ms | /metrics p99 ms | req/s | non-2xx | queue max | queue end | target | met |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|',
  ];
  for (const report of reports) {
    for (const measurement of report.measurements) {
      const { scenario, result, serverP99, metricsP99, queueMax, queueEnd } = measurement;
      const { stat, ms: limit } = scenario.target;
      const met = meets(measurement);
      lines.push(
        `| ${report.engine} | ${scenario.name} | ${scenario.connections} | ${ms(result.p50)} | ${ms(result.p95)} | ` +
          `${ms(result.p99)} | ${ms(result.max)} | ${ms(serverP99)} | ${ms(metricsP99)} | ` +
          `${Math.round(result.perSecond)} | ${result.non2xx + result.failures} | ${queueMax} | ${queueEnd} | ` +
          `${stat} < ${limit} ms | ${met ? 'yes' : '**no**'} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const machineLine = machine();
  console.log(`Machine: ${machineLine}`);
  console.log(`Each scenario: ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s measured.`);
  if (PARTS.includes('scale')) {
    console.log(
      GENERATOR === 'wrk'
        ? 'Load through the real program: wrk.'
        : 'Load through the real program: autocannon (wrk is not installed: apt-get install wrk).',
    );
  }
  const reports = await benchEachEngine(ENGINES, POSTGRES_URL, benchEngine);
  const api = reports.some((r) => r.measurements.length > 0)
    ? `${table(reports)}\n\n${saveSummary(reports)}\n${queueSummary(reports)}\n`
    : '';
  console.log(`\nMachine: ${machineLine}\n\n${api}${scaleSummary(reports)}`);
  const file = saveResults('api', { machine: machineLine, seconds: SECONDS, query: QUERY, reports });
  console.log(`Results written to ${file}`);
}

/** Issue 20's tables: every run through the real program, then PostgreSQL's scaling and its verdict. */
function scaleSummary(reports: EngineReport[]): string {
  const scales = reports.flatMap((r) => r.scale ?? []);
  if (scales.length === 0) return '';
  const postgres = scales.find((s) => s.engine === 'PostgreSQL');
  const scaling = postgres && scalingTable(postgres);
  const verdict =
    scaling?.holds === null || scaling === undefined
      ? 'not measured (no reads at 10 clients with 1 and 2 web processes on PostgreSQL)'
      : scaling.holds
        ? 'yes'
        : '**no**';
  return (
    `Through the real program (load: ${GENERATOR}; CPU in cores, 1.00 = one core busy throughout):\n\n` +
    `${servedTable(scales)}\n\n` +
    (scaling
      ? `PostgreSQL, throughput by web processes:\n\n${scaling.table}\n\n` +
        `Reads at 10 clients with 2 web processes at least ${SCALE_TARGET}× one process's, every scenario: ${verdict}\n`
      : '')
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
