import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.js';

/** Another process holds SQLite's write lock for `ms`; resolves once it has it, with its exit. */
async function holdWriteLock(file: string, ms: number): Promise<{ released: Promise<unknown> }> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const program = `
    const db = new (require(${JSON.stringify(driver)}))(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    console.log('locked');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
    db.exec('COMMIT');
  `;
  const child = spawn(process.execPath, ['-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  await once(child.stdout, 'data');
  return { released: once(child, 'exit') };
}

describe('SQLite transactions', () => {
  let dir: string;
  let database: Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lv-dialect-'));
    database = openDatabase(`sqlite:${join(dir, 'app.db')}`);
    await sql`CREATE TABLE notes (body text)`.execute(database.db);
  });

  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('wait for a write lock held elsewhere, even one that reads before it writes', async () => {
    const { released } = await holdWriteLock(join(dir, 'app.db'), 300);
    const started = performance.now();
    await database.db.transaction().execute(async (trx) => {
      await sql`SELECT count(*) FROM notes`.execute(trx);
      await sql`INSERT INTO notes VALUES ('written after the wait')`.execute(trx);
    });
    expect(performance.now() - started).toBeGreaterThan(200);
    await released;
    const { rows } = await sql<{ body: string }>`SELECT body FROM notes`.execute(database.db);
    expect(rows).toEqual([{ body: 'written after the wait' }]);
  });
});
