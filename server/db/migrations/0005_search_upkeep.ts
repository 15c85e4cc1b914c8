import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/** How much of a ranked field its prefix index holds; "starts with" uses it for queries up to this long. */
const RANKED_PREFIX_CHARS = 64;

/** The field "best matches first" ranks on (API.md), per searched table. */
const RANKED_FIELDS = { links: 'title', snippets: 'selected_text' } as const;

/**
 * Search upkeep, measured on the benchmark library (BENCHMARKS.md):
 *
 * - PostgreSQL: an index on the lower-cased start of each ranked field, for the "starts with" tier of
 *   best-matches-first. pg_trgm can only shortlist the rows containing the query and re-check each with
 *   ILIKE; with this index and its statistics the planner reads the few rows that start with a rare
 *   query from it, and walks the newest-first index for a frequent one (title "data": 11 -> 4 ms;
 *   snippet text "data": 13 -> 1.7 ms). Only a prefix is indexed: snippet texts can exceed the largest
 *   B-tree entry.
 * - SQLite: FTS5 no longer merges its index segments inside the statement that wrote them, where every
 *   64th save stalled for 11-150 ms; sqlite-upkeep.ts does that work between requests. 'crisismerge'
 *   bounds the segments waiting for it.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    for (const [table, field] of Object.entries(RANKED_FIELDS)) {
      await sql`CREATE INDEX ${sql.id(`${table}_${field}_prefix`)} ON ${sql.table(table)}
        (user_id, lower(left(${sql.ref(field)}, ${sql.lit(RANKED_PREFIX_CHARS)})) text_pattern_ops)`.execute(
        db,
      );
      // The planner's choice between the two indexes rests on the expression's statistics.
      await sql`ANALYZE ${sql.table(table)}`.execute(db);
    }
    return;
  }
  for (const table of Object.keys(RANKED_FIELDS)) {
    const fts = sql.table(`${table}_fts`);
    await sql`INSERT INTO ${fts}(${fts}, rank) VALUES ('automerge', 0)`.execute(db);
    await sql`INSERT INTO ${fts}(${fts}, rank) VALUES ('crisismerge', 64)`.execute(db);
  }
}
