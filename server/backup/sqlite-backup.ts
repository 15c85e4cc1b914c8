import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';

/** A backup or restore that cannot go ahead, with what to do about it. */
export class BackupError extends Error {}

/** What a copy holds, to say so when it is made or put back. */
export interface CopySummary {
  file: string;
  bytes: number;
  users: number;
  links: number;
}

/**
 * A consistent copy of the SQLite database at `databasePath` in `target`, taken while the server runs.
 * VACUUM INTO reads the database in one read transaction: the copy holds exactly the writes committed when
 * it began, whatever is written meanwhile (WAL lets the server go on writing), and is compact. SQLite's
 * page-by-page backup API starts over whenever another connection writes, which under steady saves could
 * be never.
 */
export function backupSqlite(databasePath: string, target: string): CopySummary {
  const source = resolve(databasePath);
  const file = resolve(target);
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source}: check DATABASE_URL.`);
  if (existsSync(file))
    throw new BackupError(`${file} exists already: choose a new file name for the backup.`);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('VACUUM INTO ?').run(file);
  } finally {
    db.close();
  }
  return checkedCopy(file);
}

/**
 * Puts the backup `backupFile` in place of the database at `databasePath`, which must not be open in any
 * other process (the server stopped first). The database it replaces is kept beside it, renamed
 * `<name>.before-restore-<time>`, until its owner deletes it.
 */
export function restoreSqlite(
  backupFile: string,
  databasePath: string,
): CopySummary & { keptAs: string | null } {
  const backup = resolve(backupFile);
  const target = resolve(databasePath);
  if (!existsSync(backup)) throw new BackupError(`There is no backup at ${backup}.`);
  checkedCopy(backup);
  let keptAs: string | null = null;
  if (existsSync(target)) {
    ensureUnused(target);
    keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, keptAs);
  }
  // A WAL left by the database replaced would be read as part of the restored one.
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  copyFileSync(backup, target);
  const restored = new SQLite(target);
  try {
    restored.pragma('journal_mode = WAL');
  } finally {
    restored.close();
  }
  return { ...checkedCopy(target), keptAs };
}

/**
 * Refuses a database another process has open. Leaving WAL mode needs the only connection to it: with
 * the server running, SQLite answers that the database is locked. The database is left in WAL mode.
 */
function ensureUnused(path: string): void {
  const db = new SQLite(path, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('journal_mode = DELETE');
  } catch (err) {
    throw new BackupError(
      `The database ${path} is in use (${(err as Error).message}): stop the server, then restore.`,
    );
  } finally {
    db.close();
  }
}

/** The file is a sound SQLite database made by Linkvault: what it holds, or why it cannot be used. */
function checkedCopy(file: string): CopySummary {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} is damaged (${String(check)}).`);
    const count = (table: string) => db?.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    return { file, bytes: statSync(file).size, users: count('users'), links: count('links') };
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} is not a Linkvault database (${(err as Error).message}).`);
  } finally {
    db?.close();
  }
}
