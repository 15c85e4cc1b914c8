import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, linkRowBeforeReadAt, testDialect } from './database.js';
import { newId } from '../server/lib/ids.js';
import { packText } from '../server/lib/packed-text.js';
import { LinksRepository, newLinkRow } from '../server/library/links.repository.js';
import { migrateTo, migrateToLatest } from '../server/db/migrate.js';

/** Migration 0015 carries the words PostgreSQL kept beside each page (migration 0012) into their own table. */
describe.runIf(testDialect() === 'postgres')('migration 0015: the words of kept pages move', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('keeps every page findable, by its owner only, with its link date and without the owner word', async () => {
    const { database, drop } = await freshDatabase({ migrate: false });
    cleanups.push(drop);
    const { db, dialect } = database;
    await migrateTo(db, dialect, '0014_content_backfill');
    const people = [newId(), newId()];
    for (const id of people) {
      await db
        .insertInto('users')
        .values({
          id,
          email: `${id}@example.com`,
          name: null,
          password_hash: 'x',
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
    }
    const links = new LinksRepository(db, dialect);
    const rows = people.map((userId, i) =>
      newLinkRow(
        {
          id: newId(),
          user_id: userId,
          folder_id: null,
          url: `https://pages.example/${i}`,
          description: null,
          enrichment_status: 'enriched',
          title: null,
        },
        `2025-0${i + 3}-01T12:00:00.000Z`,
      ),
    );
    await db.insertInto('links').values(rows.map(linkRowBeforeReadAt)).execute();
    for (const row of rows) {
      const owner = `u${row.user_id.replaceAll('-', '')}`;
      const packed = packText('A heron by the mill pond');
      await sql`INSERT INTO link_contents (link_id, html, text, archive, byline, site_name, language, word_count,
          reading_minutes, fetched_at, search)
        VALUES (${row.id}, ${packed}, ${packed}, ${packed}, NULL, NULL, 'en', 6, 1, ${row.created_at},
          to_tsvector('simple', ${`${owner} a heron by the mill pond`}))`.execute(db);
    }

    await migrateToLatest(db, dialect);

    const moved = await db
      .selectFrom('link_contents_search')
      .select(['link_id', 'user_id', 'link_created_at', sql<string>`words::text`.as('words')])
      .orderBy('link_created_at')
      .execute();
    expect(moved.map((m) => [m.link_id, m.user_id, new Date(m.link_created_at).toISOString()])).toEqual(
      rows.map((row) => [row.id, row.user_id, row.created_at]),
    );
    for (const { words } of moved) expect(words).toBe("'a':2 'by':4 'heron':3 'mill':6 'pond':7 'the':5");
    for (const [i, userId] of people.entries()) {
      expect(await links.rankedByContent({ userId }, ['heron'], 10)).toEqual([rows[i]?.id]);
    }
  });
});
