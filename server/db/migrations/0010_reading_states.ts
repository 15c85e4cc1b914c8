import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Reading states (API.md "Reading, organising and finding"): how far a link has been read, and indexes
 * for the sidebar's Unread, Archive and Favourites lists, newest first, so that a few favourites among a
 * hundred thousand links are a short index range rather than a walk over every link.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('links')
    .addColumn('reading_progress', dialect === 'postgres' ? 'double precision' : 'real', (c) =>
      c.notNull().defaultTo(0),
    )
    .execute();
  await db.schema
    .createIndex('links_user_state_created')
    .on('links')
    .columns(['user_id', 'state', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('links_user_favorite_created')
    .on('links')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .where(sql.ref('favorite'), '=', 1)
    .execute();
}
