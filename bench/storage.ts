/** How much room a library takes on disk, and how much of it is its kept pages (issue 16). */
import { sql } from 'kysely';
import type { Database } from '../server/db/database.js';

export interface Storage {
  /** The whole database: every table and index (SQLite: the file once its WAL is checkpointed). */
  totalBytes: number;
  /** The kept pages: link_contents with its index, and their full-text index (SQLite's FTS5 tables, PostgreSQL's table of words). */
  pagesBytes: number;
}

export async function storage({ db, dialect }: Database): Promise<Storage> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ total: string; pages: string }>`
      SELECT pg_database_size(current_database()) AS total,
        pg_total_relation_size('link_contents') + pg_total_relation_size('link_contents_search') AS pages`.execute(
      db,
    );
    return { totalBytes: Number(rows[0]?.total), pagesBytes: Number(rows[0]?.pages) };
  }
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  // dbstat: every table's and index's pages (better-sqlite3 builds SQLite with it).
  const { rows } = await sql<{ total: number; pages: number }>`
    SELECT sum(pgsize) AS total,
      sum(CASE WHEN name = 'link_contents' OR name LIKE 'link_contents_fts%'
        OR name LIKE 'sqlite_autoindex_link_contents%' THEN pgsize ELSE 0 END) AS pages
    FROM dbstat`.execute(db);
  return { totalBytes: Number(rows[0]?.total), pagesBytes: Number(rows[0]?.pages) };
}

/** Bytes per 1,000 links, in MB. */
export const mbPerThousand = (bytes: number, links: number) => (bytes / links / 1024 / 1024) * 1000;
