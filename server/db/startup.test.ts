import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { silentServer } from '../../test/tcp.js';
import { startDatabase } from './startup.js';
import { DatabaseUnusableError } from './unusable.js';

const TIMEOUTS = { connectMs: 500, statementMs: 1000 };

async function refusal(url: string): Promise<DatabaseUnusableError> {
  const err: unknown = await startDatabase(url, TIMEOUTS).then(
    async (database) => {
      await database.close();
      return new Error('started');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DatabaseUnusableError);
  return err as DatabaseUnusableError;
}

/** A database the server cannot use stops the start with what to do about it. */
describe('startDatabase', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lv-startup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives up on a PostgreSQL server that never answers within the connect timeout', async () => {
    const silent = await silentServer();
    try {
      const err = await refusal(`postgres://lv:secret@127.0.0.1:${silent.port}/linkvault`);
      expect(err.message).toContain(`PostgreSQL at 127.0.0.1:${silent.port}/linkvault`);
      expect(err.message).toMatch(/timeout/i);
      expect(err.message).toContain('DATABASE_URL');
      expect(err.message).not.toContain('secret');
    } finally {
      await silent.close();
    }
  });

  it('names a parent path that is a file, not a directory', async () => {
    const file = join(dir, 'data');
    writeFileSync(file, 'not a directory');
    const err = await refusal(`sqlite:${join(file, 'linkvault.db')}`);
    expect(err.message).toContain(`directory ${file}`);
    expect(err.message).toContain('is a file, not a directory');
    expect(err.message).toContain('DATABASE_URL');
  });

  it('refuses a database with damaged pages, and says how to recover it', async () => {
    const file = join(dir, 'damaged.db');
    const database = await startDatabase(`sqlite:${file}`, TIMEOUTS);
    await sql`CREATE TABLE filler (text TEXT)`.execute(database.db);
    for (let i = 0; i < 50; i++) {
      await sql`INSERT INTO filler VALUES (${'x'.repeat(2000)})`.execute(database.db);
    }
    await database.close();
    const pageSize = 4096;
    const middle = Math.floor(statSync(file).size / pageSize / 2) * pageSize;
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(3 * pageSize, 0x5a), 0, 3 * pageSize, middle);
    closeSync(fd);

    const err = await refusal(`sqlite:${file}`);
    expect(err.message).toContain(`The SQLite database ${file} is damaged`);
    expect(err.message).toContain('.recover');
  });

  it('refuses a file that is no SQLite database, and says what to do', async () => {
    const file = join(dir, 'random.db');
    writeFileSync(file, randomBytes(8192));
    const err = await refusal(`sqlite:${file}`);
    expect(err.message).toContain(`The SQLite database ${file} is damaged`);
    expect(err.message).toContain('SQLITE_NOTADB');
    expect(err.message).toContain('Restore it from a backup');
  });

  it('starts on a sound database, again and again', async () => {
    const url = `sqlite:${join(dir, 'sound', 'linkvault.db')}`;
    for (let i = 0; i < 2; i++) await (await startDatabase(url, TIMEOUTS)).close();
  });
});
