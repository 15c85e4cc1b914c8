import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Shared folders (issue 19): who a folder is shared with, and as what (editor or viewer). The folder's
 * owner is folders.user_id and has no row here. A member's row goes with the folder and with either
 * account (cascades), so deleting the folder or an account ends every share it was part of. Looked up by
 * folder (the primary key: a link's readers, a folder's member list) and by member (their folder list,
 * the owners whose events their stream follows).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('folder_members')
    .addColumn('folder_id', 'text', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ('editor', 'viewer')`))
    .addColumn('added_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('folder_members_pk', ['folder_id', 'user_id'])
    .execute();
  await db.schema.createIndex('folder_members_user').on('folder_members').columns(['user_id']).execute();
}
