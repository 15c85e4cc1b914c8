import {
  type AliasedSelectQueryBuilder,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Transaction,
  type Updateable,
  sql,
} from 'kysely';
import type { Dialect } from '../db/database.js';
import { after, afterOldest, afterTitle } from '../db/keyset.js';
import { type DB, type LinksTable, UNCATEGORIZED_FOLDER_KEY } from '../db/schema.js';
import type { Cursor, TitleCursor } from '../lib/cursor.js';
import type { LinkAvailability, LinkState, Platform } from '../../contracts/index.js';
import { detectPlatform, platformPlaceholder, titleForUrl } from './platforms.js';
import { writeJson } from '../lib/json-column.js';
import { urlKey } from '../lib/urls.js';
import { SubstringSearch } from '../search/substring.js';
import { ownerWord } from './link-content.repository.js';
import { fts5Scores } from './fts5-scores.js';
import { indexLinkTags, taggedWith } from './link-tags.repository.js';

export type LinkRow = Omit<Selectable<LinksTable>, 'seq'>;
/** A link as read back, with the number of snippets attached to it and whether a page of it is kept. */
export type LinkRecord = LinkRow & {
  snippet_count: number;
  content_available: boolean | number;
  /** Whether its folder is shared (server/sharing); absent where the query does not ask. */
  shared?: boolean | number | null;
};
type Executor = Kysely<DB> | Transaction<DB>;

/** A link whose enrichment has made no attempt yet: how a link is saved, and how a re-queue starts over. */
export const NOT_YET_TRIED = {
  enrichment_attempts: 0,
  enrichment_retry_at: null,
  enrichment_error: null,
} as const satisfies Partial<LinkRow>;

/**
 * A new link as saved, before enrichment: what its saver gave, a title from its URL when they gave none,
 * and what the URL alone tells (its platform, a YouTube video's thumbnail), so that the card is
 * right at once and stays useful if the page cannot be fetched.
 */
