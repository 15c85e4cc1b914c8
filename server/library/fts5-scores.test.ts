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
    for (let seq = 1; seq <= 300; seq += 1) {
      await sql`INSERT INTO link_contents_fts(rowid, owner, body) VALUES (${seq}, 'uowner', ${page(seq)})`.execute(
        database.db,
      );
    }
  });
  afterAll(() => drop());

  /** What FTS5's bm25() over every phrase orders the pages holding `phrases` by (best first, newest first among equals). */
  const bm25Order = async (phrases: string[]) => {
    const { rows } = await sql<{ seq: number }>`
      SELECT rowid AS seq FROM link_contents_fts
      WHERE link_contents_fts MATCH ${`owner : "uowner" AND body : (${phrases.join(' ')})`}
      ORDER BY bm25(link_contents_fts, 0.0, 1.0), rowid DESC`.execute(database.db);
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

  it('scores only the pages asked about, and nothing when every phrase is on most pages', async () => {
    const { scores } = await scoredOrder(['"tide"'], [3, 6, 9]);
    expect([...scores.keys()].sort((a, b) => a - b)).toEqual([3, 6, 9]);
    expect((await fts5Scores(database.db, ['"the"', '"words"'], [1, 2, 3])).size).toBe(0);
  });
});
