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
  /** Closes the database and deletes it. */
  dispose(): Promise<void>;
}

export async function sqliteDatabase(): Promise<BenchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'lv-bench-'));
  const url = `sqlite:${join(dir, 'bench.db')}`;
  const database = openDatabase(url);
  await migrateToLatest(database.db, database.dialect);
  const { rows } = await sql<{ version: string }>`SELECT sqlite_version() AS version`.execute(database.db);
  return {
    engine: 'SQLite',
    version: rows[0]?.version ?? '?',
    url,
    database,
    dispose: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A new database beside `adminUrl`'s, with the app's default pool, dropped by dispose().
 * Throws when the server cannot be reached, so the caller can say so and carry on with SQLite.
 */
export async function postgresDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `lv_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db, database.dialect);
    const { rows } = await sql<{
      version: string;
    }>`SELECT current_setting('server_version') AS version`.execute(database.db);
    return {
      engine: 'PostgreSQL',
      version: rows[0]?.version ?? '?',
      url,
      database,
      dispose: async () => {
        await database.close();
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  } catch (err) {
    await database.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw err;
  }
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
