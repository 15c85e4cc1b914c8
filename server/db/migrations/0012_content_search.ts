import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Full-text search over kept pages (API.md "Reading, organising and finding"). What is indexed is the
 * page's words as enrich/text/search-text.ts finds and folds them, one space apart, after an owner word
 * (the user's id without hyphens): a query ANDs it with its terms, so each engine intersects one person's
 * entries in the index rather than filtering everyone's matches.
 *
 * - SQLite: a contentless FTS5 table (the text is already kept, packed, in link_contents), keyed by the
 *   link's seq, cleared by a trigger when the link goes; its segments merge between requests like the
 *   others' (migration 0005, sqlite-upkeep.ts).
 * - PostgreSQL: a tsvector of the 'simple' configuration (no stemming, no stop words: the words are
 *   already folded, in any language) with a GIN index.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`ALTER TABLE link_contents ADD COLUMN search tsvector`.execute(db);
    await sql`CREATE INDEX link_contents_search ON link_contents USING gin (search)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE link_contents_fts USING fts5(owner, body, content='', contentless_delete=1,
    tokenize='unicode61 remove_diacritics 0')`.execute(db);
  await sql`INSERT INTO link_contents_fts(link_contents_fts, rank) VALUES ('automerge', 0)`.execute(db);
  await sql`INSERT INTO link_contents_fts(link_contents_fts, rank) VALUES ('crisismerge', 64)`.execute(db);
  await sql`CREATE TRIGGER links_content_search_delete AFTER DELETE ON links BEGIN
    DELETE FROM link_contents_fts WHERE rowid = old.seq; END`.execute(db);
}
