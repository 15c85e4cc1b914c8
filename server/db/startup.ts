import { resolve } from 'node:path';
import { sql } from 'kysely';
import { type Database, type DatabaseTimeouts, dialectOf, openDatabase, sqlitePathOf } from './database.js';
import { migrateToLatest } from './migrate.js';
import { DEFAULT_POOL_SIZE, connectionsAvailable } from './pool-budget.js';
import { probeWrites } from './probe.js';
import { damaged, isDamage } from './sqlite-file.js';
import { causeOf, DatabaseUnusableError } from './unusable.js';

/** What to do when SQLite refuses a write, by result code. */
const SQLITE_WRITE_REMEDIES: [RegExp, string][] = [
  [
    /^SQLITE_READONLY/,
    'Make the file, its -wal and -shm files and its directory writable by the user running the server ' +
      '(or mount its volume read-write)',
  ],
  [/^SQLITE_FULL/, 'Free space on its disk'],
  [/^SQLITE_(BUSY|LOCKED)/, 'Another process holds it, and SQLite serves one process: stop the other one'],
  [/^SQLITE_IOERR/, 'Its disk fails to write: check the disk, and restore the database from a backup'],
];

/**
 * Opens DATABASE_URL for this process, checks that it can serve, and migrates it.
 * It refuses with a DatabaseUnusableError naming the database, the cause and the remedy, rather than
 * hanging on an unreachable server (the connect timeout bounds every attempt) or starting "ready" on a
 * file that then fails writes, or reads of its damaged pages. SQLite's quick check reads the whole file
 * once: a few seconds for a database of a gigabyte, at start-up only. `poolSize`: PostgreSQL's pool.
 */
export async function startDatabase(
  url: string,
  timeouts: DatabaseTimeouts,
  poolSize = DEFAULT_POOL_SIZE,
): Promise<Database> {
  if (dialectOf(url) === 'sqlite') {
    const database = openDatabase(url);
    const file = resolve(sqlitePathOf(url));
    await closingOnFailure(database, async () => {
      await checkIntegrity(database, file);
      await checkWrites(database, `the SQLite database ${file}`, sqliteWriteRemedy);
      await migrateToLatest(database.db, database.dialect);
    });
    return database;
  }
  await preparePostgres(url, timeouts);
  return openDatabase(url, { poolSize, timeouts });
}

/**
 * startDatabase's checks and migrations on PostgreSQL, on one connection it closes after; answers the
 * connections the server allows (pool-budget.ts), for a process that sizes pools before opening any.
 * Kysely's migrator takes an advisory lock, so processes starting at once never migrate twice.
 */
export async function preparePostgres(url: string, timeouts: DatabaseTimeouts): Promise<number> {
  const where = `PostgreSQL at ${postgresLocation(url)}`;
  // Migrations run without the statement timeout (DatabaseTimeouts.statementMs), on a connection of their own.
  const migrating = openDatabase(url, { poolSize: 1, timeouts: { connectMs: timeouts.connectMs } });
  let available = 0;
  await closingOnFailure(migrating, async () => {
    await checkReachable(migrating, where, timeouts.connectMs);
    await checkWrites(migrating, where, () => 'Point DATABASE_URL at the primary server, not a standby');
    await migrateToLatest(migrating.db, migrating.dialect);
    available = await connectionsAvailable(migrating.db);
  });
  await migrating.close();
  return available;
}

async function closingOnFailure(database: Database, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}

async function checkReachable(database: Database, where: string, connectMs: number): Promise<void> {
  try {
    await sql`SELECT 1`.execute(database.db);
  } catch (err) {
    throw new DatabaseUnusableError(
      `Cannot connect to ${where}: ${causeOf(err)}. Check DATABASE_URL, that PostgreSQL is running and ` +
        `that this machine can reach it (DATABASE_CONNECT_TIMEOUT_MS: ${connectMs} ms to connect).`,
      { cause: err },
    );
  }
}

async function checkIntegrity(database: Database, file: string): Promise<void> {
  let problems: string[];
  try {
    const { rows } = await sql<{ quick_check: string }>`PRAGMA quick_check`.execute(database.db);
    problems = rows.map((row) => row.quick_check).filter((row) => row !== 'ok');
  } catch (err) {
    if (isDamage(err)) throw damaged(file, causeOf(err), err);
    throw new DatabaseUnusableError(
      `Cannot read the SQLite database ${file}: ${causeOf(err)}. Check that the user running the ` +
        'server may read and write it and its directory.',
      { cause: err },
    );
  }
  if (problems.length > 0) throw damaged(file, `quick_check: ${problems.slice(0, 3).join('; ')}`);
}

async function checkWrites(
  database: Database,
  where: string,
  remedy: (err: unknown) => string,
): Promise<void> {
  try {
    await probeWrites(database);
  } catch (err) {
    throw new DatabaseUnusableError(`Cannot write to ${where}: ${causeOf(err)}. ${remedy(err)}.`, {
      cause: err,
    });
  }
}

function sqliteWriteRemedy(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  const known = SQLITE_WRITE_REMEDIES.find(([pattern]) => typeof code === 'string' && pattern.test(code));
  return known?.[1] ?? 'Check the file and its disk, or set DATABASE_URL=sqlite:<path> to another place';
}

/** host:port/database, without the credentials DATABASE_URL may carry. */
function postgresLocation(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}
