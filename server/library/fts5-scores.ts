import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import { recentSince } from './fts5-recent.js';

/**
 * How many of a phrase's newest pages tell how common it is: a phrase on more than half of them is taken
 * to be on more than half of all pages (its newest hundred are a sample of the index over time).
 */
const SAMPLE_PAGES = 100;

/**
 * BM25 scores (lower is better, as FTS5's bm25() gives them) of the pages `seqs`, for the body `phrases`
 * they all hold (migration 0012's link_contents_fts; a phrase is a quoted term, the last maybe a prefix).
 *
 * FTS5's BM25 counts, for each phrase of a query, the pages of the whole index that hold it, and gives a
 * phrase on more than half of them the weight of nothing (an IDF floor of 1e-6). Counting is what costs:
 * "the" is on 71,000 of 100,000 pages, and counting them took about 9 of the 18 ms a search for "the new
 * government" spent in the index, and the owner's word 5 more. So the pages are scored apart from finding
 * them: without the owner's word (its column weighs nothing), and without the phrases a sample shows on
 * most pages, which leaves the order the same (it was on the 100,000-link bench library: the same fifty,
 * in the same order, in 4 ms). Where every phrase is that common, nothing is scored and the newest come
 * first. The rest are counted among the newest 5,000 pages when those hold every page found (migration
 * 0016): "history", on 28% of pages, in 0.5 ms instead of 6.
 */
export async function fts5Scores(
  db: Kysely<DB>,
  phrases: readonly string[],
  seqs: readonly number[],
): Promise<Map<number, number>> {
  if (seqs.length === 0) return new Map();
  const { rows: index } = await sql<{ newest: number }>`
    SELECT max(rowid) AS newest FROM link_contents_fts`.execute(db);
  const newest = index[0]?.newest ?? 0;
  const weighed = [];
  for (const phrase of phrases) if (!(await onMostPages(db, phrase, newest))) weighed.push(phrase);
  if (weighed.length === 0) return new Map();
  const wanted = new Set(seqs);
  const oldest = Math.min(...seqs);
  const body = `body : (${weighed.join(' ')})`;
  const range = sql`rowid BETWEEN ${oldest} AND ${Math.max(...seqs)}`;
  // Counted among the newest pages where they hold all that was found (migration 0016); a range, not a
  // list: FTS5 would run the query once per rowid of an IN list, each counting again.
  const { rows } = await sql<{ seq: number; score: number }>`${
    oldest >= (await recentSince(db))
      ? sql`SELECT rowid AS seq, bm25(link_contents_fts_recent) AS score FROM link_contents_fts_recent
          WHERE link_contents_fts_recent MATCH ${body} AND ${range}`
      : sql`SELECT rowid AS seq, bm25(link_contents_fts, 0.0, 1.0) AS score FROM link_contents_fts
          WHERE link_contents_fts MATCH ${body} AND ${range}`
  }`.execute(db);
  return new Map(rows.filter((row) => wanted.has(row.seq)).map((row) => [row.seq, row.score]));
}

/**
 * Whether `phrase` holds on more than half of the index's newest pages, from its newest SAMPLE_PAGES
 * (the index reads them newest first) and the index's newest page.
 */
async function onMostPages(db: Kysely<DB>, phrase: string, newest: number): Promise<boolean> {
  const { rows } = await sql<{ found: number; oldest: number | null }>`
    SELECT count(*) AS found, min(rowid) AS oldest
    FROM (SELECT rowid FROM link_contents_fts WHERE link_contents_fts MATCH ${`body : ${phrase}`}
      ORDER BY rowid DESC LIMIT ${SAMPLE_PAGES})`.execute(db);
  const sample = rows[0];
  if (!sample || sample.found < SAMPLE_PAGES || sample.oldest === null) return false;
  return sample.found > (newest - sample.oldest + 1) / 2;
}
