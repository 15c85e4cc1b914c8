/**
 * The weekly insight report benchmark (see BENCHMARKS.md):  npm run bench:insights
 *
 * For SQLite, then PostgreSQL when it is reachable: builds the generate.ts library (one user, 50 folders,
 * 100,000 links over two years with their tags, 20,000 snippets; no kept pages) in a throw-away database,
 * marks one link in five read a day after it was saved (read_at, migration 0025), starts the built server
 * in a process of its own on 127.0.0.1, and sends GET /api/insights for weeks across the library, one
 * request at a time, ROUNDS times each. Measured: the time from sending to the last byte of the answer.
 * The weeks: the last complete one (the page's default), a quarter, a half and a year back, and the
 * library's first weeks, where few older links exist (every one is then read for the week's new tags and
 * rediscovered links), and the first week past that.
 *
 * Target (issue 19): under 200 ms at 100,000 links on both databases (p95 here).
 *
 * Environment: BENCH_ENGINES (default "sqlite,postgres"), BENCH_POSTGRES_URL (an existing database to create
 * the bench database beside, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_ROUNDS (default 20).
 */
import { sql } from 'kysely';
import { type IsoWeek, currentWeek, formatIsoWeek, isoWeekOf, shiftWeek } from '../contracts/index.js';
import { startAppProcess } from './app-process.js';
import { type BenchDatabase, benchEachEngine } from './engines.js';
import { generateLibrary, logIn } from './generate.js';
import { percentile } from './load.js';
import { machine, saveResults } from './report.js';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const TARGET_MS = 200;

interface Measurement {
  week: string;
  what: string;
  saved: number;
  p50: number;
  p95: number;
  max: number;
}

interface EngineReport {
  engine: string;
  version: string;
  generateSeconds: number;
  measurements: Measurement[];
}

/** The weeks measured, by what makes each one cost what it does. */
function weeksOf(oldest: string): [what: string, week: IsoWeek][] {
  const now = currentWeek(Date.now(), 'UTC');
  const first = isoWeekOf(oldest.slice(0, 10));
  return [
    ['last complete week (default)', shiftWeek(now, -1)],
    ['13 weeks back', shiftWeek(now, -13)],
    ['26 weeks back', shiftWeek(now, -26)],
    ['52 weeks back', shiftWeek(now, -52)],
    // Around InsightsReach.fewOlderLinks (5,000 older links, the sixth week here): below it every older
    // link is read, above it each of the week's tags is asked of the tag index.
    ["the library's seventh week", shiftWeek(first, 6)],
    ["the library's fourth week", shiftWeek(first, 3)],
    ["the library's second week", shiftWeek(first, 1)],
    ["the library's first week", first],
  ];
}

async function benchEngine(bench: BenchDatabase): Promise<EngineReport> {
  console.log(`\n${bench.engine} ${bench.version}: generating the library…`);
  const library = await generateLibrary(bench.database, { pages: false });
  console.log(`  generated in ${library.seconds.toFixed(1)} s`);
  const { db, dialect } = bench.database;
  const oneDayLater =
    dialect === 'postgres'
      ? sql<string>`created_at + interval '1 day'`
      : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 day')`;
  await db
    .updateTable('links')
    .set({ state: 'read', read_at: oneDayLater })
    .where(sql<boolean>`seq % 5 = 0`)
    .execute();
  // Settled again after the update, as generate.ts settles the library (statistics, visibility map).
  await (dialect === 'postgres' ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(db);
  const oldest = await db
    .selectFrom('links')
    .select((eb) => eb.fn.min<string>('created_at').as('at'))
    .executeTakeFirstOrThrow();
  await bench.release();
  const server = await startAppProcess(bench.url);
  try {
    const authorization = `Bearer ${await logIn(server.origin, library)}`;
    const ask = async (week: string) => {
      const started = performance.now();
      const res = await fetch(`${server.origin}/api/insights?week=${week}`, { headers: { authorization } });
      const text = await res.text();
      if (!res.ok) throw new Error(`${week}: ${res.status} ${text}`);
      return { ms: performance.now() - started, saved: (JSON.parse(text) as { saved: number }).saved };
    };
    const measurements: Measurement[] = [];
    for (const [what, isoWeek] of weeksOf(new Date(oldest.at).toISOString())) {
      const week = formatIsoWeek(isoWeek);
      // Warm-up: the first request of a week reads its pages from disk into the cache.
      const { saved } = await ask(week);
      const timings: number[] = [];
      for (let round = 0; round < ROUNDS; round++) timings.push((await ask(week)).ms);
      const sorted = timings.sort((a, b) => a - b);
      const m = {
        week,
        what,
        saved,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: sorted.at(-1) ?? NaN,
      };
      console.log(
        `  ${week} (${what}, ${saved} links): p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms, max ${m.max.toFixed(1)} ms`,
      );
      measurements.push(m);
    }
    return { engine: bench.engine, version: bench.version, generateSeconds: library.seconds, measurements };
  } finally {
    await server.stop();
  }
}

const meets = (m: Measurement) => m.p95 < TARGET_MS;

function table(reports: EngineReport[]): string {
  const lines = [
    '| engine | week | links saved that week | p50 ms | p95 ms | max ms | met |',
    '|---|---|--:|--:|--:|--:|---|',
  ];
  for (const report of reports) {
    for (const m of report.measurements) {
      lines.push(
        `| ${report.engine} | ${m.week} (${m.what}) | ${m.saved} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ` +
          `${m.max.toFixed(1)} | ${meets(m) ? 'yes' : '**no**'} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const machineLine = machine();
  console.log(`Machine: ${machineLine}\nEach week: ${ROUNDS} requests, one at a time, after one to warm up.`);
  const reports = await benchEachEngine(ENGINES, POSTGRES_URL, benchEngine);
  console.log(`\nMachine: ${machineLine}\n\n${table(reports)}\n`);
  console.log(
    `Results written to ${saveResults('insights', { machine: machineLine, rounds: ROUNDS, reports })}`,
  );
  if (!reports.every((report) => report.measurements.every(meets))) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
