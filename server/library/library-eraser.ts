import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { LinksBulkRepository } from './links-bulk.repository.js';

/** What a step deletes: a bulk action's worth, which takes 250-300 ms at most (BENCHMARKS "Organising: bulk actions"). */
const ROWS_PER_STEP = 1000;

/**
 * Deletes a person's whole library before their account goes (API.md DELETE /api/auth/user), a step of
 * 1,000 links (then snippets) per transaction. In one transaction 100,000 links held SQLite's only writer,
 * and the thread every request runs on, for half a minute; between steps other requests go on. What the
 * steps leave if the process stops midway is deleted by the next attempt, or with the user's row.
 */
export class LibraryEraser {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly bulk: LinksBulkRepository,
  ) {}

  async erase(userId: string): Promise<void> {
    while (await this.eraseLinksStep(userId));
    while (await this.eraseSnippetsStep(userId));
  }

  /** Whether links were left to delete. */
  private eraseLinksStep(userId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const ids = await trx
        .selectFrom('links')
        .select('id')
        .where('user_id', '=', userId)
        .limit(ROWS_PER_STEP)
        .execute();
      if (ids.length === 0) return false;
      await this.bulk.delete(
        trx,
        userId,
        ids.map((row) => row.id),
      );
      return true;
    });
  }

  private async eraseSnippetsStep(userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('snippets')
      .where('id', 'in', (eb) =>
        eb.selectFrom('snippets').select('id').where('user_id', '=', userId).limit(ROWS_PER_STEP),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
