import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { causeOf, DatabaseUnusableError } from './unusable.js';

const CREATE_IT =
  'Create the directory with write access for the user running the server, or set ' +
  'DATABASE_URL=sqlite:<path> to a writable place (a mounted volume)';
const FILE_IN_THE_WAY =
  'Move that file away, or set DATABASE_URL=sqlite:<path> to a path whose parents are directories';

/** Why a directory could not be made, and what to do, by errno. */
const DIRECTORY_FAILURES: Record<string, [cause: string, remedy: string]> = {
  EEXIST: ['a part of that path is a file, not a directory', FILE_IN_THE_WAY],
  ENOTDIR: ['a part of that path is a file, not a directory', FILE_IN_THE_WAY],
  EROFS: ['the file system is read-only', CREATE_IT],
  EACCES: ['permission denied', CREATE_IT],
  EPERM: ['permission denied', CREATE_IT],
  ENOENT: ['a parent directory is missing and cannot be created (a read-only file system?)', CREATE_IT],
};

/** SQLite's answers for a file whose pages are damaged or that is no database at all. */
const SQLITE_DAMAGE = /^SQLITE_(CORRUPT|NOTADB)/;

export function isDamage(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && SQLITE_DAMAGE.test(code);
}

/** The refusal of a damaged file, and how to get its rows back. */
export function damaged(file: string, problems: string, cause?: unknown): DatabaseUnusableError {
  return new DatabaseUnusableError(
    `The SQLite database ${file} is damaged (${problems}). Restore it from a backup, or recover what is ` +
      `readable with the sqlite3 shell (sqlite3 '${file}' .recover | sqlite3 recovered.db) and set ` +
      'DATABASE_URL to the recovered file.',
    { cause },
  );
}

/**
 * Opens the SQLite file at `path`, creating it and its directory if need be, and sets it up. Node's and
 * SQLite's own errors ("EEXIST: file already exists, mkdir", "file is not a database") say neither which
 * setting is at fault nor what to do: these do.
 */
export function openSqliteFile(path: string): SQLite.Database {
  const file = resolve(path);
  if (path !== ':memory:') makeDirectory(file);
  let sqlite: SQLite.Database | undefined;
  try {
    sqlite = new SQLite(path);
    // The first reads of the file: a file that is no database, or whose header is damaged, fails here.
    sqlite.pragma('journal_mode = WAL');
    // In WAL mode NORMAL syncs at checkpoints rather than at every commit. A power loss can then lose the
    // last commits, never corrupt the database (WAL frames are checksummed; recovery stops at the first
    // bad one); a crash of the process alone loses nothing, the commits are already with the OS.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // SQLite's own default page cache (2,000 KiB) in place of better-sqlite3's 16 MB: the 16 MB filled as
    // the soak's database grew and was most of the server's growth (README "Memory"), while at 100,000
    // links with their pages searches and lists took 5-10% longer with 2 MB (the OS caches the file too).
    sqlite.pragma('cache_size = -2000');
    return sqlite;
  } catch (err) {
    sqlite?.close();
    if (isDamage(err)) throw damaged(file, causeOf(err), err);
    throw new DatabaseUnusableError(
      `Cannot open the SQLite database ${file}: ${causeOf(err)}. Check that it is a SQLite database and ` +
        'that the user running the server may read and write it and its directory.',
      { cause: err },
    );
  }
}

function makeDirectory(file: string): void {
  const directory = dirname(file);
  try {
    mkdirSync(directory, { recursive: true });
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    const [cause, remedy] = DIRECTORY_FAILURES[code] ?? [causeOf(err), CREATE_IT];
    throw new DatabaseUnusableError(
      `Cannot create the directory ${directory} for the SQLite database ${file}: ${cause}` +
        `${code && !cause.includes(code) ? ` (${code})` : ''}. ${remedy}.`,
      { cause: err },
    );
  }
}
