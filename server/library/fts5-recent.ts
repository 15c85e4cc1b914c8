import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * SQLite's index of the newest pages' words, for ranking (migration 0016): it holds every page of a link
 * from `since` on, and `since` moves up to the newest `pages` links once more than `pages` + `step` are
 * behind it, so that trimming is one statement every few hundred pages kept rather than one in each keep.
 */
export const RECENT_REACH = { pages: 5_000, step: 500 };

/** The words of link `linkId`'s page, when its link is new enough; called where the main index gets them. */
export async function indexRecent(
  db: Kysely<DB>,
  linkId: string,
  words: Uint8Array,
  reach = RECENT_REACH,
): Promise<void> {
  await sql`INSERT INTO link_contents_fts_recent(rowid, body)
    SELECT links.seq, CAST(${words} AS TEXT) FROM links, link_contents_fts_recent_since AS recent
    WHERE links.id = ${linkId} AND links.seq >= recent.seq`.execute(db);
  const { rows } = await sql<{ since: number; newest: number }>`
    SELECT seq AS since, (SELECT max(seq) FROM links) AS newest FROM link_contents_fts_recent_since`.execute(
    db,
  );
  const { since, newest } = rows[0] ?? { since: 0, newest: 0 };
  if (newest - since < reach.pages + reach.step) return;
  const start = newest - reach.pages + 1;
  await sql`UPDATE link_contents_fts_recent_since SET seq = ${start}`.execute(db);
  await sql`DELETE FROM link_contents_fts_recent WHERE rowid < ${start}`.execute(db);
}

export async function unindexRecent(db: Kysely<DB>, linkId: string): Promise<void> {
  await sql`DELETE FROM link_contents_fts_recent
    WHERE rowid = (SELECT seq FROM links WHERE id = ${linkId})`.execute(db);
}

/** The seq from which every kept page is in the recent index. */
export async function recentSince(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ seq: number }>`SELECT seq FROM link_contents_fts_recent_since`.execute(db);
  return rows[0]?.seq ?? Number.POSITIVE_INFINITY;
}
