import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Preview images at the size shown (contracts/previews.ts): a link's og:image, fetched by the server, cut to
 * 1.91:1 and kept once per width, shared by every server process. source_url is the image address it was
 * made from (re-enrichment may find another: the row is then made again). A fetch or decode that failed
 * is kept too, without an image, so that a broken picture is not fetched again on every view (the
 * service tries again once made_at is some hours old). Gone with the link.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  const bytes = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('link_previews')
    .addColumn('link_id', 'text', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text')
    .addColumn('image', bytes)
    .addColumn('made_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('link_previews_pk', ['link_id', 'width'])
    .execute();
}
