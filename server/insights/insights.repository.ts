import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import { type TaggedLink, tagIndexRows } from '../lib/tags.js';
import { type WeekSpan, endOf, startOf } from './week-span.js';

/** The week's links of one folder and platform saved on one day of it (0: Monday). */
export interface SavedGroup {
  folderId: string | null;
  platform: string;
  day: number;
  /** Links of the week still unread now (the marketing page's "what is still unread"). */
  unread: boolean;
  count: number;
}

/** A tag on the week's links, and how many of them carry it. */
export interface WeekTag {
  key: string;
  tag: string;
  count: number;
}

/** Keys per statement asking which tags were used before: one bound value each, under both engines' limits. */
const KEYS_PER_STATEMENT = 500;

/** A link saved before the week, and its tags' keys. */
export interface OlderLink {
  id: string;
  title: string;
  createdAt: string;
  keys: string[];
}

/** An older link from its row: its tags' keys as link_tags has them (lib/tags.ts tagIndexRows). */
const olderLink = (row: TaggedLink & { title: string; created_at: string }): OlderLink => ({
  id: row.id,
  title: row.title,
  createdAt: row.created_at,
  keys: tagIndexRows(row).map((tag) => tag.tag_key),
});

/**
 * The SQL of GET /api/insights. Every statement names the user, and reads a week's links as a range of
 * links_user_created (user_id, created_at): a week costs what it holds, not what the library holds.
 */
