import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * SQLite: a second, small FTS5 index of the newest pages' words, for ranking (library/fts5-recent.ts).
 * FTS5's bm25() counts, for each word of a query, every page of its index that holds it: a word on a
 * quarter of 100,000 pages took 6 ms to count, "new" and "government" together 37, in every search that
 * ranked them. Counted among the newest 5,000 pages instead, in a tenth of the time, the same five pages
 * came first, in the same order, on the 100,000-link bench library. It holds the words only (matches are found in link_contents_fts, with their person),
 * and every page of a link from `since` on (links.seq): pages of older links stay out, so a search ranks
 * here only when all it found is that new. It starts empty, from the next link saved; its segments merge
 * between requests like the others' (migration 0005).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`CREATE VIRTUAL TABLE link_contents_fts_recent USING fts5(body, content='', contentless_delete=1,
    tokenize='unicode61 remove_diacritics 0')`.execute(db);
  await sql`INSERT INTO link_contents_fts_recent(link_contents_fts_recent, rank) VALUES ('automerge', 0)`.execute(
    db,
  );
  await sql`INSERT INTO link_contents_fts_recent(link_contents_fts_recent, rank) VALUES ('crisismerge', 64)`.execute(
    db,
  );
  await sql`CREATE TABLE link_contents_fts_recent_since (seq integer NOT NULL)`.execute(db);
  await sql`INSERT INTO link_contents_fts_recent_since (seq)
    SELECT coalesce(max(seq), 0) + 1 FROM links`.execute(db);
  await sql`CREATE TRIGGER links_recent_content_scores_delete AFTER DELETE ON links BEGIN
    DELETE FROM link_contents_fts_recent WHERE rowid = old.seq; END`.execute(db);
}
