import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Bulk actions on 1,000 links under 500 ms on PostgreSQL, continued from migration 0019 (BENCHMARKS
 * "Organising: bulk actions"). Moving, marking or favouriting a link changes an indexed column, so
 * PostgreSQL writes an entry for the new row version in every index of links, the three trigram GIN
 * indexes of migration 0001 included: some 250 trigrams of a link's title, address and description each
 * time, enough for 1,000 links to overflow GIN's pending list and make the request merge it (60-700 ms
 * of a 400-960 ms action). The searched fields (search/substring.ts SEARCHED_COLUMNS) get a table of their
 * own, indexed there, and written only when one of them changes: a save, an edit, enrichment or an import
 * writes it; a move or a mark no longer does. Triggers keep it in step whoever writes links (one statement
 * trigger per insert, so an import of thousands of links is one insert here too; a row trigger for the
 * updates that change a searched field); it goes with its link. SQLite's FTS5 mirror of migration 0001
 * already updates only when a searched field changes: nothing changes there.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE TABLE link_search_fields (
    link_id text PRIMARY KEY REFERENCES links (id) ON DELETE CASCADE,
    title text NOT NULL,
    url text NOT NULL,
    description text
  )`.execute(db);
  await sql`INSERT INTO link_search_fields (link_id, title, url, description)
    SELECT id, title, url, description FROM links`.execute(db);
  // Without statistics the planner took a search for a word no link holds (a few index entries) for one
  // most links hold, and walked every link testing each: 540 ms at 100,000 links instead of 6.
  await sql`ANALYZE link_search_fields`.execute(db);
  for (const column of ['title', 'url', 'description']) {
    await sql`DROP INDEX ${sql.id(`links_${column}_trgm`)}`.execute(db);
    await sql`CREATE INDEX ${sql.id(`link_search_fields_${column}_trgm`)} ON link_search_fields
      USING gin (${sql.id(column)} gin_trgm_ops)`.execute(db);
  }
  await sql`CREATE FUNCTION links_add_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO link_search_fields (link_id, title, url, description)
        SELECT id, title, url, description FROM added;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER links_add_search_fields AFTER INSERT ON links
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION links_add_search_fields()`.execute(db);
  await sql`CREATE FUNCTION links_change_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE link_search_fields
        SET title = NEW.title, url = NEW.url, description = NEW.description
        WHERE link_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER links_change_search_fields AFTER UPDATE OF title, url, description ON links
    FOR EACH ROW WHEN ((OLD.title, OLD.url, OLD.description) IS DISTINCT FROM (NEW.title, NEW.url, NEW.description))
    EXECUTE FUNCTION links_change_search_fields()`.execute(db);
}
