import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, dialectOf, openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import type { LinkRow } from '../server/library/links.repository.js';

/**
 * A fresh, migrated database for one test file: a temporary SQLite file, or, when TEST_DATABASE_URL names
 * a PostgreSQL database, a new database created beside it (so parallel test files never share rows).
 * `migrate: false` leaves it empty, for a test of a migration over rows an older schema held.
 */
export async function freshDatabase({ migrate = true } = {}): Promise<{
  database: Database;
  url: string;
  drop: () => Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  if (base && dialectOf(base) === 'postgres') {
    const name = `lv_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const url = withDatabaseName(base, name);
    const database = openDatabase(url, { poolSize: 5 });
    if (migrate) await migrateToLatest(database.db, database.dialect);
    return {
      database,
      url,
      drop: async () => {
        await database.close();
        await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'lv-test-'));
  const url = `sqlite:${join(dir, 'test.db')}`;
  const database = openDatabase(url);
  if (migrate) await migrateToLatest(database.db, database.dialect);
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A link row (newLinkRow) as a schema before migration 0025 holds it, without read_at nor the columns added
 * since (0029's folder suggestions): what a test of an older migration inserts into the schema it
 * migrates from.
 */
export const linkRowBeforeReadAt = ({
  read_at: _readAt,
  suggested_folder_id: _suggested,
  dismissed_folder_id: _dismissed,
  ...row
}: LinkRow) => row;

export const testDialect = () => {
  const base = process.env.TEST_DATABASE_URL;
  return base && dialectOf(base) === 'postgres' ? 'postgres' : 'sqlite';
};

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
