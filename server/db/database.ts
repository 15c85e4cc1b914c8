import { Kysely, PostgresDialect } from 'kysely';
import { isFromDatabase } from './origin.js';
import { type PoolUse, openPgPool } from './pg-pool.js';
import { DEFAULT_POOL_SIZE } from './pool-budget.js';
import type { DB } from './schema.js';
import { ImmediateSqliteDialect } from './sqlite-dialect.js';
import { openSqliteFile } from './sqlite-file.js';
import { watchedSqlite } from './sqlite-statements.js';
import { startUpkeep } from './sqlite-upkeep.js';

export type Dialect = 'sqlite' | 'postgres';

/** A SQLite function that lower-cases with Unicode rules (SQLite's own lower() and LIKE know only ASCII). */
export const CASEFOLD_FUNCTION = 'lv_casefold';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where it lives, for the few parts that need their own connection (the PostgreSQL event listener). */
  url: string;
  /**
   * SQLite's state as /readyz asks it (probe.ts), beside Kysely's single connection, which a long
   * transaction may hold (an import's batch made /readyz flap).
   */
  sqlite?: {
    /** Why the most recent write failed for want of a writable, sound disk; null once one succeeds. */
    writeFailure: () => unknown;
    /** Reads the file's header; throws when it cannot (the connection closed, the file unreadable). */
    read: () => void;
  };
  /**
   * PostgreSQL's connection pool, for metrics. SQLite has none: one connection, whose queries Kysely runs
   * one at a time, so time spent waiting for it shows in the requests' latency instead.
   */
  poolUse?: () => PoolUse;
  close(): Promise<void>;
}

const PG_FOREIGN_KEY_VIOLATION = '23503';
const PG_UNIQUE_VIOLATION = '23505';

/**
 * Whether an error the database threw may pass by itself (the server restarting, a dropped connection, a
 * deadlock, a busy SQLite file, a timeout): work that failed on one is retried later, not given up, and a
 * request that met one answers 503 (PostgreSQL SQLSTATE classes 08 connection, 53 resources, 57P
 * shutdown; 57014 a statement timeout; 40001 serialization, 40P01 deadlock). A read-only SQLite file (a
 * disk remounted read-only after errors, say) passes once the operator repairs it. Errors from elsewhere
 * never are (origin.ts): a client that drops its upload fails with ECONNRESET too.
 */
export function isTransientDatabaseError(err: unknown): boolean {
  if (!isFromDatabase(err)) return false;
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_')) return /^SQLITE_(BUSY|LOCKED|IOERR|FULL|READONLY)/.test(code);
    if (NETWORK_ERRORS.includes(code)) return true;
    return /^(08|53|57P)/.test(code) || ['57014', '40001', '40P01'].includes(code);
  }
  return typeof message === 'string' && PG_CONNECTION_FAILURES.test(message);
}

const NETWORK_ERRORS = [
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
];
/** node-postgres' own errors, which carry no code: a lost connection, and each of its timeouts. */
const PG_CONNECTION_FAILURES =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|Query read timeout/;

/** Whether the engine refused a row because a row it refers to is gone (a folder deleted meanwhile, say). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === PG_FOREIGN_KEY_VIOLATION;
}

/** Whether the engine refused a row because a unique index already holds its value (an e-mail taken, say). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === PG_UNIQUE_VIOLATION;
}

export const sqlitePathOf = (url: string): string => url.slice('sqlite:'.length);

export function dialectOf(url: string): Dialect {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  if (url.startsWith('sqlite:')) return 'sqlite';
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got "${url.split(':')[0]}:")`);
}

/** Limits towards PostgreSQL (README "Configuration"): an outage then answers 503 instead of hanging. */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one of the pool. */
  connectMs: number;
  /**
   * One statement on the server (statement_timeout), and a transaction left idle there. Absent for
   * migrations: one may rewrite a large table, or wait for another process's migration lock.
   */
  statementMs?: number;
}

export function openDatabase(
  url: string,
  options: { poolSize?: number; timeouts?: DatabaseTimeouts } = {},
): Database {
  const dialect = dialectOf(url);
  if (dialect === 'postgres') {
    const pool = openPgPool(url, options.poolSize ?? DEFAULT_POOL_SIZE, options.timeouts);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect, url, poolUse: () => pool.use(), close: () => db.destroy() };
  }
  const sqlite = openSqliteFile(sqlitePathOf(url));
  sqlite.function(CASEFOLD_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  const watched = watchedSqlite(sqlite);
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: watched.database }) });
  const stopUpkeep = startUpkeep(sqlite);
  const close = async () => {
    await stopUpkeep();
    await db.destroy();
  };
  const state = {
    writeFailure: watched.writeFailure,
    read: () => void sqlite.pragma('user_version', { simple: true }),
  };
  return { db, dialect, url, sqlite: state, close };
}
