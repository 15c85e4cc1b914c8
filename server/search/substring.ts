import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { CASEFOLD_FUNCTION, type Dialect } from '../db/database.js';
import { type DB, RANKED_PREFIX_CHARS } from '../db/schema.js';

/** SPEC.md §5: the fields each kind of record is searched on. */
export const SEARCHED_COLUMNS = {
  links: ['title', 'url', 'description'],
  snippets: ['selected_text', 'page_title', 'note'],
} as const;
type Searchable = keyof typeof SEARCHED_COLUMNS;
type SearchedColumn<T extends Searchable> = (typeof SEARCHED_COLUMNS)[T][number];

interface MatchOptions<T extends Searchable> {
  /** Default: every searched column of the table. */
  columns?: readonly SearchedColumn<T>[];
  /** Match only at the start of a column (FTS5's ^ initial-token query, or LIKE 'q%'). */
  atStart?: boolean;
}

/** "Best matches first" (API.md) looks at this field: a match at its start, then anywhere in it, then elsewhere. */
const RANKED_COLUMN = { links: 'title', snippets: 'selected_text' } as const;

/** The trigram index cannot serve needles shorter than one trigram; those fall back to a scan. */
const TRIGRAM = 3;

/**
 * Up to this many FTS5 matches are looked up by rowid and sorted; past it, walking the newest-first
 * index until a page is full is cheaper (at 100k links the two cost about the same around there).
 */
