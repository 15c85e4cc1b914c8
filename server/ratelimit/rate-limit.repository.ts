import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';

/** Fixed-window counters in the database, so every server process shares the same limits. */
export class RateLimitRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async increment(key: string, windowStart: number): Promise<number> {
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, window_start: windowStart, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END`,
          window_start: sql<number>`excluded.window_start`,
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async count(key: string, windowStart: number): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', key)
      .where('window_start', '=', windowStart)
      .executeTakeFirst();
    return row ? Number(row.count) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }
}
