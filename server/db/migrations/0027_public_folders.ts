import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Public folder pages (issue 19): a folder its owner published as a read-only page and Atom feed at
 * /s/<token>. One public link per folder (its key); only the SHA-256 of the token is kept, like
 * one_time_links (migration 0024), so the database never holds an address that works. Publishing again
 * replaces the hash (the old address ends); deleting the folder deletes its public link with it.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('public_folders')
    .addColumn('folder_id', 'text', (c) => c.primaryKey().references('folders.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
}
