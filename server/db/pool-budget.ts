import { type Kysely, sql } from 'kysely';
import type { DB } from './schema.js';

/** Each process's pool when the database has room for it: enough for a process's requests and workers. */
export const DEFAULT_POOL_SIZE = 10;
/** Below this a process's requests queue behind one another's queries (and a worker's job) at once. */
export const MIN_POOL_SIZE = 2;
/** Beside its pool, each process holds the event bus's two (realtime/pg-event-bus.ts): LISTEN and NOTIFY. */
export const EVENT_BUS_CONNECTIONS = 2;
/**
 * Of the connections PostgreSQL lets ordinary users open, the part left to everything but the web
 * processes: ROLE=worker processes (a pool and a bus each), a process restarting (its migration check
 * opens one more), a backup, an operator's psql. A fifth, and never fewer than this many.
 */
const HEADROOM_SHARE = 0.2;
const MIN_HEADROOM = 5;

export interface PoolPlan {
  /** Connections in each web process's pool. */
  size: number;
  /** Whether `processes` such pools and their event buses stay within `available` less the headroom. */
  fits: boolean;
  /** What every web process together may hold: `available` less the headroom. */
  budget: number;
  /** What they hold at most with `size`: a pool and an event bus each. */
  needed: number;
}

/**
 * Each web process's pool, so that `processes` of them stay within the connections PostgreSQL allows
 * (`available`): DEFAULT_POOL_SIZE when that fits, else an equal share of the budget, never below
 * MIN_POOL_SIZE. `override` (DATABASE_POOL_SIZE) is the operator's and is kept as given; `fits` says
 * whether it, or the minimum, exceeds the budget. Pools open connections as they are needed, so a plan
 * that does not fit fails only when every process is busy at once: worth a warning, not a refusal.
 */
export function planPoolSize({
  available,
  processes,
  override = null,
}: {
  available: number;
  processes: number;
  override?: number | null;
}): PoolPlan {
  const budget = Math.max(0, available - Math.max(MIN_HEADROOM, Math.ceil(available * HEADROOM_SHARE)));
  const share = Math.floor(budget / processes) - EVENT_BUS_CONNECTIONS;
  const size = override ?? Math.max(MIN_POOL_SIZE, Math.min(DEFAULT_POOL_SIZE, share));
  const needed = processes * (size + EVENT_BUS_CONNECTIONS);
  return { size, fits: needed <= budget, budget, needed };
}

const LIMIT_SETTINGS = ['max_connections', 'superuser_reserved_connections', 'reserved_connections'];

/**
 * The connections PostgreSQL lets users without a reserved slot open: max_connections less the slots kept
 * for superusers and (PostgreSQL 16 on) for roles granted pg_use_reserved_connections. Read from
 * pg_settings, which names no setting a version lacks, where SHOW would fail.
 */
export async function connectionsAvailable(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ name: string; setting: string }>`
    SELECT name, setting FROM pg_settings WHERE name IN (${sql.join(LIMIT_SETTINGS)})`.execute(db);
  const setting = (name: string) => Number(rows.find((row) => row.name === name)?.setting ?? 0);
  return (
    setting('max_connections') - setting('superuser_reserved_connections') - setting('reserved_connections')
  );
}
