import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Smart categories (issue 19): the folder Linkvault suggests for a link in no folder, and the one its
 * person turned down, so that the same suggestion does not come back. Both point at folders with ON DELETE
 * SET NULL: a deleted folder takes its suggestions with it, on both engines, with no code to forget.
 * The partial index serves the Uncategorized view's "which links carry a suggestion" and the folder
 * deletion's SET NULL (a foreign key without an index is a scan of every link on each folder deleted).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('links')
    .addColumn('suggested_folder_id', 'text', (c) => c.references('folders.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('links')
    .addColumn('dismissed_folder_id', 'text', (c) => c.references('folders.id').onDelete('set null'))
    .execute();
  await sql`CREATE INDEX links_suggested_folder ON links (suggested_folder_id) WHERE suggested_folder_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX links_dismissed_folder ON links (dismissed_folder_id) WHERE dismissed_folder_id IS NOT NULL`.execute(
    db,
  );
}
