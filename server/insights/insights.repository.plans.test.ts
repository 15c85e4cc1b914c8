import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../test/app.js';
import { testDialect } from '../../test/database.js';
import { QueryKeeper, planOf } from '../../test/plans.js';
import { newId } from '../lib/ids.js';
import { writeJson } from '../lib/json-column.js';
import { LinksRepository, newLinkRow } from '../library/links.repository.js';
import { InsightsRepository } from './insights.repository.js';
import { weekSpan } from './week-span.js';

const LINKS = 3_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A library of two years, a few tags on every link (a handful common, one rare), and planner statistics. */
async function library(links: LinksRepository, userId: string): Promise<void> {
  const end = Date.parse('2026-03-09T00:00:00.000Z');
  const rows = Array.from({ length: LINKS }, (_, i) => ({
    ...newLinkRow(
      {
        id: newId(),
        user_id: userId,
        folder_id: null,
        url: `https://plans.example/${i}`,
        title: `Page ${i}`,
        description: null,
        enrichment_status: 'enriched',
      },
      new Date(end - ((LINKS - i) * 730 * DAY_MS) / LINKS).toISOString(),
    ),
    tags: writeJson([`common-${i % 5}`, `topic-${i % 40}`, ...(i % 1000 === 0 ? ['rare'] : [])]),
  }));
  await links.db.transaction().execute((trx) => links.insert(trx, rows));
}

// Issue 19: a week's report costs what the week holds, on both engines, whatever the library holds.
describe('the insight report reads indexes', () => {
  const ctx = useTestApp();
  const span = weekSpan({ year: 2026, week: 10 }, 'UTC');
  let userId: string;
  /** The plan of the `which`th query `run` builds (the last by default; a subquery counts, as it is built). */
  let plan: (run: (repository: InsightsRepository) => Promise<unknown>, which?: number) => Promise<string>;

  beforeAll(async () => {
    userId = (await signUp(ctx.app)).user.id;
    const { db, dialect } = ctx.database;
    await library(new LinksRepository(db, dialect), userId);
    await sql`ANALYZE`.execute(db);
    plan = async (run, which = -1) => {
      const keeper = new QueryKeeper();
      await run(new InsightsRepository(db.withPlugin(keeper)));
      return planOf(db, dialect, keeper.queries.at(which)!);
    };
  });

  const linksKey = testDialect() === 'postgres' ? 'links_pkey' : 'sqlite_autoindex_links_1';

  it("reads the week's range of links for its counts by day, folder and platform, and for its newest", async () => {
    expect(await plan((r) => r.savedGroups(userId, span))).toContain('links_user_created');
    expect(await plan((r) => r.newest(userId, span, 20))).toContain('links_user_created');
  });

  it("reads the week's tags from its range of links, and asks each tag's index for one older link", async () => {
    expect(await plan((r) => r.weekTags(userId, span))).toContain('links_user_created');
    const used = await plan((r) => r.usedBefore(userId, ['common-1', 'rare'], span.midnights[0] as string));
    expect(used).toContain('link_tags_user_key');
    expect(used).toContain(linksKey);
  });

  it('counts the links read in the week on the index of read links', async () => {
    expect(await plan((r) => r.readCount(userId, span))).toContain('links_user_read');
  });

  it("finds a rare tag's older links from the tag index", async () => {
    const rare = await plan((r) => r.olderTagged(userId, ['rare'], span.midnights[0] as string, 40), 0);
    expect(rare).toContain('link_tags_user_key');
    expect(rare).not.toContain('links_user_created');
  });

  it('reads every older link from the range of links before the week, when they are few', async () => {
    const before = weekSpan({ year: 2024, week: 20 }, 'UTC').midnights[0] as string;
    expect(await plan((r) => r.olderTaggedLinks(userId, before))).toContain('links_user_created');
  });
});
