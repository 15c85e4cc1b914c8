/**
 * The bulk-action benchmark (see BENCHMARKS.md):  npm run bench:bulk
 *
 * For SQLite, then PostgreSQL when it is reachable: builds the generate.ts library (one user, 50 folders
 * nested 5 deep, 100,000 links with their tags, 20,000 snippets; no kept pages) in a throw-away database,
 * starts the real app in a process of its own on 127.0.0.1, and sends POST /api/links/bulk with 1,000
 * links, one request at a time, ROUNDS times for each action, each round on another 1,000 links picked at
 * random. Every round changes what it names: tag then untag the same links, move between two folders, the
 * state and the favourite mark back and forth, queue enrichment again, and delete another 1,000 (the
 * library ends 20,000 links smaller: links written meanwhile by the bench itself would contend with the
 * server for SQLite's one writer). Measured: the time from sending to the last byte of the answer.
 *
 * Target (issue "Organise a big library by hand"): p95 under 500 ms for every action on both databases.
 *
 * Environment: BENCH_ENGINES (default "sqlite,postgres"), BENCH_POSTGRES_URL (an existing database to create
 * the bench database beside, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_ROUNDS (default 20),
 * BENCH_ACTIONS (only these actions, e.g. "delete": one action's own cost, without the others' writes
 * being checkpointed meanwhile).
 */
import { startAppProcess } from './app-process.js';
import { type BenchDatabase, benchEachEngine } from './engines.js';
import { ISSUE_2_LIBRARY, generateLibrary, logIn } from './generate.js';
import { percentile } from './load.js';
import { machine, saveResults } from './report.js';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const ACTIONS = process.env.BENCH_ACTIONS?.split(',');
const LINKS_PER_REQUEST = 1_000;
const TARGET_P95_MS = 500;

interface Measurement {
  action: string;
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

/** `count` distinct ids of `ids`, at random. */
function pick(ids: readonly string[], count: number): string[] {
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(ids[Math.floor(Math.random() * ids.length)] as string);
  return [...chosen];
}

async function benchEngine(bench: BenchDatabase): Promise<EngineReport> {
  console.log(`\n${bench.engine} ${bench.version}: generating the library…`);
  const library = await generateLibrary(bench.database, {
    pages: false,
    size: { ...ISSUE_2_LIBRARY, folderDepth: 5 },
  });
  console.log(`  generated in ${library.seconds.toFixed(1)} s`);
  const { db } = bench.database;
  let ids = (await db.selectFrom('links').select('id').execute()).map((row) => row.id);
  await bench.release();
  const server = await startAppProcess(bench.url);
  try {
    const authorization = `Bearer ${await logIn(server.origin, library)}`;
    const send = async (body: Record<string, unknown>) => {
      const started = performance.now();
      const res = await fetch(`${server.origin}/api/links/bulk`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${String(body.action)}: ${res.status} ${text}`);
      return performance.now() - started;
    };
    const [folderA, folderB] = library.folderIds;
    const timings = new Map<string, number[]>();
    const time = async (name: string, body: Record<string, unknown>) => {
      if (ACTIONS && !ACTIONS.includes(name)) return;
      const ms = await send(body);
      timings.set(name, [...(timings.get(name) ?? []), ms]);
    };
    // Warm-up: each action's code runs once before anything is timed.
    const warm = pick(ids, LINKS_PER_REQUEST);
    for (const body of [
      { action: 'tag', tags: ['warm-up'] },
      { action: 'untag', tags: ['warm-up'] },
      { action: 'state', state: 'unread' },
    ])
      await send({ ids: warm, ...body });
    for (let round = 0; round < ROUNDS; round++) {
      const chosen = pick(ids, LINKS_PER_REQUEST);
      const even = round % 2 === 0;
      await time('tag', { ids: chosen, action: 'tag', tags: ['bulk-bench', 'second tag'] });
      await time('untag', { ids: chosen, action: 'untag', tags: ['bulk-bench', 'second tag'] });
      await time('move', { ids: chosen, action: 'move', folderId: even ? folderA : folderB });
      await time('state', { ids: chosen, action: 'state', state: even ? 'archived' : 'read' });
      await time('favorite', { ids: chosen, action: 'favorite', favorite: even });
      await time('enrich', { ids: chosen, action: 'enrich' });
      const doomed = pick(
        ids.filter((id) => !chosen.includes(id)),
        LINKS_PER_REQUEST,
      );
      await time('delete', { ids: doomed, action: 'delete' });
      const gone = new Set(doomed);
      ids = ids.filter((id) => !gone.has(id));
    }
    const measurements = [...timings].map(([action, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return { action, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
    });
    for (const m of measurements) {
      console.log(
        `  ${m.action}: p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms, max ${m.max.toFixed(1)} ms`,
      );
    }
    return { engine: bench.engine, version: bench.version, generateSeconds: library.seconds, measurements };
  } finally {
    await server.stop();
  }
}

const meets = (m: Measurement) => m.p95 < TARGET_P95_MS;

function table(reports: EngineReport[]): string {
  const lines = [
    `| engine | action (${LINKS_PER_REQUEST} links) | p50 ms | p95 ms | max ms | target | met |`,
    '|---|---|--:|--:|--:|---|---|',
  ];
  for (const report of reports) {
    for (const m of report.measurements) {
      lines.push(
        `| ${report.engine} | ${m.action} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.max.toFixed(1)} | ` +
          `p95 < ${TARGET_P95_MS} ms | ${meets(m) ? 'yes' : '**no**'} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const machineLine = machine();
  console.log(
    `Machine: ${machineLine}\nEach action: ${ROUNDS} requests of ${LINKS_PER_REQUEST} links, one at a time.`,
  );
  const reports = await benchEachEngine(ENGINES, POSTGRES_URL, benchEngine);
  console.log(`\nMachine: ${machineLine}\n\n${table(reports)}\n`);
  console.log(`Results written to ${saveResults('bulk', { machine: machineLine, rounds: ROUNDS, reports })}`);
  if (!reports.every((report) => report.measurements.every(meets))) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