export function newLinkRow(
  fields: Pick<LinkRow, 'id' | 'user_id' | 'folder_id' | 'url' | 'description' | 'enrichment_status'> & {
    title: string | null;
  },
  createdAt: string,
): LinkRow {
  const platform = detectPlatform(fields.url);
  return {
    ...fields,
    title: fields.title || titleForUrl(fields.url),
    url_key: urlKey(fields.url),
    favicon: null,
    summary_short: null,
    summary_long: null,
    key_points: '[]',
    highlights: '[]',
    tags: '[]',
    og_title: null,
    og_description: null,
    og_image_url: platformPlaceholder(platform).previewImageUrl,
    last_processed_at: null,
    platform: platform.platform,
    platform_metadata: writeJson(platform.metadata),
    extraction_method: null,
    ...NOT_YET_TRIED,
    state: 'unread',
    favorite: 0,
    reading_progress: 0,
    read_at: null,
    availability: 'unknown',
    checked_at: null,
    gone_checks: 0,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

export type MergeTarget = Pick<
  LinkRow,
  'id' | 'url' | 'url_key' | 'title' | 'folder_id' | 'tags' | 'created_at'
>;

/** How a search by the pages' text looks for its matches (LinksRepository.rankedByContent). */
export interface TextSearchReach {
  /** How many of the newest matches are ranked. */
  rankedMatches: number;
  /** PostgreSQL: how many of a person's newest links are looked in, smallest first, before all of them. */
  recentWindows: readonly number[];
}

/**
 * Ranked among the newest 200 matches; on PostgreSQL looked for among the person's newest 1,000 links
 * first: a word on a fifth of the pages fills the ranking from there, and each window costs about as
 * much as the matches it holds.
 */
const TEXT_SEARCH_REACH: TextSearchReach = {
  rankedMatches: 200,
  recentWindows: [1_000, 4_000],
};

/** PostgreSQL: a text search's words, all of which a page must hold, and any of which ranks it. */
interface TextQuery {
  all: RawBuilder<unknown>;
  any: RawBuilder<unknown>;
}

/** Whose links a text search looks in, narrowed how, and how many of the newest matches it ranks. */
interface TextMatch {
  userId: string;
  filter: ReadingFilter;
  wanted: number;
}

/**
 * Rows per INSERT statement: 25 columns each stays well under SQLite's 32,766 bound parameters (and
 * PostgreSQL's 65,535).
 */
const INSERT_ROWS = 500;

/** The marks a list or a search may be narrowed to (the sidebar's Unread, Favourites, Archive, Broken links). */
export interface ReadingFilter {
  state?: LinkState | undefined;
  favorite?: boolean | undefined;
  availability?: LinkAvailability | undefined;
}

/** The order a list comes in (API.md ?sort=), and where the page starts in it. */
export type LinkOrder =
  { sort: 'newest' | 'oldest'; cursor: Cursor | null } | { sort: 'title'; cursor: TitleCursor | null };

/** Which of a person's links a list shows: each field given narrows it. */
export interface LinkFilter extends ReadingFilter {
  folder?: string | null;
  query?: string;
  urlKey?: string;
  /** A tag's key (lib/tags.ts tagKey). */
  tagKey?: string;
  platform?: Platform;
  /** Newest first when not given. */
  order?: LinkOrder;
  limit: number;
}

const columns = [
  'links.id',
  'links.user_id',
  'links.folder_id',
  'links.url',
  'links.url_key',
  'links.title',
  'links.description',
  'links.favicon',
  'links.summary_short',
  'links.summary_long',
  'links.key_points',
  'links.highlights',
  'links.tags',
  'links.og_title',
  'links.og_description',
  'links.og_image_url',
  'links.last_processed_at',
  'links.platform',
  'links.platform_metadata',
  'links.extraction_method',
  'links.enrichment_status',
  'links.enrichment_attempts',
  'links.enrichment_retry_at',
  'links.enrichment_error',
  'links.state',
  'links.favorite',
  'links.reading_progress',
  'links.read_at',
  'links.availability',
  'links.checked_at',
  'links.gone_checks',
  'links.created_at',
  'links.updated_at',
] as const;

/**
 * Counted in the page's own query, one snippets_link index probe per row, rather than in a second query
 * for the page's ids: one round trip fewer per page (measured in BENCHMARKS.md). Only the link owner's
 * snippets: snippets are personal, and a member of a shared folder is shown none of the owner's
 * (LinksService.present makes it 0 for a link that is not the caller's).
 */
const snippetCount = (eb: ExpressionBuilder<DB, 'links'>) =>
  eb
    .selectFrom('snippets')
    .select((sub) => sub.fn.countAll<number>().as('count'))
    .whereRef('snippets.link_id', '=', 'links.id')
    .whereRef('snippets.user_id', '=', 'links.user_id')
    .$asScalar()
    .$notNull()
    .as('snippet_count');

/**
 * Whether the link's folder is shared with anyone (migration 0026): a primary-key probe per row, for a
 * link in a folder, as snippetCount's.
 */
const inSharedFolder = (eb: ExpressionBuilder<DB, 'links'>) =>
  sql<boolean>`(${eb
    .selectFrom('folder_members')
    .select(sql`1`.as('shared'))
    .whereRef('folder_members.folder_id', '=', 'links.folder_id')
    .limit(1)}) IS NOT NULL`.as('shared');

/** Whose links a search looks in: one person's library, or the folders shared with them. */
export type LinkScope = { userId: string } | { folderIds: readonly string[] };
const inScope = (scope: LinkScope) => (eb: ExpressionBuilder<DB, 'links'>) =>
  'userId' in scope ? eb('links.user_id', '=', scope.userId) : eb('links.folder_id', 'in', scope.folderIds);

/** Links with the reading marks `filter` names (every link when it names none). */
const ofReading = (filter: ReadingFilter) => (eb: ExpressionBuilder<DB, 'links'>) =>
  eb.and([
    ...(filter.state === undefined ? [] : [eb('links.state', '=', filter.state)]),
    ...(filter.availability === undefined ? [] : [eb('links.availability', '=', filter.availability)]),
    // A literal, not a bound value: only a literal lets the planners use the partial favourites index.
    ...(filter.favorite === undefined ? [] : [eb('links.favorite', '=', sql.lit(filter.favorite ? 1 : 0))]),
  ]);

/**
 * Links of `platform`. The index of migrations 0019 and 0021 holds the platforms other than generic; SQLite
 * does not infer `platform <> 'generic'` from `platform = 'youtube'` (PostgreSQL does), so it is said too.
 */
const ofPlatform = (platform: Platform) => (eb: ExpressionBuilder<DB, 'links'>) =>
  platform === 'generic'
    ? eb('links.platform', '=', platform)
    : eb.and([eb('links.platform', '=', platform), sql<SqlBool>`links.platform <> 'generic'`]);

/**
 * A primary-key probe per row, like snippetCount: SQLite answers 0 or 1, PostgreSQL a boolean. A scalar
 * subquery, not EXISTS: PostgreSQL may run an EXISTS once as a hash of every kept page's key, and with
 * 100,000 kept pages a page of 50 links took 46 ms instead of 0.6.
 */
export const contentAvailable = (eb: ExpressionBuilder<DB, 'links'>) =>
  sql<boolean>`(${eb
    .selectFrom('link_contents')
    .select(sql`1`.as('kept'))
    .whereRef('link_contents.link_id', '=', 'links.id')
    .limit(1)}) IS NOT NULL`.as('content_available');

export interface FolderCounts {
  total: number;
  uncategorized: number;
  byFolder: Map<string, number>;
}

export class LinksRepository {
  private readonly substring: SubstringSearch;

  constructor(
    readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly reach: TextSearchReach = TEXT_SEARCH_REACH,
  ) {
    this.substring = new SubstringSearch(db, dialect);
  }

  /** Newest first, one more row than asked so the caller knows whether a next page exists. */
  async page(userId: string, filter: LinkFilter): Promise<LinkRecord[]> {
    let query = this.db
      .selectFrom('links')
      .select(columns)
      .select([snippetCount, contentAvailable, inSharedFolder])
      .where('links.user_id', '=', userId);
    if (filter.folder !== undefined)
      query = query.where('links.folder_id', filter.folder === null ? 'is' : '=', filter.folder);
    if (filter.urlKey !== undefined) query = query.where('links.url_key', '=', filter.urlKey);
    if (filter.tagKey !== undefined) query = query.where(taggedWith(userId, filter.tagKey));
    if (filter.platform !== undefined) query = query.where(ofPlatform(filter.platform));
    query = query.where(ofReading(filter));
    if (filter.query) query = query.where(await this.substring.match('links', filter.query));
    const order = filter.order ?? { sort: 'newest', cursor: null };
    if (order.sort === 'title') {
      if (order.cursor) query = query.where(afterTitle(order.cursor));
      query = query.orderBy(sql`lower(links.title)`).orderBy('links.id');
    } else if (order.sort === 'oldest') {
      if (order.cursor) query = query.where(afterOldest('links', order.cursor));
      query = query.orderBy('links.created_at').orderBy('links.id');
    } else {
      if (order.cursor) query = query.where(after('links', order.cursor));
      query = query.orderBy('links.created_at', 'desc').orderBy('links.id', 'desc');
    }
    return query.limit(filter.limit + 1).execute();
  }

  search(scope: LinkScope, text: string, limit: number, filter: ReadingFilter = {}): Promise<LinkRecord[]> {
    return this.substring.bestFirst('links', text, limit, (where, tierLimit) =>
      this.db
        .selectFrom('links')
        .select(columns)
        .select([snippetCount, contentAvailable, inSharedFolder])
        .where(inScope(scope))
        .where(ofReading(filter))
        .where(where)
        .orderBy('links.created_at', 'desc')
        .orderBy('links.id', 'desc')
        .limit(tierLimit)
        .execute(),
    );
  }

  /**
   * The user's links whose kept page holds every term (the last also as a prefix), best first, each with
   * its packed text for the excerpt. Ranked first by id alone, then only the links listed are read with
   * their text: sorting every match with its text along took a common word's search past 100 ms.
   */
  async byContent(
    userId: string,
    terms: readonly string[],
    limit: number,
    filter: ReadingFilter = {},
  ): Promise<(LinkRecord & { text: Uint8Array })[]> {
    const ids = await this.rankedByContent(userId, terms, limit, filter);
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('links')
      .innerJoin('link_contents', 'link_contents.link_id', 'links.id')
      .select(columns)
      // Joined to its kept page, a link has one: no probe for it.
      .select([
        snippetCount,
        sql<boolean>`TRUE`.as('content_available'),
        inSharedFolder,
        'link_contents.text',
      ])
      .where('links.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * The ids of the user's links whose kept page holds every term, best first: BM25 on SQLite, ts_rank on
   * PostgreSQL, newest first among equals. The last term is taken as typed first, and as the start of a
   * word only when that finds less than a page: a prefix is the dearest term to look up and to score
   * ("data" as itself: a few ms; as the start of every word from "data" to "datum": fifteen).
   */
  async rankedByContent(
    userId: string,
    terms: readonly string[],
    limit: number,
    filter: ReadingFilter = {},
  ): Promise<string[]> {
    if (terms.length === 0) return [];
    const asTyped = await this.rankedMatches(userId, terms, limit, filter, false);
    if (asTyped.length >= limit) return asTyped;
    return this.rankedMatches(userId, terms, limit, filter, true);
  }

  /**
   * Ranked among the newest matches (TextSearchReach): a word on every other page of a large library would
   * otherwise be scored on tens of thousands of pages for each search. Each engine's index itself keeps
   * to the user's pages: SQLite's through the owner word (migration 0012), PostgreSQL's through its
   * person column (migration 0015).
   */
  private rankedMatches(
    userId: string,
    terms: readonly string[],
    limit: number,
    filter: ReadingFilter,
    lastAsPrefix: boolean,
  ): Promise<string[]> {
    const last = terms.length - 1;
    const match = { userId, filter, wanted: Math.max(limit, this.reach.rankedMatches) };
    if (this.dialect === 'postgres') {
      const words = terms.map((t, i) => (i === last && lastAsPrefix ? `${t}:*` : t));
      return this.rankedOnPostgres(match, words, limit);
    }
    const phrases = terms.map((t, i) => `"${t}"${i === last && lastAsPrefix ? '*' : ''}`);
    return this.rankedOnSqlite(match, phrases, limit);
  }

  private async rankedOnSqlite(match: TextMatch, phrases: string[], limit: number): Promise<string[]> {
    const owner = ownerWord(match.userId);
    // The index hands its matches newest first (rowid is links.seq); they are scored once found.
    const newest = await this.db
      .selectFrom('links')
      .innerJoin(sql<{ rowid: number }>`link_contents_fts`.as('fts'), (join) =>
        join.on(sql<SqlBool>`fts.rowid = links.seq`),
      )
      .select(['links.id', 'links.created_at', sql<number>`fts.rowid`.as('seq')])
      .where('links.user_id', '=', match.userId)
      .where(ofReading(match.filter))
      .where(sql<SqlBool>`link_contents_fts MATCH ${`owner : "${owner}" AND body : (${phrases.join(' ')})`}`)
      .orderBy(sql`fts.rowid`, 'desc')
      .limit(match.wanted)
      .execute();
    const scores = await fts5Scores(
      this.db,
      phrases,
      newest.map((row) => row.seq),
    );
    const score = (seq: number) => scores.get(seq) ?? 0;
    const newer = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
    return newest
      .sort((a, b) => score(a.seq) - score(b.seq) || newer(a.created_at, b.created_at))
      .slice(0, limit)
      .map((row) => row.id);
  }

  /**
   * The newest matches are looked for among the person's newest links first, then among more, then in
   * the whole library: the index holds each page's person and date with its words (migration 0015), so a
   * window costs only its own matches, where walking the links newest first read one page's word list
   * after another.
   */
  private async rankedOnPostgres(match: TextMatch, words: string[], limit: number): Promise<string[]> {
    const query = {
      all: sql`to_tsquery('simple', ${words.join(' & ')})`,
      // Ranked as either word: ts_rank then adds each word's occurrences with diminishing returns, as BM25
      // does on SQLite, instead of weighing every pair of their positions by distance (which made a
      // three-word search's ranking three times dearer, with "the" on every line of every page).
      any: sql`to_tsquery('simple', ${words.join(' | ')})`,
    };
    const marked = Object.values(match.filter).some((mark) => mark !== undefined);
    if (marked) return (await this.ranked(this.newestMarked(match, query).as('found'), query, limit)).ids;
    let window = this.reach.recentWindows[0];
    while (window !== undefined) {
      const ranked = await this.ranked(this.newestInWindow(match, query, window).as('found'), query, limit);
      if (ranked.found >= match.wanted) return ranked.ids;
      // The next window is the smallest that, at the rate this one found matches, holds enough; a rarer
      // word goes straight to the whole library (a word found on no recent page: at once).
      const rate = ranked.found / window;
      window = this.reach.recentWindows.find((larger) => rate * larger >= match.wanted);
    }
    return (await this.ranked(this.newestInWindow(match, query, null).as('found'), query, limit)).ids;
  }

  /**
   * PostgreSQL: the newest matches among the person's newest `window` links (all of them when null, or
   * when they have fewer), from the index alone. The words ride along as TOAST pointers: only those of
   * the matches ranked are read.
   */
  private newestInWindow(match: TextMatch, query: TextQuery, window: number | null) {
    // When the window's oldest link was saved: one subquery in the statement, not a statement of its own.
    const since = this.db
      .selectFrom('links')
      .select('created_at')
      .where('user_id', '=', match.userId)
      .orderBy('created_at', 'desc')
      .offset((window ?? 1) - 1)
      .limit(1);
    return this.db
      .selectFrom('link_contents_search as page')
      .select(['page.link_id', 'page.link_created_at', sql<string>`page.words`.as('words')])
      .where('page.user_id', '=', match.userId)
      .where(sql<SqlBool>`page.words @@ ${query.all}`)
      .$if(window !== null, (q) =>
        q.where('page.link_created_at', '>=', sql<string>`coalesce((${since}), '-infinity')`),
      )
      .orderBy('page.link_created_at', 'desc')
      .orderBy('page.link_id', 'desc')
      .limit(match.wanted);
  }

  /**
   * PostgreSQL: the newest matches among the links with a reading mark (Unread, Favourites, Archive,
   * Broken), which the windows cannot count on: a join the planner may start from either side, from the
   * marks' indexes when few links carry them, from the words' index when few pages hold the words.
   */
  private newestMarked(match: TextMatch, query: TextQuery) {
    return this.db
      .selectFrom('links')
      .innerJoin('link_contents_search as page', 'page.link_id', 'links.id')
      .select(['page.link_id', 'links.created_at as link_created_at', sql<string>`page.words`.as('words')])
      .where('links.user_id', '=', match.userId)
      .where(ofReading(match.filter))
      .where('page.user_id', '=', match.userId)
      .where(sql<SqlBool>`page.words @@ ${query.all}`)
      .orderBy('links.created_at', 'desc')
      .orderBy('links.id', 'desc')
      .limit(match.wanted);
  }

  /**
   * PostgreSQL: `newest` ranked, and how many there were. Scored only once the newest are chosen:
   * ts_rank reads each page's whole word list. Normalization 2 divides by the page's length, as BM25
   * weighs it on SQLite: a long page naming a word as often as a short one is less about it (without it,
   * the longest pages came first, and their texts made the excerpts' reading and unpacking four times
   * dearer at 100,000 links).
   */
  private async ranked(
    newest: AliasedSelectQueryBuilder<{ link_id: string; link_created_at: string; words: string }, 'found'>,
    query: TextQuery,
    limit: number,
  ): Promise<{ ids: string[]; found: number }> {
    const rows = await this.db
      .selectFrom(newest)
      .select(['found.link_id', sql<string>`count(*) OVER ()`.as('found')])
      .orderBy(sql`ts_rank(found.words, ${query.any}, 2)`, 'desc')
      .orderBy('found.link_created_at', 'desc')
      .orderBy('found.link_id', 'desc')
      .limit(limit)
      .execute();
    return { ids: rows.map((row) => row.link_id), found: Number(rows[0]?.found ?? 0) };
  }

  find(executor: Executor, userId: string, id: string): Promise<LinkRecord | undefined> {
    return executor
      .selectFrom('links')
      .select(columns)
      .select([snippetCount, contentAvailable, inSharedFolder])
      .where('links.user_id', '=', userId)
      .where('links.id', '=', id)
      .executeTakeFirst();
  }

  /** Of `ids`, the user's links, in the order of `ids`. */
  async findMany(userId: string, ids: readonly string[]): Promise<LinkRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('links')
      .select(columns)
      .select([snippetCount, contentAvailable, inSharedFolder])
      .where('links.user_id', '=', userId)
      .where('links.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The most recent link of the user's that names the page `urlKey`. */
  async findIdByUrlKey(executor: Executor, userId: string, urlKey: string): Promise<string | undefined> {
    const row = await executor
      .selectFrom('links')
      .select('id')
      .where('user_id', '=', userId)
      .where('url_key', '=', urlKey)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Of these pages, the ones their users have saved: "<user id> <url_key>" to the newest link saved for it.
   * One read for a batch (saves, an import's entries).
   */
  async findIdsByUrlKey(
    executor: Executor,
    pages: readonly { user_id: string; url_key: string }[],
  ): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (pages.length === 0) return found;
    const wanted = new Set(pages.map((page) => `${page.user_id} ${page.url_key}`));
    const rows = await executor
      .selectFrom('links')
      .select(['id', 'user_id', 'url_key'])
      .where('user_id', 'in', [...new Set(pages.map((page) => page.user_id))])
      .where('url_key', 'in', [...new Set(pages.map((page) => page.url_key))])
      .orderBy('created_at', 'asc')
      .execute();
    for (const row of rows) {
      const page = `${row.user_id} ${row.url_key}`;
      if (wanted.has(page)) found.set(page, row.id);
    }
    return found;
  }

  /**
   * The user's newest link for each of these pages, with what merging an imported entry into it changes
   * (API.md: tags, a folder where it has none, the older date).
   */
  async findForMerge(
    executor: Executor,
    userId: string,
    urlKeys: readonly string[],
  ): Promise<Map<string, MergeTarget>> {
    const found = new Map<string, MergeTarget>();
    if (urlKeys.length === 0) return found;
    const rows = await executor
      .selectFrom('links')
      .select(['id', 'url', 'url_key', 'title', 'folder_id', 'tags', 'created_at'])
      .where('user_id', '=', userId)
      .where('url_key', 'in', [...new Set(urlKeys)])
      .orderBy('created_at', 'asc')
      .execute();
    for (const row of rows) found.set(row.url_key, row);
    return found;
  }

  /** Multi-row INSERTs: a batch of saves (server/lib/coalescer.ts), or of imported entries. */
  async insert(executor: Executor, rows: readonly LinkRow[]): Promise<void> {
    for (let at = 0; at < rows.length; at += INSERT_ROWS) {
      await executor
        .insertInto('links')
        .values(rows.slice(at, at + INSERT_ROWS))
        .execute();
    }
    await indexLinkTags(
      executor,
      rows.filter((row) => row.tags !== '[]'),
      { fresh: true },
    );
  }

  async update(
    executor: Executor,
    userId: string,
    id: string,
    changes: Updateable<LinksTable>,
  ): Promise<void> {
    await executor
      .updateTable('links')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
    if (changes.tags !== undefined)
      await indexLinkTags(executor, [{ id, user_id: userId, tags: changes.tags }]);
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('links')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The number of links in each of these folders of other people's (shared folders), by their owners' counts. */
  async countsOfFolders(folders: readonly { id: string; user_id: string }[]): Promise<Map<string, number>> {
    if (folders.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('link_counts')
      .select(['folder_key', (eb) => eb.fn.sum<number>('links').as('count')])
      .where('user_id', 'in', [...new Set(folders.map((folder) => folder.user_id))])
      .where(
        'folder_key',
        'in',
        folders.map((folder) => folder.id),
      )
      .groupBy('folder_key')
      .execute();
    return new Map(rows.map((row) => [row.folder_key, Number(row.count)]));
  }

  /** The sidebar counts and /api/stats, from the trigger-kept link_counts (a few rows per folder). */
  async countsByFolder(userId: string): Promise<FolderCounts> {
    const rows = await this.db
      .selectFrom('link_counts')
      .select(['folder_key', (eb) => eb.fn.sum<number>('links').as('count')])
      .where('user_id', '=', userId)
      .groupBy('folder_key')
      .execute();
    const counts: FolderCounts = { total: 0, uncategorized: 0, byFolder: new Map() };
    for (const row of rows) {
      const count = Number(row.count);
      if (count === 0) continue; // a folder whose links all moved out keeps its (zero) rows
      counts.total += count;
      if (row.folder_key === UNCATEGORIZED_FOLDER_KEY) counts.uncategorized = count;
      else counts.byFolder.set(row.folder_key, count);
    }
    return counts;
  }
}
