import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * PostgreSQL's full-text search, newest first without reading every page's word list (API.md "Reading,
 * organising and finding"). A search ranks the newest of its matches, and PostgreSQL found them by walking
 * a person's links newest first and testing each page's tsvector (9 KB on average, read out of TOAST among
 * the pages' packed texts): for a word on a quarter of the pages, 745 tests at 100,000 links.
 *
 * The words move to a table of their own, beside the person and the link's date, and one GIN index
 * (btree_gin, a trusted contrib extension like pg_trgm) holds all three: the index itself answers "this
 * person's pages with these words, saved since then" from its posting lists, and ranking the newest reads
 * their word lists from a compact table rather than from between the pages' texts. The person is a column
 * of the index, so the owner word of migration 0012 leaves the words. The date is the link's
 * (links.created_at, what lists are ordered by), copied by a trigger when it changes (an import merging an
 * older copy of a link keeps the older date). SQLite's FTS5 index already hands its matches newest first
 * (its rowid is links.seq): nothing changes there. The dropped column's word lists stay on disk until
 * their rows are written again (a page fetched again) or `VACUUM FULL link_contents` rewrites them all.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
  // The words' old index has the new table's name, and goes anyway.
  await sql`DROP INDEX link_contents_search`.execute(db);
  await sql`CREATE TABLE link_contents_search (
    link_id text PRIMARY KEY REFERENCES link_contents (link_id) ON DELETE CASCADE,
    user_id text NOT NULL,
    link_created_at timestamptz NOT NULL,
    words tsvector NOT NULL
  )`.execute(db);
  await sql`INSERT INTO link_contents_search (link_id, user_id, link_created_at, words)
    SELECT links.id, links.user_id, links.created_at,
      ts_delete(link_contents.search, 'u' || replace(links.user_id, '-', ''))
    FROM link_contents JOIN links ON links.id = link_contents.link_id
    WHERE link_contents.search IS NOT NULL
    ORDER BY links.created_at`.execute(db);
  await sql`ALTER TABLE link_contents DROP COLUMN search`.execute(db);
  await sql`CREATE INDEX link_contents_search_words ON link_contents_search
    USING gin (user_id, words, link_created_at)`.execute(db);
  await sql`CREATE FUNCTION links_date_to_search() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE link_contents_search SET link_created_at = NEW.created_at WHERE link_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER links_date_to_search AFTER UPDATE OF created_at ON links
    FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
    EXECUTE FUNCTION links_date_to_search()`.execute(db);
}
