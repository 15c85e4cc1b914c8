import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from './database.js';

const run = promisify(execFile);

/** Upkeep is the same for every FTS5 index; one of the test's own keeps it independent of the schema. */
describe('SQLite upkeep', () => {
  let dir: string;
  let database: Database;

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    dir = mkdtempSync(join(tmpdir(), 'lv-upkeep-'));
    database = openDatabase(`sqlite:${join(dir, 'upkeep.db')}`);
    await sql`CREATE VIRTUAL TABLE notes_fts USING fts5(body, tokenize='trigram')`.execute(database.db);
    // As migrations/0005 sets the app's indexes.
    await sql`INSERT INTO notes_fts(notes_fts, rank) VALUES ('automerge', 0)`.execute(database.db);
    await sql`INSERT INTO notes_fts(notes_fts, rank) VALUES ('crisismerge', 64)`.execute(database.db);
    // One segment per statement: each insert commits on its own.
    for (let i = 0; i < 24; i++) {
      await sql`INSERT INTO notes_fts(body) VALUES (${`note number ${i}`})`.execute(database.db);
    }
  });

  afterEach(async () => {
    vi.useRealTimers();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const segments = async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(DISTINCT segid) AS n FROM notes_fts_idx`.execute(
      database.db,
    );
    return rows[0]?.n;
  };
  const autocheckpoint = async () => {
    const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(
      database.db,
    );
    return rows[0]?.wal_autocheckpoint;
  };

  it('turns automatic checkpoints off: they run between requests instead', async () => {
    expect(await autocheckpoint()).toBe(0);
  });

  it('merges the index segments that saves left, between requests', async () => {
    expect(await segments()).toBe(24);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await segments()).toBeLessThan(24);
    const { rows } = await sql<{
      rowid: number;
    }>`SELECT rowid FROM notes_fts WHERE notes_fts MATCH '"number 7"'`.execute(database.db);
    expect(rows).toHaveLength(1);
  });

  it('rests while nothing is written, and merges again after writes here or from another process', async () => {
    const changes = async () => {
      const { rows } = await sql<{ n: number }>`SELECT total_changes() AS n`.execute(database.db);
      return rows[0]?.n;
    };
    await vi.advanceTimersByTimeAsync(1000);
    const settled = await segments();
    const before = await changes();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await changes()).toBe(before);

    const other = new SQLite(join(dir, 'upkeep.db'));
    try {
      const insert = other.prepare('INSERT INTO notes_fts(body) VALUES (?)');
      for (let i = 0; i < 24; i++) insert.run(`another process's note ${i}`);
    } finally {
      other.close();
    }
    expect(await segments()).toBeGreaterThan(Number(settled));
    await vi.advanceTimersByTimeAsync(1000);
    expect(await segments()).toBeLessThanOrEqual(Number(settled) + 1);

    const merged = await segments();
    for (let i = 0; i < 24; i++) {
      await sql`INSERT INTO notes_fts(body) VALUES (${`a later note ${i}`})`.execute(database.db);
    }
    await vi.advanceTimersByTimeAsync(1000);
    expect(await segments()).toBeLessThanOrEqual(Number(merged) + 1);
  });

  it('leaves an open transaction alone', async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO notes_fts(body) VALUES ('inside a transaction')`.execute(trx);
      await vi.advanceTimersByTimeAsync(1000);
      const { rows } = await sql<{ n: number }>`SELECT count(DISTINCT segid) AS n FROM notes_fts_idx`.execute(
        trx,
      );
      expect(rows[0]?.n).toBe(24);
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await segments()).toBeLessThan(24);
  });

  it('writes a grown WAL back into the database from a thread of its own', async () => {
    const file = join(dir, 'upkeep.db');
    await sql`CREATE TABLE pages (body BLOB)`.execute(database.db);
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 100; i++) await sql`INSERT INTO pages VALUES (randomblob(50000))`.execute(trx);
    });
    expect(statSync(file).size).toBeLessThan(1024 * 1024);
    await vi.advanceTimersByTimeAsync(100);
    vi.useRealTimers();
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(4 * 1024 * 1024), {
      timeout: 10_000,
      interval: 50,
    });
  });

  it('lets a process that closes the database wait for the checkpointing thread to finish', async () => {
    const script = `
      import { statSync } from 'node:fs';
      import { sql } from 'kysely';
      import { openDatabase } from ${JSON.stringify(new URL('./database.ts', import.meta.url).href)};
      const file = ${JSON.stringify(join(dir, 'child.db'))};
      const database = openDatabase('sqlite:' + file);
      await sql\`CREATE TABLE pages (body BLOB)\`.execute(database.db);
      for (let i = 0; i < 100; i++) await sql\`INSERT INTO pages VALUES (randomblob(50000))\`.execute(database.db);
      while (statSync(file).size < 4 * 1024 * 1024) await new Promise((resolve) => setTimeout(resolve, 50));
      await database.close();
      console.log('closed');
    `;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    expect(stdout.trim()).toBe('closed');
  });

  it('stops with the database', async () => {
    expect(vi.getTimerCount()).toBe(1);
    await database.close();
    expect(vi.getTimerCount()).toBe(0);
    database = openDatabase(`sqlite:${join(dir, 'upkeep.db')}`);
  });
});
