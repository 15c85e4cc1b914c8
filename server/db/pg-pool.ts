import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import type { DatabaseTimeouts } from './database.js';
import { fromDatabase } from './origin.js';

const PG_TIMESTAMPTZ = 1184;
const PG_INT8 = 20;

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
 * The client gives up on an answer this long after the server would have cancelled the statement: the
 * server's own cancellation comes first and leaves the connection usable; this one fires only when no
 * answer comes at all (the network to the database cut).
 */
const QUERY_TIMEOUT_MARGIN_MS = 2000;

/**
 * TCP keepalive probes start after a connection has been quiet this long, so one to a host that vanished
 * without a word is found and closed within minutes, not the two hours of the operating system's default.
 */
const KEEPALIVE_IDLE_MS = 10_000;

/** node-postgres' error when no answer came within query_timeout. */
const NO_ANSWER = 'Query read timeout';

function poolConfig(url: string, poolSize: number, timeouts?: DatabaseTimeouts): pg.PoolConfig {
  const config: pg.PoolConfig = {
    connectionString: url,
    types: pgTypes,
    max: poolSize,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
  };
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

const connectionLost = (err: Error) => console.warn(`database connection lost: ${err.message}`);

/** What a pool holds at a moment: its connections, busy or idle, and the checkouts waiting for one. */
export interface PoolUse {
  max: number;
  busy: number;
  idle: number;
  waiting: number;
}

/**
 * A node-postgres pool for Kysely's PostgresDialect; every error it passes on is marked fromDatabase.
 * `use` tells how full it is (metrics: a pool always full with checkouts waiting wants more connections).
 */
export function openPgPool(
  url: string,
  poolSize: number,
  timeouts?: DatabaseTimeouts,
): PostgresPool & { use(): PoolUse } {
  const pool = new pg.Pool(poolConfig(url, poolSize, timeouts));
  // A connection the server ends (restart, failover, admin) raises 'error' on its client; with no listener
  // that stops the process. pg-pool listens only while a client is idle and takes its listener off while
  // the client is checked out (a transaction's, between two statements), so every client gets its own.
  // The query in flight, if any, fails by itself; the pool discards the client when it comes back.
  pool.on('connect', (client) => client.on('error', connectionLost));
  // Reported by the client's own listener above.
  pool.on('error', () => undefined);
  return {
    connect: async () => {
      try {
        return checkedOut(await pool.connect());
      } catch (err) {
        throw fromDatabase(err);
      }
    },
    end: () => pool.end(),
    use: () => ({
      max: poolSize,
      busy: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

/**
 * A client as Kysely uses it. A query that got no answer within query_timeout (the database's host gone,
 * or the network to it cut) is still the one node-postgres waits for: it kept the connection usable and
 * the pool handed it out again, so every later query there queued behind an answer that never comes, each
 * failing after query_timeout in turn until TCP gave up (15 minutes). Such a client is released at once
 * with the error, which makes the pool close its connection and forget it.
 */
function checkedOut(client: pg.PoolClient): PostgresPoolClient {
  let unanswered: Error | undefined;
  const query = async <R>(text: string, parameters: readonly unknown[]) => {
    // Its connection is gone: what follows on it (a transaction's rollback) fails as that query did.
    if (unanswered) throw unanswered;
    try {
      return (await client.query(text, [...parameters])) as unknown as PostgresQueryResult<R>;
    } catch (err) {
      if (err instanceof Error && err.message === NO_ANSWER) {
        unanswered = err;
        client.release(err);
      }
      throw fromDatabase(err);
    }
  };
  return {
    query: query as PostgresPoolClient['query'],
    release: () => {
      if (!unanswered) client.release();
    },
  };
}
