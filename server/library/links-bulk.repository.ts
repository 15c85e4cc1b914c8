import { type Transaction, type UpdateObject, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { LinkState } from '../../contracts/index.js';
import type { RetaggedLink, TaggedLink } from '../lib/tags.js';
import { reindexLinkTags, taggedWith } from './link-tags.repository.js';

/** Rows per UPDATE of tag lists: an id and a list for each stays under both engines' parameter limits. */
const TAG_ROWS_PER_STATEMENT = 500;

/**
 * The SQL of actions on many links at once (POST /api/links/bulk, tags renamed or deleted). Every call runs
 * in the caller's transaction and names the user, so that an id of another person's changes nothing.
 */
export class LinksBulkRepository {
  constructor(private readonly dialect: Dialect) {}

  /**
   * Of `ids`, the user's links with their tags, locked on PostgreSQL until the transaction ends: a tag list
   * rewritten from what was read cannot lose a tag enrichment adds meanwhile (it locks the row too). Only
   * tag and untag read first; the other actions write at once and count what they wrote.
   */
  owned(trx: Transaction<DB>, userId: string, ids: readonly string[]): Promise<TaggedLink[]> {
    const query = trx
      .selectFrom('links')
      .select(['id', 'user_id', 'tags'])
      .where('user_id', '=', userId)
      .where('id', 'in', ids);
    return (this.dialect === 'postgres' ? query.forUpdate() : query).execute();
  }

  /** The user's links carrying the tag `key`, with their tags, locked as owned() locks them. */
  tagged(trx: Transaction<DB>, userId: string, key: string): Promise<TaggedLink[]> {
    const query = trx
      .selectFrom('links')
      .select(['id', 'user_id', 'tags'])
      .where('user_id', '=', userId)
      .where(taggedWith(userId, key));
    return (this.dialect === 'postgres' ? query.forUpdate() : query).execute();
  }

  /** How many of `ids` were the user's links, and changed. */
  async set(
    trx: Transaction<DB>,
    userId: string,
    ids: readonly string[],
    changes: UpdateObject<DB, 'links'>,
  ): Promise<number> {
    const result = await trx
      .updateTable('links')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * How many of `ids` were the user's links, and now have `state`. read_at follows as a single update's
   * does (links.service.ts readingChanges): set for the links that leave unread, kept between read and
   * archived, cleared for unread. The CASE reads each row's state before this statement changes it.
   */
  setState(
    trx: Transaction<DB>,
    userId: string,
    ids: readonly string[],
    state: LinkState,
    now: string,
  ): Promise<number> {
    const readAt =
      state === 'unread' ? null : sql<string | null>`CASE WHEN state = 'unread' THEN ${now} ELSE read_at END`;
    return this.set(trx, userId, ids, { state, read_at: readAt, updated_at: now });
  }

  /** Each link's new tag list (JSON), a CASE per statement; link_tags follows with what changed, in the same transaction. */
  async setTags(
    trx: Transaction<DB>,
    userId: string,
    links: readonly RetaggedLink[],
    now: string,
  ): Promise<void> {
    for (let at = 0; at < links.length; at += TAG_ROWS_PER_STATEMENT) {
      const batch = links.slice(at, at + TAG_ROWS_PER_STATEMENT);
      const tags = sql<string>`CASE links.id ${sql.join(
        batch.map((link) => sql`WHEN ${link.id} THEN ${link.tags}`),
        sql` `,
      )} END`;
      await trx
        .updateTable('links')
        .set({ tags, updated_at: now })
        .where('user_id', '=', userId)
        .where(
          'id',
          'in',
          batch.map((link) => link.id),
        )
        .execute();
    }
    await reindexLinkTags(trx, links);
  }

  /**
   * How many of `ids` were the user's links, and went. Their tag rows, jobs and snippets' links go first,
   * one statement each: the foreign keys would do the same (cascade, set null), but link by link, and a
   * statement per table took a fifth off deleting 1,000 links on SQLite (BENCHMARKS "Organising: bulk
   * actions"). The foreign keys still cover the rarer rows (kept pages, previews).
   */
  async delete(trx: Transaction<DB>, userId: string, ids: readonly string[]): Promise<number> {
    await trx.deleteFrom('link_tags').where('user_id', '=', userId).where('link_id', 'in', ids).execute();
    await trx
      .deleteFrom('link_ingest_jobs')
      .where('user_id', '=', userId)
      .where('link_id', 'in', ids)
      .execute();
    await trx
      .updateTable('snippets')
      .set({ link_id: null })
      .where('user_id', '=', userId)
      .where('link_id', 'in', ids)
      .execute();
    const result = await trx
      .deleteFrom('links')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
