import { statSync } from 'node:fs';
import type SQLite from 'better-sqlite3';
import { startWalCheckpointer } from './wal-checkpointer.js';

const TICK_MS = 100;
/** The next tick comes this soon while merge work is left over, so that a burst of saves is caught up on. */
const BACKLOG_TICK_MS = 20;
/** Merge work stops for the tick past this: a request arriving meanwhile waits about this long at most. */
const MERGE_BUDGET_MS = 5;
/** FTS5 'merge' steps of this many pages took 2-4 ms each on the benchmark library, 10 at most. */
const MERGE_STEP_PAGES = 50;
/**
 * The checkpointing thread starts once the WAL has grown this large: SQLite's own automatic checkpoint
 * comes at about the same size (1000 pages), and a small database (every test's) never needs the thread.
 */
const CHECKPOINTER_AFTER_WAL_BYTES = 4 * 1024 * 1024;
const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

/**
 * Two jobs SQLite does inside whichever write happens to cross a threshold, done outside requests instead.
 * On the benchmark library they were the whole tail of saves (BENCHMARKS.md):
 *
 * - FTS5 segment merges (11-150 ms, every 64th save): since migrations/0005 the index only merges here,
 *   between requests, in steps, until there is nothing left to merge or the tick's budget is spent. A
 *   tick is skipped while a transaction is open on the connection (a request's, between two of its
 *   awaits), and yields to another process writing instead of waiting for it.
 * - WAL checkpoints (about 12 ms every 35 saves): automatic checkpoints are off, and a thread of their
 *   own runs them (wal-checkpointer.ts).
 *
 * Returns what stops both.
 */
export function startUpkeep(sqlite: SQLite.Database): () => Promise<void> {
  sqlite.pragma('wal_autocheckpoint = 0');
  const totalChanges = sqlite.prepare('SELECT total_changes()').pluck();
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  /** This connection's writes and other connections' commits when a tick last found nothing to merge. */
  let settledAt: string | undefined;
  const writesSoFar = () => `${totalChanges.get() as number}:${dataVersion.get() as number}`;
  let merges: SQLite.Statement[] = [];
  let stopCheckpointer: (() => Promise<void>) | undefined;
  const walBytes = () => statSync(`${sqlite.name}-wal`, { throwIfNoEntry: false })?.size ?? 0;

  /** Whether merge work is left over. */
  const mergeWithinBudget = (): boolean => {
    // The indexes appear when the migrations have run, after the connection opened.
    if (merges.length === 0) merges = ftsTables(sqlite).map((t) => mergeStep(sqlite, t));
    const started = performance.now();
    for (const merge of merges) {
      for (;;) {
        if (performance.now() - started >= MERGE_BUDGET_MS) return true;
        const before = totalChanges.get() as number;
        merge.run();
        // SQLite's documented test: fewer than 2 changes means there was nothing to merge.
        if ((totalChanges.get() as number) - before < 2) break;
      }
    }
    return false;
  };

  /** Whether merge work is left over. */
  const work = (): boolean => {
    if (!sqlite.open) return false;
    if (!stopCheckpointer && !sqlite.memory && walBytes() >= CHECKPOINTER_AFTER_WAL_BYTES) {
      stopCheckpointer = startWalCheckpointer(sqlite.name, (err) => {
        console.warn(`database checkpointer stopped, SQLite checkpoints on its own again: ${err.message}`);
        if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES}`);
      });
    }
    if (sqlite.inTransaction) return false;
    // An idle server stops here: with no write since the index was last found merged, none is due.
    if (settledAt === writesSoFar()) return false;
    const busyTimeout = sqlite.pragma('busy_timeout', { simple: true }) as number;
    sqlite.pragma('busy_timeout = 0');
    try {
      const leftOver = mergeWithinBudget();
      settledAt = leftOver ? undefined : writesSoFar();
      return leftOver;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') {
        console.warn(`database upkeep failed: ${(err as Error).message}`);
      }
      return false;
    } finally {
      sqlite.pragma(`busy_timeout = ${busyTimeout}`);
    }
  };

  let timer: NodeJS.Timeout;
  const schedule = (ms: number) => {
    timer = setTimeout(() => schedule(work() ? BACKLOG_TICK_MS : TICK_MS), ms);
    timer.unref();
  };
  schedule(TICK_MS);
  return async () => {
    clearTimeout(timer);
    await stopCheckpointer?.();
  };
}

function ftsTables(sqlite: SQLite.Database): string[] {
  const rows = sqlite
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE % USING fts5(%'`,
    )
    .pluck()
    .all();
  return rows as string[];
}

function mergeStep(sqlite: SQLite.Database, table: string): SQLite.Statement {
  const name = `"${table.replaceAll('"', '""')}"`;
  return sqlite.prepare(`INSERT INTO ${name}(${name}, rank) VALUES ('merge', ${MERGE_STEP_PAGES})`);
}
