import type SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';
import { openSqliteFile } from './sqlite-file.js';
import { startUpkeep } from './sqlite-upkeep.js';

export type Dialect = 'sqlite' | 'postgres';

/** A SQLite function that lower-cases with Unicode rules (SQLite's own lower() and LIKE know only ASCII). */
export const CASEFOLD_FUNCTION = 'lv_casefold';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where it lives, for the few parts that need their own connection (the PostgreSQL event listener). */
  url: string;
  close(): Promise<void>;
}

/**
 * Prepared statements kept per SQLite connection, least recently used out first. The app issues a few
 * dozen distinct query texts; batches (lib/coalescer.ts) add a text per batch size for each of their
 * statements (the saves' folder read, links, jobs and snippets; the token lookup), and IN lists vary in
 * length. Under load the busy texts stay in; the rarer sizes replace one another.
 */
const STATEMENT_CACHE_SIZE = 512;

const PG_TIMESTAMPTZ = 1184;
const PG_INT8 = 20;
const PG_FOREIGN_KEY_VIOLATION = '23503';

/**
 * pg returns timestamptz as Date and int8 (count(*)) as string; normalise both so repositories see the
 * same values as on SQLite: ISO strings and numbers. Scoped to our pool rather than pg's global parsers.
 */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_TIMESTAMPTZ) return (v: string) => new Date(v).toISOString();
    if (oid === PG_INT8) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format) as (v: string) => unknown;
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * Whether a database error may pass by itself (the server restarting, a dropped connection, a deadlock, a
 * busy SQLite file, a timeout): work that failed on one is retried later, not given up, and a request that
 * met one answers 503 (PostgreSQL SQLSTATE classes 08 connection, 53 resources, 57P shutdown; 57014 a
 * statement timeout; 40001 serialization, 40P01 deadlock). A read-only SQLite file (a disk remounted
 * read-only after errors, say) passes once the operator repairs it.
 */
export function isTransientDatabaseError(err: unknown): boolean {
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

const connectionLost = (err: Error) => console.warn(`database connection lost: ${err.message}`);

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

/**
 * The client gives up on an answer this long after the server would have cancelled the statement: the
 * server's own cancellation comes first and leaves the connection usable; this one fires only when no
 * answer comes at all (the network to the database cut).
 */
const QUERY_TIMEOUT_MARGIN_MS = 2000;

function pgPoolConfig(url: string, poolSize: number, timeouts?: DatabaseTimeouts): pg.PoolConfig {
  const config: pg.PoolConfig = { connectionString: url, types: pgTypes, max: poolSize };
  if (!timeouts) return config;
  if (timeouts.statementMs === undefined) return { ...config, connectionTimeoutMillis: timeouts.connectMs };
  return {
    ...config,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS,
    // A transaction whose process was cut off mid-way would hold its row locks until the server noticed the
    // dead connection (hours, by TCP keepalive); every transaction here is a few statements back to back.
    idle_in_transaction_session_timeout: timeouts.statementMs,
  };
}

export function openDatabase(
  url: string,
  options: { poolSize?: number; timeouts?: DatabaseTimeouts } = {},
): Database {
  const dialect = dialectOf(url);
  if (dialect === 'postgres') {
    const pool = new pg.Pool(pgPoolConfig(url, options.poolSize ?? 10, options.timeouts));
    // A connection the server ends (restart, failover, admin) raises 'error' on its client; with no listener
    // that stops the process. pg-pool listens only while a client is idle and takes its listener off while
    // the client is checked out (a transaction's, between two statements), so every client gets its own.
    // The query in flight, if any, fails by itself; the pool discards the client when it comes back.
    pool.on('connect', (client) => client.on('error', connectionLost));
    // Reported by the client's own listener above.
    pool.on('error', () => undefined);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect, url, close: () => db.destroy() };
  }
  const sqlite = openSqliteFile(sqlitePathOf(url));
  sqlite.function(CASEFOLD_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, STATEMENT_CACHE_SIZE) }),
  });
  const stopUpkeep = startUpkeep(sqlite);
  const close = async () => {
    await stopUpkeep();
    await db.destroy();
  };
  return { db, dialect, url, close };
}

/**
 * Kysely's SQLite driver prepares every query afresh: 20-30 µs for the page of links, against 0.4-0.5 ms
 * to run it, so a few per cent of a request. Statements are reused by SQL text instead, least recently
 * used first out. Reuse is safe: the driver runs one query at a time on its single connection, and SQLite
 * re-prepares a statement itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database, capacity: number): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const statement = statements.get(text) ?? sqlite.prepare(text);
      // Re-inserting moves it to the end: the Map's first key is then the least recently used.
      statements.delete(text);
      statements.set(text, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
