import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '../db/schema.js';

/** Fixed-window counters in the database, so every server process shares the same limits. */
export class RateLimitRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Adds each key's uses to its count in the window starting at `windowStart` (a new window counts from
   * them alone), in one statement; answers each key's count after. The rows are written in key order, so
   * that two transactions counting the same keys on PostgreSQL lock them in the same order (no deadlock).
   */
  async increment(
    uses: ReadonlyMap<string, number>,
    windowStart: number,
    executor: Kysely<DB> | Transaction<DB> = this.db,
  ): Promise<Map<string, number>> {
    const keys = [...uses.keys()].sort();
    if (keys.length === 0) return new Map();
    const rows = await executor
      .insertInto('rate_limits')
      .values(keys.map((key) => ({ key, window_start: windowStart, count: uses.get(key) ?? 0 })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + excluded.count ELSE excluded.count END`,
          window_start: sql<number>`excluded.window_start`,
        }),
      )
      .returning(['key', 'count'])
      .execute();
    return new Map(rows.map((row) => [row.key, Number(row.count)]));
  }

  async resetEndingWith(suffix: string): Promise<void> {
    const pattern = `%${suffix.replace(/[\\%_]/g, (c) => `\\${c}`)}`;
    await this.db
      .deleteFrom('rate_limits')
      .where(sql<boolean>`key LIKE ${pattern} ESCAPE '\\'`)
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }
}
