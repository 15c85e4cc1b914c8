/** Throw-away databases for one benchmark run each: a temporary SQLite file and a fresh PostgreSQL database. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type Database, openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';

export interface BenchDatabase {
  engine: 'SQLite' | 'PostgreSQL';
  version: string;
  /** The DATABASE_URL the app is configured with (PostgreSQL's event bus opens its own connection). */
  url: string;
  database: Database;
  /**
   * Closes this process's connection (once), for a bench whose server process writes: SQLite serves one
   * writer, and the connection's upkeep (merges, checkpoints) writes too.
   */
  release(): Promise<void>;
  /** Closes the database and deletes it. */
  dispose(): Promise<void>;
}

export async function sqliteDatabase(): Promise<BenchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'lv-bench-'));
  const url = `sqlite:${join(dir, 'bench.db')}`;
  return migrated('SQLite', url, () => rmSync(dir, { recursive: true, force: true }));
}

/** Whether a PostgreSQL server answers at `adminUrl` (the bench then goes on without it). */
export async function postgresReachable(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A new database beside `adminUrl`'s, opened with the app's default pool. */
export async function postgresDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `lv_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return migrated('PostgreSQL', url.toString(), () =>
    adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
}

/** Opens and migrates `url`; `remove` deletes the database once closed, also when migrating fails. */
async function migrated(
  engine: BenchDatabase['engine'],
  url: string,
  remove: () => unknown,
): Promise<BenchDatabase> {
  const database = openDatabase(url);
  let closed: Promise<void> | undefined;
  const release = () => (closed ??= database.close());
  const dispose = async () => {
    await release();
    await remove();
  };
  try {
    await migrateToLatest(database.db, database.dialect);
    return { engine, version: await versionOf(database), url, database, release, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}

async function versionOf({ db, dialect }: Database): Promise<string> {
  const query =
    dialect === 'postgres'
      ? sql<{ version: string }>`SELECT current_setting('server_version') AS version`
      : sql<{ version: string }>`SELECT sqlite_version() AS version`;
  const { rows } = await query.execute(db);
  return rows[0]?.version ?? '?';
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * `bench` on a throw-away database of each engine named in `engines` ("sqlite", "postgres"; PostgreSQL only
 * when it answers at `postgresUrl`), one after the other. Each database is deleted afterwards, even when its
 * bench fails or is interrupted.
 */
export async function benchEachEngine<T>(
  engines: readonly string[],
  postgresUrl: string,
  bench: (database: BenchDatabase) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  if (engines.includes('sqlite')) results.push(await thenDispose(await sqliteDatabase(), bench));
  if (engines.includes('postgres')) {
    if (await postgresReachable(postgresUrl)) {
      results.push(await thenDispose(await postgresDatabase(postgresUrl), bench));
    } else console.log(`\nPostgreSQL is not reachable at ${postgresUrl}: skipped.`);
  }
  return results;
}

async function thenDispose<T>(database: BenchDatabase, bench: (database: BenchDatabase) => Promise<T>) {
  const interrupted = () => {
    void database.dispose().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    return await bench(database);
  } finally {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    await database.dispose();
  }
}
