import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../test/app.js';
import { testDialect } from '../../test/database.js';
import { newId } from '../lib/ids.js';
import { indexRecent, recentSince } from './fts5-recent.js';
import { LinksRepository, newLinkRow } from './links.repository.js';

describe.skipIf(testDialect() !== 'sqlite')("the newest pages' index, for ranking", () => {
  const ctx = useTestApp();
  const reach = { pages: 4, step: 2 };

  const indexed = async () => {
    const { rows } = await sql<{ seq: number }>`
      SELECT rowid AS seq FROM link_contents_fts_recent ORDER BY rowid`.execute(ctx.database.db);
    return rows.map((row) => row.seq);
  };

  it('holds the pages of links from its start on, moves its start up in steps, and lets a deleted link go', async () => {
    const me = (await signUp(ctx.app)).user.id;
    const { db, dialect } = ctx.database;
    const links = new LinksRepository(db, dialect);
    const start = await recentSince(db);
    const rows = Array.from({ length: 12 }, (_, i) =>
      newLinkRow(
        {
          id: newId(),
          user_id: me,
          folder_id: null,
          url: `https://pages.example/recent/${i}`,
          description: null,
          enrichment_status: 'enriched',
          title: `Page ${i}`,
        },
        new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      ),
    );
    await links.insert(db, rows);
    const { rows: saved } = await sql<{ id: string; seq: number }>`
      SELECT id, seq FROM links WHERE user_id = ${me} ORDER BY seq`.execute(db);
    expect(saved[0]!.seq).toBeGreaterThanOrEqual(start);
    const words = (i: number) => new TextEncoder().encode(`page ${i}`);

    // The first two go in; the third finds more than pages + step links behind the start, and trims.
    for (const [i, link] of saved.slice(0, 3).entries()) await indexRecent(db, link.id, words(i), reach);
    const newest = saved.at(-1)!.seq;
    expect(await recentSince(db)).toBe(newest - 3);
    expect(await indexed()).toEqual([]);
    for (const [i, link] of saved.entries()) await indexRecent(db, link.id, words(i), reach);
    expect(await indexed()).toEqual(saved.slice(-4).map((link) => link.seq));

    await db.deleteFrom('links').where('id', '=', saved.at(-1)!.id).execute();
    expect(await indexed()).toEqual(saved.slice(-4, -1).map((link) => link.seq));
  });
});