export class InsightsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * The week's links counted by folder, platform and day, in one pass over the week's range: the day is
   * found by comparing created_at with the week's midnights, which are instants of the zone asked for.
   */
  async savedGroups(userId: string, span: WeekSpan): Promise<SavedGroup[]> {
    const later = span.midnights.slice(1, 7);
    const day = sql<number>`CASE ${sql.join(
      later.map((midnight, i) => sql`WHEN links.created_at < ${midnight} THEN ${sql.lit(i)}`),
      sql` `,
    )} ELSE ${sql.lit(6)} END`;
    const week = this.db
      .selectFrom('links')
      .select([
        'links.folder_id',
        'links.platform',
        day.as('day'),
        sql<number>`CASE WHEN links.state = 'unread' THEN 1 ELSE 0 END`.as('unread'),
      ])
      .where('links.user_id', '=', userId)
      .where('links.created_at', '>=', startOf(span))
      .where('links.created_at', '<', endOf(span))
      .as('week');
    const rows = await this.db
      .selectFrom(week)
      .select([
        'week.folder_id',
        'week.platform',
        'week.day',
        'week.unread',
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      .groupBy(['week.folder_id', 'week.platform', 'week.day', 'week.unread'])
      .execute();
    return rows.map((row) => ({
      folderId: row.folder_id,
      platform: row.platform,
      day: Number(row.day),
      unread: Number(row.unread) === 1,
      count: Number(row.count),
    }));
  }

  /**
   * The tags of the week's links, each with how many carry it, under the least of its spellings (by code
   * point, whichever the engine's collation). Read from the week's own rows (links.tags, of which link_tags is the index, split as
   * that index splits it): joined to link_tags instead, PostgreSQL hashed the person's whole tag index
   * (a parallel scan of every row, 50 ms at 100,000 links) rather than look up the week's thousand links.
   */
  async weekTags(userId: string, span: WeekSpan): Promise<WeekTag[]> {
    const rows = await this.db
      .selectFrom('links')
      .select(['id', 'user_id', 'tags'])
      .where('user_id', '=', userId)
      .where('created_at', '>=', startOf(span))
      .where('created_at', '<', endOf(span))
      .where('tags', '<>', '[]')
      .execute();
    const tags = new Map<string, WeekTag>();
    for (const { tag_key: key, tag } of rows.flatMap(tagIndexRows)) {
      const known = tags.get(key);
      if (!known) tags.set(key, { key, tag, count: 1 });
      else tags.set(key, { key, tag: tag < known.tag ? tag : known.tag, count: known.count + 1 });
    }
    return [...tags.values()];
  }

  /**
   * Which of these tag keys a link saved before `before` carries. Each key's question stops at the first
   * such link its tag index finds; asked in the select list, it stays a question per key on PostgreSQL (as
   * a NOT EXISTS in WHERE it may become a join over every link of every key).
   */
  async usedBefore(userId: string, keys: readonly string[], before: string): Promise<Set<string>> {
    const used = new Set<string>();
    for (let at = 0; at < keys.length; at += KEYS_PER_STATEMENT) {
      const batch = keys.slice(at, at + KEYS_PER_STATEMENT);
      // VALUES names its column column1 on both engines.
      const asked = sql<{ column1: string }>`(VALUES ${sql.join(batch.map((key) => sql`(${key})`))})`.as(
        'asked',
      );
      const rows = await this.db
        .selectFrom(asked)
        .select((eb) => [
          sql<string>`asked.column1`.as('tag_key'),
          eb
            .exists(
              eb
                .selectFrom('link_tags as earlier')
                .innerJoin('links as earlier_link', 'earlier_link.id', 'earlier.link_id')
                .select(sql`1`.as('one'))
                .where('earlier.user_id', '=', userId)
                .where('earlier.tag_key', '=', sql<string>`asked.column1`)
                .where('earlier_link.created_at', '<', before),
            )
            .as('used'),
        ])
        .execute();
      for (const row of rows) if (row.used) used.add(row.tag_key);
    }
    return used;
  }

  /** How many links the user saved before `before`, counted no further than `atMost`. */
  async olderCount(userId: string, before: string, atMost: number): Promise<number> {
    const row = await this.db
      .selectFrom(
        this.db
          .selectFrom('links')
          .select('id')
          .where('user_id', '=', userId)
          .where('created_at', '<', before)
          .limit(atMost)
          .as('older'),
      )
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Every link the user saved before `before` that carries a tag, with its tag keys: for a person with few
   * such links (the service asks olderCount first), read from links_user_created and the rows' own tags.
   */
  async olderTaggedLinks(userId: string, before: string): Promise<OlderLink[]> {
    const rows = await this.db
      .selectFrom('links')
      .select(['id', 'user_id', 'tags', 'title', 'created_at'])
      .where('user_id', '=', userId)
      .where('created_at', '<', before)
      .where('tags', '<>', '[]')
      .execute();
    return rows.map(olderLink);
  }

  /** The week's newest links, newest first. */
  newest(userId: string, span: WeekSpan, limit: number) {
    return this.db
      .selectFrom('links')
      .select(['id', 'title', 'summary_short'])
      .where('user_id', '=', userId)
      .where('created_at', '>=', startOf(span))
      .where('created_at', '<', endOf(span))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** How many links left unread during the week (read_at, migration 0025), on the index of read links. */
  async readCount(userId: string, span: WeekSpan): Promise<number> {
    const row = await this.db
      .selectFrom('links')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('read_at', '>=', startOf(span))
      .where('read_at', '<', endOf(span))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * For each tag key, up to `perTag` of the links saved before `before` that carry it, with all their tag
   * keys: a bounded share of a common tag's links (thousands, in a large library), taken in the tag
   * index's order (link ids, which are random), all of a rare tag's. One statement, each tag's share a
   * subquery of its own, read from the tag index (a CROSS JOIN, for SQLite to keep that order): from the
   * older links, a rare tag would be looked for on every one of them.
   */
  async olderTagged(
    userId: string,
    keys: readonly string[],
    before: string,
    perTag: number,
  ): Promise<OlderLink[]> {
    const shares = keys.map((key, i) =>
      this.db
        .selectFrom(
          this.db
            .selectFrom('link_tags')
            .crossJoin('links')
            .select(['links.id', 'links.user_id', 'links.tags', 'links.title', 'links.created_at'])
            .whereRef('links.id', '=', 'link_tags.link_id')
            .where('link_tags.user_id', '=', userId)
            .where('link_tags.tag_key', '=', key)
            .where('links.user_id', '=', userId)
            .where('links.created_at', '<', before)
            .limit(perTag)
            .as(`share${i}`),
        )
        .selectAll(),
    );
    const [first, ...rest] = shares;
    if (!first) return [];
    const rows = await rest.reduce((union, share) => union.unionAll(share), first).execute();
    return [...new Map(rows.map((row) => [row.id, olderLink(row)])).values()];
  }
}
