import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { fromDatabase } from './origin.js';

/**
 * Prepared statements kept per SQLite connection, least recently used out first. The app issues a few
 * dozen distinct query texts; batches (lib/coalescer.ts) add a text per batch size for each of their
 * statements (the saves' folder read, links, jobs and snippets; the token lookup), and IN lists vary in
 * length. Under load the busy texts stay in; the rarer sizes replace one another. A statement is SQLite's
 * compiled program, tens of KB for a page of links (500 of them took 31 MB): 512 kept filled slowly over
 * the soak's hour and were most of its growth (README "Memory").
 */
const STATEMENT_CACHE_SIZE = 128;

/** SQLite's answers when its file or disk takes no writes: read-only, full, failing. */
const WRITES_REFUSED = /^SQLITE_(READONLY|FULL|IOERR)/;

/** SQLite's connection as Kysely's SqliteDialect uses it, and what its writes have met. */
export interface WatchedSqlite {
  database: SqliteDatabase;
  /**
   * Why the most recent write failed, when the file or its disk refused it, until a write succeeds again
   *: /readyz reads it rather than writing itself, which would wait behind the transaction in
   * hand on SQLite's single connection.
   */
  writeFailure: () => unknown;
}

/**
 * Kysely's SQLite driver prepares every query afresh: 20-30 µs for the page of links, against 0.4-0.5 ms
 * to run it, so a few per cent of a request. Statements are reused by SQL text instead, least recently
 * used first out. Reuse is safe: the driver runs one query at a time on its single connection, and SQLite
 * re-prepares a statement itself after a schema change. Every error a statement throws is marked
 * fromDatabase.
 */
export function watchedSqlite(sqlite: SQLite.Database): WatchedSqlite {
  let writeFailure: unknown = null;
  const watch = <T>(statement: SQLite.Statement, work: () => T): T => {
    try {
      const result = work();
      if (!statement.readonly) writeFailure = null;
      return result;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string' && WRITES_REFUSED.test(code)) writeFailure = err;
      throw fromDatabase(err);
    }
  };
  const watched = (statement: SQLite.Statement): SqliteStatement => ({
    reader: statement.reader,
    all: (parameters) => watch(statement, () => statement.all(...parameters)),
    run: (parameters) => watch(statement, () => statement.run(...parameters)),
    *iterate(parameters) {
      try {
        yield* statement.iterate(...parameters);
      } catch (err) {
        throw fromDatabase(err);
      }
    },
  });

  const statements = new Map<string, SqliteStatement>();
  const prepare = (text: string): SqliteStatement => {
    try {
      return watched(sqlite.prepare(text));
    } catch (err) {
      throw fromDatabase(err);
    }
  };
  return {
    database: {
      close: () => sqlite.close(),
      prepare(text) {
        const statement = statements.get(text) ?? prepare(text);
        // Re-inserting moves it to the end: the Map's first key is then the least recently used.
        statements.delete(text);
        statements.set(text, statement);
        if (statements.size > STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value as string);
        }
        return statement;
      },
    },
    writeFailure: () => writeFailure,
  };
}
