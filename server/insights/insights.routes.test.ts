import { describe, expect, it } from 'vitest';
import {
  type Insights,
  type Link,
  currentWeek,
  formatIsoWeek,
  insightsQuery,
  shiftWeek,
} from '../../contracts/index.js';
import { type Client, clientFor, expectError, expectUnauthenticated } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { FoldersRepository } from '../library/folders.repository.js';
import { LinksRepository } from '../library/links.repository.js';
import { InsightsRepository } from './insights.repository.js';
import { InsightsService } from './insights.service.js';

/** API.md GET /api/insights (issue 19): the weekly insight report. 2026-W10 runs from 2 to 8 March 2026. */
describe('GET /api/insights', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));
  const insights = async (me: Client, query: string): Promise<Insights> => {
    const res = await me.get(`/api/insights${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Insights>();
  };
  const counts = (report: Insights) => report.byDay.map((day) => day.count);

  /**
   * The report, which must be the same whichever way older links are found (InsightsReach): all of them
   * read, as for these small libraries, or each of the week's tags asked of the tag index.
   */
  async function insightsBothWays(me: Client, userId: string, week: string): Promise<Insights> {
    const report = await insights(me, `?week=${week}`);
    const { db, dialect } = ctx.database;
    const byTagIndex = new InsightsService(
      new InsightsRepository(db),
      new LinksRepository(db, dialect),
      new FoldersRepository(db, dialect),
      { fewOlderLinks: 0 },
    );
    expect(await byTagIndex.get(userId, insightsQuery.parse({ week }))).toEqual(report);
    return report;
  }
  const newPerson = async () => {
    const session = await signUp(ctx.app);
    return { me: clientFor(ctx.app, session), userId: session.user.id };
  };
  const thisWeek = () => formatIsoWeek(currentWeek(Date.now(), 'UTC'));

  /** A link saved at `at` (dates cannot be set over HTTP: the row is aged in the database). */
  async function savedAt(
    me: Client,
    at: string,
    fields: { title?: string; tags?: string[]; folderId?: string; url?: string } = {},
  ): Promise<Link> {
    const { tags, ...body } = fields;
    const link = await me.link(body);
    if (tags) expect((await me.patch(`/api/links/${link.id}`, { tags })).statusCode).toBe(200);
    await ctx.database.db.updateTable('links').set({ created_at: at }).where('id', '=', link.id).execute();
    return link;
  }

  it('puts a link saved on Sunday at 23:59 in its week, and one saved on Monday at 00:00 in the next', async () => {
    const me = await newUser();
    const sunday = await savedAt(me, '2026-03-01T23:59:59.999Z');
    const monday = await savedAt(me, '2026-03-02T00:00:00.000Z');
    await savedAt(me, '2026-03-04T12:00:00.000Z');

    const w09 = await insights(me, '?week=2026-W09');
    expect(w09.week).toBe('2026-W09');
    expect(w09.saved).toBe(1);
    expect(counts(w09)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(w09.digest.map((entry) => entry.linkId)).toEqual([sunday.id]);

    const w10 = await insights(me, '?week=2026-W10');
    expect(w10.saved).toBe(2);
    expect(w10.byDay).toEqual([
      { date: '2026-03-02', count: 1 },
      { date: '2026-03-03', count: 0 },
      { date: '2026-03-04', count: 1 },
      { date: '2026-03-05', count: 0 },
      { date: '2026-03-06', count: 0 },
      { date: '2026-03-07', count: 0 },
      { date: '2026-03-08', count: 0 },
    ]);
    expect(w10.digest.at(-1)?.linkId).toBe(monday.id);
  });

  it('reads the week in the time zone asked for', async () => {
    const me = await newUser();
    // Sunday 23:30 in UTC is Monday 00:30 in Paris (UTC+1 in March).
    await savedAt(me, '2026-03-01T23:30:00.000Z');
    await savedAt(me, '2026-03-02T12:00:00.000Z');
    expect(counts(await insights(me, '?week=2026-W10'))).toEqual([1, 0, 0, 0, 0, 0, 0]);
    const paris = await insights(me, '?week=2026-W10&tz=Europe/Paris');
    expect(paris.saved).toBe(2);
    expect(counts(paris)).toEqual([2, 0, 0, 0, 0, 0, 0]);
    expect((await insights(me, '?week=2026-W09&tz=Europe/Paris')).saved).toBe(0);
  });

  it('counts the week by folder, platform and tag, and lists its newest links with their short summaries', async () => {
    const me = await newUser();
    const reading = await me.folder({ name: 'Reading' });
    const design = await me.folder({ name: 'Design' });
    const at = (day: number) => `2026-03-0${day + 2}T10:00:00.000Z`;
    const video = await savedAt(me, at(0), {
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      folderId: reading.id,
      tags: ['music', 'video'],
    });
    await savedAt(me, at(1), { folderId: reading.id, tags: ['music'] });
    await savedAt(me, at(2), { folderId: design.id, tags: ['Music', 'typography'] });
    const loose = await savedAt(me, at(3), { title: 'Loose page' });
    await ctx.database.db
      .updateTable('links')
      .set({ summary_short: 'A page on its own.' })
      .where('id', '=', loose.id)
      .execute();

    const report = await insights(me, '?week=2026-W10');
    expect(report.saved).toBe(4);
    expect(report.byFolder).toEqual([
      { folderId: reading.id, name: 'Reading', count: 2 },
      { folderId: design.id, name: 'Design', count: 1 },
      { folderId: null, name: 'Uncategorized', count: 1 },
    ]);
    expect(report.byPlatform).toEqual([
      { platform: 'generic', count: 3 },
      { platform: 'youtube', count: 1 },
    ]);
    // A tag is counted whatever its case, under the least of its spellings.
    expect(report.topTags).toEqual([
      { tag: 'Music', count: 3 },
      { tag: 'typography', count: 1 },
      { tag: 'video', count: 1 },
    ]);
    expect(report.digest).toHaveLength(4);
    expect(report.digest[0]).toEqual({
      linkId: loose.id,
      title: 'Loose page',
      summaryShort: 'A page on its own.',
    });
    expect(report.digest[3]).toEqual({ linkId: video.id, title: video.title, summaryShort: null });
  });

  it('keeps the ten most carried tags, and the digest to the twenty newest links', async () => {
    const me = await newUser();
    for (let i = 0; i < 22; i += 1) {
      const tags = Array.from({ length: 12 }, (_, t) => `tag-${String(t).padStart(2, '0')}`).slice(
        0,
        12 - (i % 3),
      );
      await savedAt(me, `2026-03-03T10:${String(i).padStart(2, '0')}:00.000Z`, { tags });
    }
    const report = await insights(me, '?week=2026-W10');
    expect(report.saved).toBe(22);
    expect(report.topTags.map((tag) => tag.tag)).toEqual(
      Array.from({ length: 10 }, (_, t) => `tag-${String(t).padStart(2, '0')}`),
    );
    expect(report.digest).toHaveLength(20);
  });

  it('names as new the tags no link saved before the week carries', async () => {
    const { me, userId } = await newPerson();
    await savedAt(me, '2026-02-20T10:00:00.000Z', { tags: ['rust', 'databases'] });
    await savedAt(me, '2026-03-03T10:00:00.000Z', { tags: ['Rust', 'gardening'] });
    await savedAt(me, '2026-03-05T10:00:00.000Z', { tags: ['gardening', 'compost'] });
    await savedAt(me, '2026-03-18T10:00:00.000Z', { tags: ['gardening', 'seeds'] });

    const w10 = await insightsBothWays(me, userId, '2026-W10');
    expect(w10.newTags).toEqual([
      { tag: 'gardening', count: 2 },
      { tag: 'compost', count: 1 },
    ]);
    expect(w10.topTags).toContainEqual({ tag: 'Rust', count: 1 });
    // A week after it, gardening is no longer new; the first week of all has only new tags.
    expect((await insightsBothWays(me, userId, '2026-W12')).newTags).toEqual([{ tag: 'seeds', count: 1 }]);
    expect((await insightsBothWays(me, userId, '2026-W08')).newTags).toEqual([
      { tag: 'databases', count: 1 },
      { tag: 'rust', count: 1 },
    ]);
  });

  it('counts the links marked read or archived in the week they were marked, not saved', async () => {
    const me = await newUser();
    const [a, b, c] = [await me.link(), await me.link(), await me.link()];
    await ctx.database.db
      .updateTable('links')
      .set({ created_at: '2026-03-03T10:00:00.000Z' })
      .where('id', 'in', [a.id, b.id, c.id])
      .execute();
    const read = async () => (await insights(me, `?week=${thisWeek()}`)).read;
    expect(await read()).toBe(0);

    expect((await me.patch(`/api/links/${a.id}`, { state: 'read' })).statusCode).toBe(200);
    expect(await read()).toBe(1);
    expect(
      (await me.post('/api/links/bulk', { ids: [b.id, c.id], action: 'state', state: 'archived' }))
        .statusCode,
    ).toBe(200);
    expect(await read()).toBe(3);
    // From read to archived is still the one reading; back to unread is none.
    expect((await me.patch(`/api/links/${a.id}`, { state: 'archived' })).statusCode).toBe(200);
    expect(await read()).toBe(3);
    expect(
      (await me.post('/api/links/bulk', { ids: [a.id, b.id], action: 'state', state: 'unread' })).statusCode,
    ).toBe(200);
    expect(await read()).toBe(1);
    // Read to the end in the reader, a link is marked read.
    expect((await me.patch(`/api/links/${b.id}`, { readingProgress: 1 })).json().state).toBe('read');
    expect(await read()).toBe(2);
    expect((await insights(me, '?week=2026-W10')).read).toBe(0);
  });

  it("counts the week's links still unread now, whenever they were read", async () => {
    const me = await newUser();
    const [a, b, c] = [await me.link(), await me.link(), await me.link()];
    const unread = async () => (await insights(me, `?week=${thisWeek()}`)).unread;
    expect(await unread()).toBe(3);
    expect((await me.patch(`/api/links/${a.id}`, { state: 'read' })).statusCode).toBe(200);
    expect((await me.patch(`/api/links/${b.id}`, { state: 'archived' })).statusCode).toBe(200);
    expect(await unread()).toBe(1);
    // Saved before the week, it is not the week's to count.
    await ctx.database.db
      .updateTable('links')
      .set({ created_at: '2020-01-01T10:00:00.000Z' })
      .where('id', '=', c.id)
      .execute();
    expect(await unread()).toBe(0);
  });

  it('rediscovers older links by the tags they share with the week, then by title words, never the week’s own nor anyone else’s', async () => {
    const { me, userId } = await newPerson();
    const other = await newUser();
    await savedAt(me, '2026-03-03T10:00:00.000Z', {
      title: 'Sourdough starter basics',
      tags: ['baking', 'bread', 'fermentation'],
    });
    await savedAt(me, '2026-03-04T10:00:00.000Z', { title: 'Rye loaves', tags: ['baking'] });
    const both = await savedAt(me, '2025-06-01T10:00:00.000Z', {
      title: 'Old notes',
      tags: ['baking', 'bread'],
    });
    const titled = await savedAt(me, '2025-05-01T10:00:00.000Z', {
      title: 'A sourdough diary',
      tags: ['fermentation'],
    });
    const newer = await savedAt(me, '2025-08-01T10:00:00.000Z', { title: 'Cake', tags: ['baking'] });
    const older = await savedAt(me, '2024-08-01T10:00:00.000Z', { title: 'Pie', tags: ['bread'] });
    await savedAt(me, '2025-09-01T10:00:00.000Z', { title: 'Sourdough without tags' });
    await savedAt(me, '2025-09-02T10:00:00.000Z', { title: 'Knitting', tags: ['wool'] });
    await savedAt(me, '2026-03-20T10:00:00.000Z', { title: 'Later bread', tags: ['baking', 'bread'] });
    await savedAt(me, '2026-03-05T10:00:00.000Z', {
      title: 'This week too',
      tags: ['baking', 'bread', 'fermentation'],
    });
    await savedAt(other, '2025-01-01T10:00:00.000Z', {
      title: 'Sourdough',
      tags: ['baking', 'bread', 'fermentation'],
    });
    const extra = await savedAt(me, '2023-01-01T10:00:00.000Z', { title: 'Flour', tags: ['bread'] });
    await savedAt(me, '2022-01-01T10:00:00.000Z', { title: 'Crumbs', tags: ['baking'] });

    const report = await insightsBothWays(me, userId, '2026-W10');
    expect(report.rediscover.map((link) => link.title)).toEqual([
      'Old notes',
      'A sourdough diary',
      'Cake',
      'Pie',
      'Flour',
    ]);
    expect(report.rediscover.map((link) => link.id)).toEqual([
      both.id,
      titled.id,
      newer.id,
      older.id,
      extra.id,
    ]);
    // Whole links, as GET /api/links/:id has them.
    expect(report.rediscover[0]).toEqual((await me.get(`/api/links/${both.id}`)).json());
  });

  it('answers an empty report for a week before the account, and a week with nothing saved', async () => {
    const me = await newUser();
    await savedAt(me, '2026-03-03T10:00:00.000Z', { tags: ['one'] });
    for (const week of ['1970-W01', '2026-W11']) {
      const report = await insights(me, `?week=${week}`);
      expect(report).toEqual({
        week,
        saved: 0,
        byDay: report.byDay.map((day) => ({ date: day.date, count: 0 })),
        byFolder: [],
        byPlatform: [],
        topTags: [],
        newTags: [],
        read: 0,
        unread: 0,
        rediscover: [],
        digest: [],
      });
      expect(report.byDay).toHaveLength(7);
    }
  });

  it('shows the last complete week by default, and the week under way when asked', async () => {
    const me = await newUser();
    const link = await me.link();
    const lastWeek = formatIsoWeek(shiftWeek(currentWeek(Date.now(), 'UTC'), -1));
    expect((await insights(me, '')).week).toBe(lastWeek);
    const current = await insights(me, `?week=${thisWeek()}`);
    expect(current.digest.map((entry) => entry.linkId)).toEqual([link.id]);
  });

  it('refuses a week that is not an ISO week, one not yet begun, and a time zone it does not know', async () => {
    const me = await newUser();
    for (const week of ['2026-W54', '2025-W53', '2026-W00', '2026-W7', '2026-47', 'last', '']) {
      const res = await me.get(`/api/insights?week=${encodeURIComponent(week)}`);
      expectError(res, 400, 'validation_failed');
      expect(res.json().error.message).toContain('week must be an ISO week like 2026-W47');
    }
    const future = await me.get('/api/insights?week=2099-W01');
    expectError(future, 400, 'validation_failed');
    expect(future.json().error.message).toBe(`week 2099-W01 has not begun yet: the latest is ${thisWeek()}`);
    const zone = await me.get('/api/insights?tz=Mars%2FOlympus_Mons');
    expectError(zone, 400, 'validation_failed');
    expect(zone.json().error.message).toContain('tz must be an IANA time zone like Europe/Paris');
  });

  it('needs a session or a token that reads the library', async () => {
    expectUnauthenticated(await clientFor(ctx.app, null).get('/api/insights'));
    const me = await newUser();
    const token = (await me.post('/api/tokens', { name: 'Script', scopes: ['read'] })).json().token;
    expect((await clientFor(ctx.app, { access_token: token }).get('/api/insights')).statusCode).toBe(200);
  });
});
