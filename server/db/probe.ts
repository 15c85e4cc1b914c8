import { sql } from 'kysely';
import type { Database } from './database.js';

/**
 * Resolves when the database answers and takes writes; rejects with what stops it otherwise. Run at
 * start-up (a read-only file used to start "ready" and fail every write).
 *
 * On SQLite it writes user_version back unchanged: a real committed write that changes nothing, so a
 * read-only file, a full disk or a failing one is refused here. On PostgreSQL a session that may not write
 * (a standby, default_transaction_read_only) is refused; a full disk there stops the server itself.
 */
export async function probeWrites(database: Database): Promise<void> {
  if (database.dialect === 'sqlite') {
    await database.db.connection().execute(async (connection) => {
      const { rows } = await sql<{ user_version: number }>`PRAGMA user_version`.execute(connection);
      await sql.raw(`PRAGMA user_version = ${Number(rows[0]?.user_version ?? 0)}`).execute(connection);
    });
    return;
  }
  const { rows } = await sql<{ transaction_read_only: string }>`SHOW transaction_read_only`.execute(
    database.db,
  );
  if (rows[0]?.transaction_read_only !== 'off') {
    throw new Error('PostgreSQL accepts no writes on this connection (transaction_read_only is on)');
  }
}

/**
 * /readyz's question: does the database answer, and take writes? On SQLite it writes only
 * while the most recent write has failed (to see the disk repaired); otherwise it reads the file beside
 * Kysely's single connection, for a write of its own would wait behind the transaction in hand and a batch
 * of an import (a second or more) made /readyz answer 503 under load. On PostgreSQL the write probe is
 * itself a read, on a connection of the pool.
 */
export async function probeReadiness(database: Database): Promise<void> {
  const { sqlite } = database;
  if (!sqlite || sqlite.writeFailure()) return probeWrites(database);
  sqlite.read();
}
