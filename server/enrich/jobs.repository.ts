import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { newId } from '../lib/ids.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** link_ingest_jobs (SPEC.md §3): one row per link, reset whenever the link must be enriched again. */
export class JobsRepository {
  constructor(readonly db: Kysely<DB>) {}

  /** SPEC.md §4: status queued, scheduled_at now; written in the caller's transaction with the link. */
  async enqueue(executor: Executor, linkId: string, userId: string, now: string): Promise<void> {
    await executor
      .insertInto('link_ingest_jobs')
      .values({
        id: newId(),
        link_id: linkId,
        user_id: userId,
        status: 'queued',
        scheduled_at: now,
        attempts: 0,
        lease_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('link_id').doUpdateSet({
          status: 'queued',
          scheduled_at: now,
          attempts: 0,
          lease_until: null,
          last_error: null,
          updated_at: now,
        }),
      )
      .execute();
  }
}
