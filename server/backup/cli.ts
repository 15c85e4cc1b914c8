import { loadConfig } from '../config.js';
import { dialectOf, sqlitePathOf } from '../db/database.js';
import { BackupError, type CopySummary, backupSqlite, restoreSqlite } from './sqlite-backup.js';

/**
 * npm run backup -- <file>   a consistent copy of the SQLite database, taken while the server runs
 * npm run restore -- <file>  puts a copy back, the server stopped (README "Backups")
 * The database is DATABASE_URL's, as the server's. PostgreSQL has its own tools: pg_dump and pg_restore.
 */
const USAGE = 'Usage: npm run backup -- <file>   or   npm run restore -- <file>';
const POSTGRES =
  'DATABASE_URL is a PostgreSQL database: back it up with pg_dump --format=custom and put it back with ' +
  'pg_restore --clean (README "Backups").';

const describe = (copy: CopySummary) =>
  `${copy.file}: ${(copy.bytes / 1_048_576).toFixed(1)} MB, ${copy.users} accounts, ${copy.links} links`;

function run(command: string | undefined, file: string | undefined): string {
  if ((command !== 'backup' && command !== 'restore') || !file) throw new BackupError(USAGE);
  const url = loadConfig().databaseUrl;
  if (dialectOf(url) !== 'sqlite') throw new BackupError(POSTGRES);
  if (command === 'backup') return `Backed up to ${describe(backupSqlite(sqlitePathOf(url), file))}`;
  const restored = restoreSqlite(file, sqlitePathOf(url));
  const kept = restored.keptAs ? `\nThe database it replaced is kept as ${restored.keptAs}` : '';
  return `Restored ${describe(restored)}${kept}`;
}

try {
  console.log(run(process.argv[2], process.argv[3]));
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exitCode = 1;
}
