import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Whether a saved page is still there (API.md "Reading, organising and finding"): links are re-checked
 * in the background (availability/), and broken after several checks in a row found the page gone. An
 * index on when each was last checked, never-checked first, is where the checker takes the next ones from.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  await db.schema
    .alterTable('links')
    .addColumn('availability', 'text', (c) => c.notNull().defaultTo('unknown'))
    .execute();
  await db.schema.alterTable('links').addColumn('checked_at', time).execute();
  await db.schema
    .alterTable('links')
    .addColumn('gone_checks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // NULLS FIRST is SQLite's own order for ascending keys, and only PostgreSQL's when it is asked for.
  const order = dialect === 'postgres' ? sql`ASC NULLS FIRST` : sql`ASC`;
  await sql`CREATE INDEX links_checked ON links (checked_at ${order})`.execute(db);
  await db.schema
    .createIndex('links_user_availability_created')
    .on('links')
    .columns(['user_id', 'availability', 'created_at desc', 'id desc'])
    .execute();
}
