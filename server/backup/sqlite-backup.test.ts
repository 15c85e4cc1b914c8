import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp } from '../../test/app.js';
import { testDialect } from '../../test/database.js';
import { buildApp, buildServices } from '../app.js';
import { testConfig } from '../config.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { BackupError, backupSqlite, restoreSqlite } from './sqlite-backup.js';
import { testLogger } from '../../test/logs.js';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, 'cli.ts');

/** npm run backup / restore, as a process of its own beside the running server. */
const cli = (command: 'backup' | 'restore', file: string, databaseUrl: string) =>
  run(process.execPath, ['--import', 'tsx', CLI, command, file], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });

const linkUrls = (file: string): Set<string> => {
  const db = new SQLite(file, { readonly: true });
  try {
    return new Set(db.prepare('SELECT url FROM links').pluck().all() as string[]);
  } finally {
    db.close();
  }
};

// The backup of SQLite's file; the test run on PostgreSQL has nothing more to show here.
describe.skipIf(testDialect() !== 'sqlite')('SQLite backups (npm run backup / restore)', () => {
  let dir: string;
  let path: string;
  let database: Database;
  let app: FastifyInstance;
  let closeServices: () => Promise<void>;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lv-backup-'));
    path = join(dir, 'linkvault.db');
    database = openDatabase(`sqlite:${path}`);
    await migrateToLatest(database.db, database.dialect);
    const deps = { config: testConfig(), database, logger: testLogger() };
    const services = buildServices(deps);
    app = await buildApp(deps, services);
    closeServices = () => services.close();
  });

  afterEach(async () => {
    await app.close();
    await closeServices();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every write acknowledged before it began, while saves go on', async () => {
    const session = await signUp(app);
    const acknowledged: { url: string; at: number }[] = [];
    let saving = true;
    const saver = async (worker: number) => {
      for (let n = 0; saving; n++) {
        const url = `https://example.com/${worker}/${n}`;
        const res = await app.inject({
          method: 'POST',
          url: '/api/links',
          headers: { authorization: `Bearer ${session.access_token}` },
          payload: { url },
        });
        expect(res.statusCode, res.body).toBe(201);
        acknowledged.push({ url, at: performance.now() });
      }
    };
    const savers = Promise.all([0, 1, 2, 3].map(saver));
    while (acknowledged.length < 200) await new Promise((resolve) => setTimeout(resolve, 10));

    const backup = join(dir, 'backup.db');
    const started = performance.now();
    const { stdout } = await cli('backup', backup, `sqlite:${path}`);
    const before = acknowledged.filter((write) => write.at < started).length;
    const during = acknowledged.length - before;
    saving = false;
    await savers;

    expect(stdout).toMatch(/^Backed up to .*backup\.db: [\d.]+ MB, 1 accounts, \d+ links/);
    expect(during).toBeGreaterThan(0);
    const copied = linkUrls(backup);
    for (const write of acknowledged.filter((w) => w.at < started)) expect(copied).toContain(write.url);
    expect(copied.size).toBeLessThanOrEqual(acknowledged.length);

    // Put back in place of the database (the server stopped first): the same links, the old file kept.
    await app.close();
    await closeServices();
    await database.close();
    const restored = await cli('restore', backup, `sqlite:${path}`);
    expect(restored.stdout).toMatch(
      /^Restored .*linkvault\.db: [\d.]+ MB, 1 accounts, \d+ links\nThe database it replaced is kept as .*linkvault\.db\.before-restore-/,
    );
    expect(linkUrls(path)).toEqual(copied);
    expect(readdirSync(dir).filter((name) => name.includes('before-restore'))).toHaveLength(1);
    database = openDatabase(`sqlite:${path}`);
    const deps = { config: testConfig(), database, logger: testLogger() };
    const services = buildServices(deps);
    app = await buildApp(deps, services);
    closeServices = () => services.close();
    const login = await app.inject({
      method: 'GET',
      url: '/api/links?limit=1',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses to put a copy back over a database the server has open', () => {
    const backup = join(dir, 'backup.db');
    backupSqlite(path, backup);
    expect(() => restoreSqlite(backup, path)).toThrow(BackupError);
    expect(() => restoreSqlite(backup, path)).toThrow(/is in use .*: stop the server, then restore\./);
    expect(existsSync(path)).toBe(true);
  });

  it('refuses a backup file that exists, and a file that is no Linkvault database', () => {
    const taken = join(dir, 'taken.db');
    writeFileSync(taken, 'x');
    expect(() => backupSqlite(path, taken)).toThrow(/exists already: choose a new file name/);
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'Milk, eggs\n');
    expect(() => restoreSqlite(notes, join(dir, 'elsewhere.db'))).toThrow(/is not a Linkvault database/);
    const empty = join(dir, 'empty.db');
    new SQLite(empty).close();
    expect(() => restoreSqlite(empty, join(dir, 'elsewhere.db'))).toThrow(/is not a Linkvault database/);
    expect(existsSync(join(dir, 'elsewhere.db'))).toBe(false);
  });

  it('points a PostgreSQL database to pg_dump, and says how to use it', async () => {
    const postgres = await cli('backup', join(dir, 'x.db'), 'postgres://postgres@127.0.0.1:5432/x').catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(postgres).toMatchObject({ code: 1, stderr: expect.stringMatching(/pg_dump --format=custom/) });
    const usage = await run(process.execPath, ['--import', 'tsx', CLI, 'backup']).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(usage).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Usage: npm run backup -- <file>/),
    });
  });
});
