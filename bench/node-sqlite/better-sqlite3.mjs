/**
 * Node's built-in SQLite (node:sqlite) behind the part of better-sqlite3's interface the app uses, so
 * that the same app and benchmarks can run on either driver (bench/node-sqlite/use.mjs; README
 * "Architecture", why better-sqlite3 is kept). For measuring only: the app itself depends on better-sqlite3.
 */
import { DatabaseSync } from 'node:sqlite';

/** SQLite's primary result codes (sqlite.org/rescode.html) by number, as better-sqlite3 names them. */
const CODES = {
  5: 'BUSY',
  6: 'LOCKED',
  8: 'READONLY',
  10: 'IOERR',
  11: 'CORRUPT',
  13: 'FULL',
  19: 'CONSTRAINT',
  26: 'NOTADB',
};

function named(err) {
  if (err && typeof err.errcode === 'number') err.code = `SQLITE_${CODES[err.errcode & 0xff] ?? 'ERROR'}`;
  return err;
}

const attempt = (work) => {
  try {
    return work();
  } catch (err) {
    throw named(err);
  }
};

class Statement {
  #statement;
  #plucked = false;
  constructor(statement, text) {
    this.#statement = statement;
    this.reader = statement.columns().length > 0;
    this.readonly = /^\s*(select|with|explain)\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text);
  }
  pluck() {
    this.#plucked = true;
    return this;
  }
  #row(row) {
    return this.#plucked && row ? Object.values(row)[0] : row;
  }
  all(...values) {
    return attempt(() => this.#statement.all(...values).map((row) => this.#row(row)));
  }
  get(...values) {
    return attempt(() => this.#row(this.#statement.get(...values)));
  }
  run(...values) {
    return attempt(() => this.#statement.run(...values));
  }
  *iterate(...values) {
    try {
      for (const row of this.#statement.iterate(...values)) yield this.#row(row);
    } catch (err) {
      throw named(err);
    }
  }
}

export default class Database {
  #db;
  constructor(path) {
    this.name = path;
    this.memory = path === ':memory:';
    this.#db = attempt(() => new DatabaseSync(path));
  }
  get open() {
    return this.#db.isOpen;
  }
  get inTransaction() {
    return this.#db.isTransaction;
  }
  prepare(text) {
    return new Statement(
      attempt(() => this.#db.prepare(text)),
      text,
    );
  }
  pragma(text, options = {}) {
    const rows = attempt(() => this.#db.prepare(`PRAGMA ${text}`).all());
    return options.simple ? (rows[0] ? Object.values(rows[0])[0] : undefined) : rows;
  }
  function(name, options, fn) {
    this.#db.function(name, { deterministic: Boolean(options.deterministic) }, fn);
    return this;
  }
  exec(text) {
    attempt(() => this.#db.exec(text));
    return this;
  }
  close() {
    this.#db.close();
    return this;
  }
}

// The checkpointing thread require()s the driver (server/db/wal-checkpointer.ts): this is what it gets.
export { Database as 'module.exports' };
