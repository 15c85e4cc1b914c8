import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { planPoolSize } from '../db/pool-budget.js';
import { preparePostgres } from '../db/startup.js';

/** A process that dies is started again after this long, doubled for each death in a row. */
const FIRST_RESTART_MS = 1000;
const MAX_RESTART_MS = 30_000;
/** A process that ran this long had started well: its death starts the back-off anew. */
const STABLE_AFTER_MS = 30_000;

/**
 * How many of `total` enrichment workers each of `processes` web processes runs: WORKERS is the
 * server's, as with one process, so adding web processes (to answer more requests) neither multiplies
 * fetches of other people's sites nor polls the queue from every process. The remainder goes to the first.
 */
export function workerShares(total: number, processes: number): number[] {
  return Array.from(
    { length: processes },
    (_, slot) => Math.floor(total / processes) + (slot < total % processes ? 1 : 0),
  );
}

/** The wait before a process that died is started again, after `deathsInARow` deaths without a stable run. */
export function restartDelay(deathsInARow: number): number {
  return Math.min(MAX_RESTART_MS, FIRST_RESTART_MS * 2 ** Math.max(0, deathsInARow - 1));
}

/**
 * The primary's V8 options, less those that trade speed for memory: `npm start` runs with
 * `--optimize-for-size`, which keeps a lone server under its memory target (README "Memory") but
 * tripled the CPU of a request (a page of 50 links: 7.7 ms against 2.7; BENCHMARKS.md, Scale, "Second
 * figures"), and web processes are forked to answer more requests.
 */
export function webProcessExecArgv(execArgv: readonly string[]): string[] {
  return execArgv.filter((option) => option !== '--optimize-for-size');
}

/** Each slot's process now, when it started, and the deaths since its slot last ran stably. */
interface Slot {
  worker: Worker | null;
  startedAt: number;
  deathsInARow: number;
  restart: NodeJS.Timeout | null;
}

/**
 * The primary of WEB_PROCESSES on PostgreSQL (README "Many web processes"). It migrates once, so that
 * the processes find the schema ready instead of queueing on the migration lock, sizes their pools to the
 * database's connection limit, then forks the processes: each runs main.ts as one process would, with its
 * share of WORKERS and its pool size in its environment, and Node's cluster module hands them the
 * connections of one shared port in turn. The primary itself serves nothing and holds no connection; it
 * restarts a process that dies (waiting longer after each death in a row, so a crash loop does not spin),
 * and on SIGTERM or SIGINT passes the signal on and exits once every process has finished its requests
 * and put its jobs back (main.ts's shutdown), with 0 if they all did so cleanly.
 */
export async function runWebCluster(config: Config, logger: FastifyBaseLogger): Promise<void> {
  const processes = config.webProcesses ?? 1;
  cluster.setupPrimary({ execArgv: webProcessExecArgv(process.execArgv) });
  const available = await preparePostgres(config.databaseUrl, config.databaseTimeouts);
  const pool = planPoolSize({ available, processes, override: config.databasePoolSize });
  const sizing = {
    processes,
    poolPerProcess: pool.size,
    available,
    budget: pool.budget,
    needed: pool.needed,
  };
  if (pool.fits) logger.info(sizing, 'database pools sized: each web process, its pool and event bus');
  else
    logger.warn(
      sizing,
      `${processes} web processes may open ${pool.needed} connections, more than PostgreSQL's ` +
        `${available} less headroom allow: raise max_connections or lower WEB_PROCESSES`,
    );

  const shares = workerShares(config.workers, processes);
  const slots: Slot[] = shares.map(() => ({ worker: null, startedAt: 0, deathsInARow: 0, restart: null }));
  let stopping: NodeJS.Signals | null = null;
  let failedStop = false;
  /** The slots whose process has listened once: the server is ready when every one has. */
  const listened = new Set<number>();
  const listening = (index: number) => {
    const before = listened.size;
    if (listened.add(index).size === before || listened.size < processes) return;
    logger.info(
      { url: config.publicUrl, database: 'postgres', webProcesses: processes, workers: config.workers },
      'Linkvault is ready',
    );
  };

  const start = (index: number) => {
    const slot = slots[index];
    if (!slot || stopping) return;
    slot.restart = null;
    slot.startedAt = Date.now();
    const worker = cluster.fork({ WORKERS: String(shares[index]), DATABASE_POOL_SIZE: String(pool.size) });
    slot.worker = worker;
    worker.once('listening', () => listening(index));
    worker.on('exit', (code, signal) => {
      slot.worker = null;
      if (stopping) {
        // Ended by the signal itself: it came before the process had set up its shutdown, while it was
        // still starting, so it had no request or job to finish.
        if (code !== 0 && signal !== stopping) failedStop = true;
        if (slots.every((s) => s.worker === null)) finish();
        return;
      }
      slot.deathsInARow = Date.now() - slot.startedAt >= STABLE_AFTER_MS ? 1 : slot.deathsInARow + 1;
      const delayMs = restartDelay(slot.deathsInARow);
      logger.error(
        { webProcess: worker.process.pid, code, signal, restartInMs: delayMs },
        'a web process died; starting another',
      );
      slot.restart = setTimeout(() => start(index), delayMs);
    });
  };

  const finish = () => {
    logger.info(failedStop ? 'stopped; a web process did not stop cleanly' : 'stopped');
    process.exit(failedStop ? 1 : 0);
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // `on`, not `once`: a second signal (Ctrl-C pressed twice) must not kill the primary mid-way.
    process.on(signal, () => {
      if (stopping) return;
      stopping = signal;
      logger.info({ signal }, 'shutting down: every web process finishes its requests in flight');
      for (const slot of slots) {
        if (slot.restart) clearTimeout(slot.restart);
        slot.worker?.process.kill(signal);
      }
      if (slots.every((s) => s.worker === null)) finish();
    });
  }

  slots.forEach((_, index) => start(index));
}