const FEW_MATCHES = 500;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const and = (...terms: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(terms, sql` AND `)})`;
const not = (term: RawBuilder<SqlBool>) => sql<SqlBool>`NOT ${term}`;

/**
 * Case-insensitive substring search (SPEC.md §5), answered from the indexes of migrations/0001 and 0020:
 * SQLite's FTS5 trigram tables (a quoted phrase matches as a substring) or PostgreSQL's pg_trgm GIN
 * indexes, which serve ILIKE '%…%' directly. Results are always newest first, in pages.
 */
export class SubstringSearch {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Rows of `table` that contain `query` in one of `columns` (or, `atStart`, begin with it): a predicate
   * for a newest-first page.
   */
  async match<T extends Searchable>(
    table: T,
    query: string,
    options: MatchOptions<T> = {},
  ): Promise<RawBuilder<SqlBool>> {
    const { columns = SEARCHED_COLUMNS[table], atStart = false } = options;
    if (this.usesFts(query)) {
      const phrase = `"${query.replaceAll('"', '""')}"`;
      return this.ftsMatch(table, `{${columns.join(' ')}} : ${atStart ? '^' : ''}${phrase}`);
    }
    return this.ofRows(table, this.likeAny(table, columns, `${atStart ? '' : '%'}${likeEscape(query)}%`));
  }

  /**
   * Best matches first (API.md): rows whose ranked field starts with `query`, then those containing it,
   * then those matching elsewhere only; newest first within each. Each tier is its own newest-first page
   * that stops at `limit` (`newestFirst` runs it), rather than ranking every match: for a common word
   * that is a page of index entries instead of every one of thousands of rows read and sorted.
   */
  async bestFirst<T extends Searchable, Row>(
    table: T,
    query: string,
    limit: number,
    newestFirst: (where: RawBuilder<SqlBool>, limit: number) => Promise<Row[]>,
  ): Promise<Row[]> {
    const rows: Row[] = [];
    for (const tier of this.tiers(table, query)) {
      if (rows.length >= limit) break;
      rows.push(...(await newestFirst(await tier(), limit - rows.length)));
    }
    return rows;
  }

  /** bestFirst's tiers, built only when reached (on SQLite building one reads the FTS5 index). */
  private tiers<T extends Searchable>(table: T, query: string): (() => Promise<RawBuilder<SqlBool>>)[] {
    const ranked = RANKED_COLUMN[table] as SearchedColumn<T>;
    const starts = this.startsWith(table, ranked, query);
    const contains = this.like(this.searched(table, ranked), `%${likeEscape(query)}%`);
    if (!this.usesFts(query)) {
      // The LIKEs are the match itself; saying one twice would also square the planner's row estimate.
      const others = SEARCHED_COLUMNS[table].filter((c) => c !== ranked);
      const elsewhere = this.likeAny(table, others, `%${likeEscape(query)}%`);
      return [
        () => Promise.resolve(starts),
        () => Promise.resolve(and(this.ofRows(table, contains), not(starts))),
        () => Promise.resolve(this.ofRows(table, and(elsewhere, not(contains)))),
      ];
    }
    // FTS5 narrows each tier to its candidates (the ranked field alone, from its start for the first);
    // the LIKEs then rank them exactly as before.
    const columns = [ranked];
    return [
      async () => and(await this.match(table, query, { columns, atStart: true }), starts),
      async () => and(await this.match(table, query, { columns }), contains, not(starts)),
      async () => and(await this.match(table, query), not(contains)),
    ];
  }

  /**
   * Where `column` of `table` is tested: PostgreSQL keeps a copy of links' searched fields, with their
   * trigram indexes, in link_search_fields (migration 0020), so that moving or marking links writes no
   * trigram; everything else is searched where it is.
   */
  private searched<T extends Searchable>(table: T, column: SearchedColumn<T>): string {
    return this.dialect === 'postgres' && table === 'links'
      ? `link_search_fields.${column}`
      : `${table}.${column}`;
  }

  /** `condition` on searched() columns, as a predicate on rows of `table`. */
  private ofRows(table: Searchable, condition: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
    if (this.dialect !== 'postgres' || table !== 'links') return condition;
    return sql<SqlBool>`links.id IN (SELECT link_id FROM link_search_fields WHERE ${condition})`;
  }

  private likeAny<T extends Searchable>(
    table: T,
    columns: readonly SearchedColumn<T>[],
    pattern: string,
  ): RawBuilder<SqlBool> {
    const tests = columns.map((c) => this.like(this.searched(table, c), pattern));
    return sql<SqlBool>`(${sql.join(tests, sql` OR `)})`;
  }

  private usesFts(query: string): boolean {
    return this.dialect === 'sqlite' && [...query].length >= TRIGRAM;
  }

  /**
   * `column` begins with `query`. On PostgreSQL this goes through the prefix index of migrations/0005, so
   * that the planner can read the few rows starting with a rare query from it. PostgreSQL's ILIKE compares
   * lower() of both sides, so for a query no longer than the indexed prefix `lower(left(column, n)) LIKE
   * lower('query%')` is the same test where lower() maps characters one by one (libc collations; ICU's
   * context rules, such as Greek final sigma, could differ at the n-th character only). The next tier
   * excludes exactly this test, so the tiers never repeat or drop a row. It is stated alone: ANDed with
   * the ILIKE it would square the planner's row estimate.
   */
  private startsWith<T extends Searchable>(
    table: T,
    column: SearchedColumn<T>,
    query: string,
  ): RawBuilder<SqlBool> {
    const pattern = `${likeEscape(query)}%`;
    if (this.dialect !== 'postgres' || [...query].length > RANKED_PREFIX_CHARS)
      return this.ofRows(table, this.like(this.searched(table, column), pattern));
    const prefix = sql`lower(left(${sql.ref(`${table}.${column}`)}, ${sql.lit(RANKED_PREFIX_CHARS)}))`;
    return sql<SqlBool>`${prefix} LIKE lower(${pattern}) ESCAPE '\\'`;
  }

  /** ILIKE on PostgreSQL; SQLite's LIKE is already case-insensitive (for ASCII, as the ranking always was). */
  private like(column: string, pattern: string): RawBuilder<SqlBool> {
    if (this.dialect === 'postgres') return sql<SqlBool>`${sql.ref(column)} ILIKE ${pattern} ESCAPE '\\'`;
    // SQLite's LIKE folds ASCII letters only; for other letters both sides go through CASEFOLD_FUNCTION.
    if (/^\p{ASCII}*$/u.test(pattern)) return sql<SqlBool>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`;
    const fold = sql.raw(CASEFOLD_FUNCTION);
    return sql<SqlBool>`${fold}(${sql.ref(column)}) LIKE ${fold}(${pattern}) ESCAPE '\\'`;
  }

  /**
   * SQLite plans `seq IN (fts matches)` by fetching every match by rowid and sorting them: fine for a
   * rare word, 100 ms for one in 10% of 100k links. So the matches are counted first (up to FEW_MATCHES):
   * few are handed over as a list of rowids; many are tested entry by entry while SQLite walks the
   * newest-first index, which stops as soon as the page is full.
   */
  private async ftsMatch(table: Searchable, expression: string): Promise<RawBuilder<SqlBool>> {
    const fts = sql.table(`${table}_fts`);
    const matches = sql`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${expression}`;
    const seq = sql.ref(`${table}.seq`);
    const { rows } = await sql<{ rowid: number }>`${matches} LIMIT ${FEW_MATCHES + 1}`.execute(this.db);
    if (rows.length === 0) return sql<SqlBool>`0 = 1`;
    if (rows.length <= FEW_MATCHES) return sql<SqlBool>`${seq} IN (${sql.join(rows.map((r) => r.rowid))})`;
    // The unary + keeps SQLite from using the rowid to drive the query (SQLite's documented hint).
    return sql<SqlBool>`+${seq} IN (${matches})`;
  }
}
