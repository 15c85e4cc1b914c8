import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';

/** What one check of a page found: there, gone (404, 410, no such host), or nothing sure (a timeout, a 5xx). */
export type Verdict = 'ok' | 'gone' | 'unsure';

/** API.md: a link is broken after this many checks in a row found its page gone; one "there" clears it. */
export const GONE_CHECKS_FOR_BROKEN = 3;

/** A link taken for a check: what to fetch, and whose it is (to tell them when it changes). */
export interface DueLink {
  id: string;
  userId: string;
  url: string;
}

/** The availability columns of links (migration 0013); the library writes links, the checker asks it to. */
export class LinkAvailabilityRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Takes up to `limit` links not checked since `before`, never-checked first, and marks them checked
   * `now` in the same statement, so that another process's checker takes others (on PostgreSQL rows one
   * process holds are skipped, not waited for).
   */
  async claimDue(now: string, before: string, limit: number): Promise<DueLink[]> {
    const lock = this.dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
    const { rows } = await sql<DueLink>`
      UPDATE links SET checked_at = ${now}
      WHERE id IN (SELECT id FROM links WHERE checked_at IS NULL OR checked_at < ${before}
                   ORDER BY checked_at ASC NULLS FIRST LIMIT ${limit} ${lock})
      RETURNING id, user_id AS "userId", url`.execute(this.db);
    return rows;
  }

  /**
   * Writes what a check found; answers whether the link's availability changed. The count of gone checks
   * is written first, so the transaction starts with a write (a SQLite one that reads first fails when
   * another process commits meanwhile); its answer carries the availability as it was, which the second
   * write changes only when the verdict does.
   */
  async record(linkId: string, verdict: Verdict): Promise<boolean> {
    if (verdict === 'unsure') return false;
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('links')
        .set({ gone_checks: verdict === 'gone' ? sql<number>`gone_checks + 1` : 0 })
        .where('id', '=', linkId)
        .returning(['availability', 'gone_checks'])
        .executeTakeFirst();
      if (!row) return false;
      const availability =
        verdict === 'ok'
          ? 'ok'
          : Number(row.gone_checks) >= GONE_CHECKS_FOR_BROKEN
            ? 'broken'
            : row.availability;
      if (availability === row.availability) return false;
      await trx.updateTable('links').set({ availability }).where('id', '=', linkId).execute();
      return true;
    });
  }
}
