import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/**
 * Transactions that take SQLite's write lock as they begin (BEGIN IMMEDIATE) rather than at their first
 * write. A transaction that has read holds a snapshot, and SQLite cannot let it wait for the lock without
 * risking a deadlock: when another connection holds the lock at that moment (the checkpointing thread
 * starting a long WAL over, wal-checkpointer.ts, or another process), it fails at once with SQLITE_BUSY
 * instead of waiting the busy timeout (https://sqlite.org/lang_transaction.html, "Read transactions").
 * Beginning with the lock, it waits like any write. The app has one connection, whose transactions run
 * one at a time already: taking the lock earlier costs it nothing.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}
