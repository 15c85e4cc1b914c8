import { type Kysely, sql } from 'kysely';
import { tagIndexRows } from '../../lib/tags.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/** Links read per statement while the tag index is filled. */
const BACKFILL_ROWS = 2_000;

/**
 * Organising a library by hand (API.md "Reading, organising and finding"):
 * - folders.parent_id: a folder may sit inside another. The service moves a deleted folder's sub-folders
 *   to its parent; SET NULL only keeps the key valid should a row go some other way.
 * - link_tags: each link's tags, one row per tag, so that ?tag= and the Tags page's counts are index
 *   ranges rather than a parse of every link's JSON. links.tags stays the link's list as shown; this is
 *   its index, written with it (library/link-tags.repository.ts). tag_key is the tag without case,
 *   folded in JavaScript: SQLite's lower() knows only ASCII, and both engines must agree.
 * - indexes for ?sort=title (case-insensitive) and ?platform=, newest first within a platform.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('folders')
    .addColumn('parent_id', 'text', (c) => c.references('folders.id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('link_tags')
    .addColumn('link_id', 'text', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tag_key', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_tags_pk', ['link_id', 'tag_key'])
    .execute();
  await db.schema
    .createIndex('link_tags_user_key')
    .on('link_tags')
    .columns(['user_id', 'tag_key', 'link_id'])
    .execute();
  await sql`CREATE INDEX links_user_title ON links (user_id, lower(title), id)`.execute(db);
  await db.schema
    .createIndex('links_user_platform_created')
    .on('links')
    .columns(['user_id', 'platform', 'created_at desc', 'id desc'])
    .execute();
  await fillTagIndex(db);
}

async function fillTagIndex(db: AnyDb): Promise<void> {
  let after = 0;
  for (;;) {
    const links: { seq: number; id: string; user_id: string; tags: string }[] = await db
      .selectFrom('links')
      .select(['seq', 'id', 'user_id', 'tags'])
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(BACKFILL_ROWS)
      .execute();
    const last = links.at(-1);
    if (!last) return;
    after = Number(last.seq);
    const rows = links.flatMap(tagIndexRows);
    for (let at = 0; at < rows.length; at += BACKFILL_ROWS) {
      await db
        .insertInto('link_tags')
        .values(rows.slice(at, at + BACKFILL_ROWS))
        .execute();
    }
  }
}
