import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { freshDatabase, testDialect } from '../../test/database.js';
import { fts5Scores } from './fts5-scores.js';

/** 300 pages: "the" on every one, "tide" on every third (1 to 5 times), "harbour" on every tenth. */
const page = (n: number) =>
  [
    'the the the words of page',
    n % 3 === 0 ? 'tide '.repeat(1 + (n % 5)) : 'calm',
    n % 10 === 0 ? 'harbour' : 'field',
    'filler '.repeat(n % 7),
  ].join(' ');

describe.skipIf(testDialect() !== 'sqlite')('FTS5 scores of found pages', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
    // As keep() writes them: every page in the main index and, from `since` on, in the newest pages' one.
    await sql`UPDATE link_contents_fts_recent_since SET seq = 1`.execute(database.db);
    for (let seq = 1; seq <= 300; seq += 1) {
      await sql`INSERT INTO link_contents_fts(rowid, owner, body) VALUES (${seq}, 'uowner', ${page(seq)})`.execute(
        database.db,
      );
      await sql`INSERT INTO link_contents_fts_recent(rowid, body) VALUES (${seq}, ${page(seq)})`.execute(
        database.db,
      );
    }
  });
  afterAll(() => drop());

  /**
   * What FTS5's bm25() over every phrase orders the pages holding `phrases` by (best first, newest first
   * among equals), in the main index or in the newest pages' one (whose length norm has no owner word).
   */
  const bm25Order = async (phrases: string[], index: 'main' | 'recent' = 'recent') => {
    const body = `body : (${phrases.join(' ')})`;
    const { rows } = await sql<{ seq: number }>`${
      index === 'main'
        ? sql`SELECT rowid AS seq FROM link_contents_fts
            WHERE link_contents_fts MATCH ${`owner : "uowner" AND ${body}`}
            ORDER BY bm25(link_contents_fts, 0.0, 1.0), rowid DESC`
        : sql`SELECT rowid AS seq FROM link_contents_fts_recent WHERE link_contents_fts_recent MATCH ${body}
            ORDER BY bm25(link_contents_fts_recent), rowid DESC`
    }`.execute(database.db);
    return rows.map((row) => row.seq);
  };
  const scoredOrder = async (phrases: string[], seqs: number[]) => {
    const scores = await fts5Scores(database.db, phrases, seqs);
    return { scores, order: [...seqs].sort((a, b) => (scores.get(a) ?? 0) - (scores.get(b) ?? 0) || b - a) };
  };

  it('orders pages as BM25 over every phrase does, leaving out the phrases on most pages', async () => {
    for (const phrases of [
      ['"the"', '"tide"'],
      ['"the"', '"tide"', '"harbour"'],
      ['"tide"'],
      ['"the"', '"ti"*'],
    ]) {
      const expected = await bm25Order(phrases);
      expect(expected.length, phrases.join(' ')).toBeGreaterThan(5);
      const { order } = await scoredOrder(phrases, expected);
      expect(order, phrases.join(' ')).toEqual(expected);
    }
  });

  it("counts a phrase's pages in the newest pages' index only when it holds every page found", async () => {
    const tides = await bm25Order(['"tide"'], 'main');
    await sql`UPDATE link_contents_fts_recent_since SET seq = 151`.execute(database.db);
    await sql`DELETE FROM link_contents_fts_recent WHERE rowid < 151`.execute(database.db);
    try {
      const newer = await bm25Order(['"tide"']);
      expect(newer.length).toBeGreaterThan(5);
      expect(Math.min(...newer)).toBeGreaterThanOrEqual(151);
      const { scores, order } = await scoredOrder(['"tide"'], newer);
      expect(order).toEqual(newer);
      const { rows } = await sql<{ seq: number; score: number }>`
        SELECT rowid AS seq, bm25(link_contents_fts_recent) AS score FROM link_contents_fts_recent
        WHERE link_contents_fts_recent MATCH 'body : "tide"'`.execute(database.db);
      expect(Object.fromEntries(scores)).toEqual(Object.fromEntries(rows.map((row) => [row.seq, row.score])));
      // Pages older than its start are scored in the main index, with the rest.
      const { order: all } = await scoredOrder(['"tide"'], tides);
      expect(all).toEqual(tides);
    } finally {
      await sql`UPDATE link_contents_fts_recent_since SET seq = 1`.execute(database.db);
      for (let seq = 1; seq < 151; seq += 1) {
        await sql`INSERT INTO link_contents_fts_recent(rowid, body) VALUES (${seq}, ${page(seq)})`.execute(
          database.db,
        );
      }
    }
  });

  it('scores only the pages asked about, and nothing when every phrase is on most pages', async () => {
    const { scores } = await scoredOrder(['"tide"'], [3, 6, 9]);
    expect([...scores.keys()].sort((a, b) => a - b)).toEqual([3, 6, 9]);
    expect((await fts5Scores(database.db, ['"the"', '"words"'], [1, 2, 3])).size).toBe(0);
  });
});
