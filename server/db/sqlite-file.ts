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

/**
 * Opens the SQLite file at `path`, creating it and its directory if need be. Node's and SQLite's own errors
 * ("EEXIST: file already exists, mkdir") say neither which setting is at fault nor what to do: these do.
 */
export function openSqliteFile(path: string): SQLite.Database {
  if (path === ':memory:') return new SQLite(path);
  const file = resolve(path);
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
  try {
    return new SQLite(path);
  } catch (err) {
    throw new DatabaseUnusableError(
      `Cannot open the SQLite database ${file}: ${causeOf(err)}. Check that it is a SQLite database and ` +
        'that the user running the server may read and write it and its directory.',
      { cause: err },
    );
  }
}
