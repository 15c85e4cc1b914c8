import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * When a link was read (issue 19, the weekly insight report's "read" count): links.state says whether a
 * link is read, and nothing said when. read_at is set when a link leaves unread (for read or archived) and
 * cleared when it goes back; moving between read and archived keeps it. Links already read or archived
 * keep none: when that happened is not known, and no week should count them. The index keeps the read
 * links only (the unread are most of a library), in the order a week's range is read.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  await db.schema.alterTable('links').addColumn('read_at', time).execute();
  await sql`CREATE INDEX links_user_read ON links (user_id, read_at) WHERE read_at IS NOT NULL`.execute(db);
}
