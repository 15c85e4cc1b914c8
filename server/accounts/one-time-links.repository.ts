import type { Insertable, Kysely } from 'kysely';
import type { DB, Executor, OneTimeLinksTable } from '../db/schema.js';

/** Invites and password-reset links (migration 0024): the hash of their secret only. */
export class OneTimeLinksRepository {
  constructor(readonly db: Kysely<DB>) {}

  async insert(row: Insertable<OneTimeLinksTable>): Promise<void> {
    await this.db.insertInto('one_time_links').values(row).execute();
  }

  /**
   * Uses the link, in one statement: of two requests with the same secret only one finds it unused, and
   * an expired one is never used. Its account, for a reset; undefined when there is no such usable link.
   */
  async use(
    trx: Executor,
    kind: OneTimeLinksTable['kind'],
    tokenHash: string,
    now: string,
  ): Promise<{ user_id: string | null } | undefined> {
    return trx
      .updateTable('one_time_links')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
  }
}
