import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import { after } from '../db/keyset.js';
import type { DB, SnippetsTable } from '../db/schema.js';
import type { Cursor } from '../lib/cursor.js';
import { SubstringSearch } from '../search/substring.js';

export type SnippetRow = Omit<Selectable<SnippetsTable>, 'seq'>;
type Executor = Kysely<DB> | Transaction<DB>;

const columns = [
  'snippets.id',
  'snippets.user_id',
  'snippets.link_id',
  'snippets.page_url',
  'snippets.page_url_key',
  'snippets.page_title',
  'snippets.selected_text',
  'snippets.context_before',
  'snippets.context_after',
  'snippets.note',
  'snippets.color',
  'snippets.position_data',
  'snippets.created_at',
  'snippets.updated_at',
] as const;

export class SnippetsRepository {
  private readonly substring: SubstringSearch;

  constructor(
    readonly db: Kysely<DB>,
    dialect: Dialect,
  ) {
    this.substring = new SubstringSearch(db, dialect);
  }

  page(
    userId: string,
    cursor: Cursor | null,
    limit: number,
    filter: { linkId?: string | undefined; pageUrlKey?: string | undefined } = {},
  ): Promise<SnippetRow[]> {
    let query = this.db.selectFrom('snippets').select(columns).where('snippets.user_id', '=', userId);
    if (filter.linkId !== undefined) query = query.where('snippets.link_id', '=', filter.linkId);
    if (filter.pageUrlKey !== undefined) {
      query = query.where('snippets.page_url_key', '=', filter.pageUrlKey);
    }
    if (cursor) query = query.where(after('snippets', cursor));
    return query
      .orderBy('snippets.created_at', 'desc')
      .orderBy('snippets.id', 'desc')
      .limit(limit + 1)
      .execute();
  }

  search(userId: string, text: string, limit: number): Promise<SnippetRow[]> {
    return this.substring.bestFirst('snippets', text, limit, (where, tierLimit) =>
      this.db
        .selectFrom('snippets')
        .select(columns)
        .where('snippets.user_id', '=', userId)
        .where(where)
        .orderBy('snippets.created_at', 'desc')
        .orderBy('snippets.id', 'desc')
        .limit(tierLimit)
        .execute(),
    );
  }

  find(userId: string, id: string): Promise<SnippetRow | undefined> {
    return this.db
      .selectFrom('snippets')
      .select(columns)
      .where('snippets.user_id', '=', userId)
      .where('snippets.id', '=', id)
      .executeTakeFirst();
  }

  async insert(row: SnippetRow): Promise<void> {
    await this.db.insertInto('snippets').values(row).execute();
  }

  async updateNote(userId: string, id: string, note: string | null, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('snippets')
      .set({ note, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('snippets')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /**
   * API.md: a snippet of a page the user saved belongs to that link; ones made before the link join it now.
   * Answers how many joined.
   */
  async attachOrphans(
    executor: Executor,
    userId: string,
    pageUrlKey: string,
    linkId: string,
  ): Promise<number> {
    const result = await executor
      .updateTable('snippets')
      .set({ link_id: linkId })
      .where('user_id', '=', userId)
      .where('page_url_key', '=', pageUrlKey)
      .where('link_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** From the trigger-kept snippet_counts: a few shard rows instead of a scan of every snippet. */
  async countAll(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('snippet_counts')
      .select((eb) => eb.fn.sum<number | null>('snippets').as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count ?? 0);
  }
}
