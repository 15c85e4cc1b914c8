import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * What is kept of each fetched page (API.md "Reading, organising and finding"): the article for the reader
 * view, its plain text, and the page as an archived copy, each Brotli-compressed (lib/packed-text.ts), with
 * what the reader shows about them. One row per link, gone with it; a later fetch that fails leaves it.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  const bytes = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('link_contents')
    .addColumn('link_id', 'text', (c) => c.primaryKey().references('links.id').onDelete('cascade'))
    .addColumn('html', bytes, (c) => c.notNull())
    .addColumn('text', bytes, (c) => c.notNull())
    .addColumn('archive', bytes, (c) => c.notNull())
    .addColumn('byline', 'text')
    .addColumn('site_name', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .addColumn('reading_minutes', 'integer', (c) => c.notNull())
    .addColumn('fetched_at', time, (c) => c.notNull())
    .execute();
}
