import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../test/app.js';
import { testDialect } from '../../test/database.js';
import { newId } from '../lib/ids.js';
import { packText } from '../lib/packed-text.js';
import { LinkContentRepository } from './link-content.repository.js';
import { LinksRepository, type ReadingFilter, newLinkRow } from './links.repository.js';

const FILLER = ['orchard', 'bridge', 'lantern', 'meadow', 'harbour', 'pebble', 'thistle', 'willow'];

/** Twenty words, `common` among them `times` times: pages of one length, so more mentions rank higher. */
const pageText = (times: number, extra: string[] = []) =>
  [...Array.from({ length: times }, () => 'common'), ...extra, ...FILLER, ...FILLER, ...FILLER]
    .slice(0, 20)
    .join(' ');

/**
 * Full-text search's reach (LinksRepository.rankedByContent): ranked among the newest matches, which
 * PostgreSQL looks for among a person's newest links first (migration 0015). A small reach (the newest 3
 * matches, windows of 2 and 4 links) shows on ten links what the defaults do at scale; both engines must
 * give the same answers.
 */
describe('full-text search among the newest matches', () => {
  const ctx = useTestApp();
  const reach = { rankedMatches: 3, recentWindows: [2, 4] };

  /** Ten links, newest first, `texts[i]` on the i-th newest; their ids in that order. */
  const library = async (userId: string, texts: string[]) => {
    const { db, dialect } = ctx.database;
    const links = new LinksRepository(db, dialect);
    const contents = new LinkContentRepository(db, dialect);
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const rows = texts.map((_, i) =>
      newLinkRow(
        {
          id: newId(),
          user_id: userId,
          folder_id: null,
          url: `https://pages.example/${userId}/${i}`,
          description: null,
          enrichment_status: 'enriched',
          title: `Page ${i}`,
        },
        new Date(start - i * 60_000).toISOString(),
      ),
    );
    // Saved oldest first, as a person saves them: SQLite's index hands its matches in the order saved.
    await links.insert(db, rows.toReversed());
    await db.transaction().execute(async (trx) => {
      for (const [i, row] of rows.entries()) {
        const text = texts[i] ?? '';
        const page = {
          html: packText(`<p>${text}</p>`),
          text: packText(text),
          archive: packText(`<p>${text}</p>`),
          // Lower-case words one space apart: already the index's words (enrich/text/search-text.ts).
          searchText: new TextEncoder().encode(text),
          byline: null,
          siteName: null,
          language: 'en',
          wordCount: 20,
          readingMinutes: 1,
        };
        await contents.keep(trx, { linkId: row.id, userId }, page, row.created_at);
      }
    });
    return rows.map((row) => row.id);
  };

  const search = (userId: string, words: string[], limit: number, filter: ReadingFilter = {}) =>
    new LinksRepository(ctx.database.db, ctx.database.dialect, reach).rankedByContent(
      { userId },
      words,
      limit,
      filter,
    );

  it('ranks the newest matches only, finds an old page when nothing newer matches, and follows a changed date', async () => {
    const me = (await signUp(ctx.app)).user.id;
    // The newest three name "common" 1, 2 and 3 times; the fifth newest 5 times, but is older than them.
    const ids = await library(me, [
      pageText(1),
      pageText(2),
      pageText(3),
      pageText(1),
      pageText(5),
      pageText(1),
      pageText(1),
      pageText(1),
      pageText(1),
      pageText(1, ['heron']),
    ]);
    // Another person's newest page names it most of all, and is never theirs to find.
    const stranger = (await signUp(ctx.app)).user.id;
    await library(stranger, [pageText(9, ['heron'])]);

    expect(await search(me, ['common'], 2)).toEqual([ids[2], ids[1]]);
    expect(await search(me, ['heron'], 2)).toEqual([ids[9]]);
    expect(await search(me, ['common'], 2, { state: 'unread' })).toEqual([ids[2], ids[1]]);

    // Once page 1 is read, the newest three unread are 0, 2 and 3, and page 2 names it three times.
    const links = new LinksRepository(ctx.database.db, ctx.database.dialect);
    await links.update(ctx.database.db, me, ids[1] ?? '', { state: 'read' });
    expect(await search(me, ['common'], 3, { state: 'unread' })).toEqual([ids[2], ids[0], ids[3]]);
  });

  it('ranks a search of several words by how often the page names each, not how close they stand', async () => {
    const me = (await signUp(ctx.app)).user.id;
    const page = (heron: number[], grey: number[]) =>
      Array.from({ length: 20 }, (_, i) =>
        heron.includes(i) ? 'heron' : grey.includes(i) ? 'grey' : (FILLER[i % FILLER.length] ?? ''),
      ).join(' ');
    // Newest first: the two words side by side once; each named twice, at either end of the page.
    const ids = await library(me, [page([1], [0]), page([0, 1], [18, 19])]);
    expect(await search(me, ['grey', 'heron'], 2)).toEqual([ids[1], ids[0]]);
  });

  it.runIf(testDialect() === 'postgres')('follows a link whose date changes (PostgreSQL)', async () => {
    const me = (await signUp(ctx.app)).user.id;
    const ids = await library(me, [pageText(1), pageText(2), pageText(3), pageText(1), pageText(1)]);
    // The oldest page becomes the newest (an import keeps the older of two dates: here, the other way).
    const links = new LinksRepository(ctx.database.db, ctx.database.dialect);
    await links.update(ctx.database.db, me, ids[4] ?? '', { created_at: '2026-06-01T00:00:00.000Z' });
    // Newest three: 4, 0, 1. Page 1 names it twice; 4 and 0 once each, and the newer comes first.
    expect(await search(me, ['common'], 2)).toEqual([ids[1], ids[4]]);
  });
});
