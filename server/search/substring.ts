import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/database.js';

/** SPEC.md §5: the fields each kind of record is searched on. */
export const SEARCHED_COLUMNS = {
  links: ['title', 'url', 'description'],
  snippets: ['selected_text', 'page_title', 'note'],
} as const;
type Searchable = keyof typeof SEARCHED_COLUMNS;

/** The trigram index cannot serve needles shorter than one trigram; those fall back to a scan. */
const TRIGRAM = 3;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A case-insensitive substring match of `query` on the searched columns of `table`, answered from the
 * index of migrations/0001: SQLite's FTS5 trigram table (a quoted phrase matches as a substring), or
 * PostgreSQL's pg_trgm GIN indexes, which serve ILIKE '%…%' directly.
 */
export function substringMatch(dialect: Dialect, table: Searchable, query: string): RawBuilder<SqlBool> {
  const columns = SEARCHED_COLUMNS[table];
  if (dialect === 'sqlite' && [...query].length >= TRIGRAM) {
    const phrase = `"${query.replaceAll('"', '""')}"`;
    const fts = sql.table(`${table}_fts`);
    return sql<SqlBool>`${sql.ref(`${table}.seq`)} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${phrase})`;
  }
  const pattern = `%${likeEscape(query)}%`;
  const like = dialect === 'postgres' ? sql`ILIKE` : sql`LIKE`;
  const tests = columns.map((c) => sql`${sql.ref(`${table}.${c}`)} ${like} ${pattern} ESCAPE '\\'`);
  return sql<SqlBool>`(${sql.join(tests, sql` OR `)})`;
}

/** Best matches first (API.md): the title (or selected text) starting with the query, then containing it. */
export function matchRank(dialect: Dialect, column: string, query: string): RawBuilder<number> {
  const escaped = likeEscape(query);
  const like = dialect === 'postgres' ? sql`ILIKE` : sql`LIKE`;
  const ref = sql.ref(column);
  return sql<number>`CASE WHEN ${ref} ${like} ${`${escaped}%`} ESCAPE '\\' THEN 0 WHEN ${ref} ${like} ${`%${escaped}%`} ESCAPE '\\' THEN 1 ELSE 2 END`;
}
