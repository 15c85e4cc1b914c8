import { type Kysely, sql } from 'kysely';
import { urlKey } from '../../../contracts/urls.js';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Import and export:
 * - imports, the uploaded file in pieces, and what an import skipped: an import is a job in the database
 *   that any process resumes after a restart (DESIGN.md "Imports");
 * - links keep a reading state and a favourite mark that imported files carry (Pocket's archive, Pinboard's
 *   toread, Instapaper's Starred);
 * - jobs get a priority and a rank, so fresh saves go before imported backlogs and users' backlogs take
 *   turns (queue/ingest-queue.ts);
 * - url_key is recomputed: the normalized URL now also drops tracking parameters (API.md), which is how
 *   duplicates are found everywhere.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  const bytes = dialect === 'postgres' ? sql`bytea` : sql`blob`;

  await db.schema
    .alterTable('links')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('unread'))
    .execute();
  await db.schema
    .alterTable('links')
    .addColumn('favorite', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable('link_ingest_jobs')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('link_ingest_jobs')
    .addColumn('rank', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // The claim reads the next job in this order (and the head of the backlog from it); a user's own
  // backlog end is read from the second.
  await db.schema.dropIndex('link_ingest_jobs_due').execute();
  await db.schema
    .createIndex('link_ingest_jobs_next')
    .on('link_ingest_jobs')
    .columns(['status', 'priority', 'rank', 'scheduled_at'])
    .execute();
  await db.schema.dropIndex('link_ingest_jobs_user_status').execute();
  await db.schema
    .createIndex('link_ingest_jobs_user_status')
    .on('link_ingest_jobs')
    .columns(['user_id', 'status', 'priority', 'rank'])
    .execute();

  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('folder_id', 'text', (c) => c.references('folders.id').onDelete('set null'))
    .addColumn('enrich', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer')
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('merged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('lease_until', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('finished_at', time)
    .execute();
  await db.schema
    .createIndex('imports_user_created')
    .on('imports')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('imports_status').on('imports').column('status').execute();

  await db.schema
    .createTable('import_chunks')
    .addColumn('import_id', 'text', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint('import_chunks_pk', ['import_id', 'seq'])
    .execute();

  await db.schema
    .createTable('import_skips')
    .addColumn('import_id', 'text', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_skips_pk', ['import_id', 'seq'])
    .execute();

  await rekey(db, 'links', 'url', 'url_key');
  await rekey(db, 'snippets', 'page_url', 'page_url_key');
}

/** Recomputes a stored key column from its URL, a page of rows at a time (bounded memory on any library). */
async function rekey(db: AnyDb, table: string, source: string, key: string): Promise<void> {
  const PAGE = 1000;
  let after = -1;
  for (;;) {
    const rows = (await db
      .selectFrom(table)
      .select(['seq', source, key])
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(PAGE)
      .execute()) as Record<string, string | number>[];
    for (const row of rows) {
      const fresh = urlKey(String(row[source]));
      if (fresh !== row[key]) {
        await db
          .updateTable(table)
          .set({ [key]: fresh })
          .where('seq', '=', row.seq)
          .execute();
      }
    }
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1]?.seq);
  }
}
