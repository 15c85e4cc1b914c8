import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import { after } from '../db/keyset.js';
import type { DB, SnippetsTable } from '../db/schema.js';
import type { Cursor } from '../lib/cursor.js';
import { SubstringSearch } from '../search/substring.js';

export type SnippetRow = Omit<Selectable<SnippetsTable>, 'seq'>;
type Executor = Kysely<DB> | Transaction<DB>;

/** Texts per lookup: each up to 20,000 characters, so a statement stays a few megabytes at most. */
const TEXTS_PER_QUERY = 200;

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
    await this.insertMany(this.db, [row]);
  }

  /** Rows per statement: 14 columns each, under SQLite's 32,766 bound parameters. */
  async insertMany(executor: Executor, rows: readonly SnippetRow[]): Promise<void> {
    for (let at = 0; at < rows.length; at += 1000) {
      await executor
        .insertInto('snippets')
        .values(rows.slice(at, at + 1000))
        .execute();
    }
  }

  /**
   * Which of `texts` the user already has as snippets on these links, or unattached on these pages, as
   * "<link id or page key>\n<text>": an import adds a highlight once, however often it is imported. Only
   * the texts asked about are read back, never every snippet of a page.
   */
  async existingTexts(
    executor: Executor,
    userId: string,
    places: { linkIds: readonly string[]; pageKeys: readonly string[] },
    texts: readonly string[],
  ): Promise<Set<string>> {
    const found = new Set<string>();
    const linkIds = [...new Set(places.linkIds)];
    const pageKeys = [...new Set(places.pageKeys)];
    const unique = [...new Set(texts)];
    if (unique.length === 0 || linkIds.length + pageKeys.length === 0) return found;
    for (let at = 0; at < unique.length; at += TEXTS_PER_QUERY) {
      const rows = await executor
        .selectFrom('snippets')
        .select(['link_id', 'page_url_key', 'selected_text'])
        .where('user_id', '=', userId)
        .where('selected_text', 'in', unique.slice(at, at + TEXTS_PER_QUERY))
        .where((eb) =>
          eb.or([
            ...(linkIds.length > 0 ? [eb('link_id', 'in', linkIds)] : []),
            ...(pageKeys.length > 0
              ? [eb.and([eb('link_id', 'is', null), eb('page_url_key', 'in', pageKeys)])]
              : []),
          ]),
        )
        .execute();
      for (const row of rows) found.add(`${row.link_id ?? row.page_url_key}\n${row.selected_text}`);
    }
    return found;
  }

  /** How many snippets the user has on each of these links, and unattached on each of these pages. */
  async countsAt(
    executor: Executor,
    userId: string,
    places: { linkIds: readonly string[]; pageKeys: readonly string[] },
  ): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (places.linkIds.length > 0) {
      const rows = await executor
        .selectFrom('snippets')
        .select(['link_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('user_id', '=', userId)
        .where('link_id', 'in', [...new Set(places.linkIds)])
        .groupBy('link_id')
        .execute();
      for (const row of rows) if (row.link_id) counts.set(row.link_id, Number(row.count));
    }
    if (places.pageKeys.length > 0) {
      const rows = await executor
        .selectFrom('snippets')
        .select(['page_url_key', (eb) => eb.fn.countAll<number>().as('count')])
        .where('user_id', '=', userId)
        .where('link_id', 'is', null)
        .where('page_url_key', 'in', [...new Set(places.pageKeys)])
        .groupBy('page_url_key')
        .execute();
      for (const row of rows) counts.set(row.page_url_key, Number(row.count));
    }
    return counts;
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
   * For a batch of saved links, one UPDATE per user; where one user saved the same page twice in a batch,
   * the first link gets the snippets, as it would have saved alone. Answers how many joined each link.
   */
  async attachOrphans(
    executor: Executor,
    links: readonly { id: string; user_id: string; url_key: string }[],
  ): Promise<Map<string, number>> {
    const joined = new Map<string, number>();
    for (const [userId, linkByPage] of firstLinkPerPage(links)) {
      const cases = [...linkByPage].map(([page, linkId]) => sql`WHEN ${page} THEN ${linkId}`);
      const rows = await executor
        .updateTable('snippets')
        .set({ link_id: sql<string>`CASE page_url_key ${sql.join(cases, sql` `)} END` })
        .where('user_id', '=', userId)
        .where('page_url_key', 'in', [...linkByPage.keys()])
        .where('link_id', 'is', null)
        .returning('link_id')
        .execute();
      for (const { link_id } of rows) if (link_id) joined.set(link_id, (joined.get(link_id) ?? 0) + 1);
    }
    return joined;
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

/** Per user, the first link of the batch for each page (url_key). */
function firstLinkPerPage(
  links: readonly { id: string; user_id: string; url_key: string }[],
): Map<string, Map<string, string>> {
  const byUser = new Map<string, Map<string, string>>();
  for (const link of links) {
    const pages = byUser.get(link.user_id) ?? new Map<string, string>();
    if (!pages.has(link.url_key)) pages.set(link.url_key, link.id);
    byUser.set(link.user_id, pages);
  }
  return byUser;
}
