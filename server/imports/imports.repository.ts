import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB, Executor, ImportsTable } from '../db/schema.js';

export type ImportRow = Selectable<ImportsTable>;

/** An upload still arriving: not yet an import anyone sees or runs. */
export const UPLOADING = 'uploading';

/** What one batch of an import adds to its counts. */
export interface BatchCounts {
  processed: number;
  created: number;
  merged: number;
  skipped: number;
}

export interface SkipRow {
  position: string;
  url: string | null;
  reason: string;
}

/**
 * The skipped list keeps this many entries per import (the count keeps counting): enough for any real
 * file's broken entries, bounded for a file that is nothing but broken entries.
 */
export const SKIPS_KEPT = 10_000;

export class ImportsRepository {
  constructor(
    readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Adds the import unless its user already has `max` under way (uploading, queued or running); false
   * then. Counted and written in one transaction that uploads begun together take in turn (on PostgreSQL
   * by locking the user's row; SQLite runs one transaction at a time): counted apart from the insert, five
   * uploads sent at once let four through when one's row became visible after a later one had counted.
   */
  async insertWithinLimit(row: ImportRow, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') {
        await trx.selectFrom('users').select('id').where('id', '=', row.user_id).forUpdate().execute();
      }
      if ((await this.countActive(row.user_id, trx)) >= max) return false;
      await trx.insertInto('imports').values(row).execute();
      return true;
    });
  }

  find(userId: string, id: string): Promise<ImportRow | undefined> {
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', '!=', UPLOADING)
      .executeTakeFirst();
  }

  /** Newest first; a person imports a few files, not thousands, so the list is not paged. */
  list(userId: string, limit: number): Promise<ImportRow[]> {
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '!=', UPLOADING)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The upload is complete and recognised: the import may start. */
  async queue(
    id: string,
    changes: Pick<ImportRow, 'format' | 'file_size' | 'folder_id' | 'enrich'>,
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('imports')
      .set({ ...changes, status: 'queued', updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('imports').where('id', '=', id).execute();
  }

  /** The user's imports under way: arriving (uploading), waiting or running. */
  async countActive(userId: string, executor: Executor = this.db): Promise<number> {
    const row = await executor
      .selectFrom('imports')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('status', 'in', [UPLOADING, 'queued', 'running'])
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Uploads abandoned midway (the process died while a file arrived) leave nothing behind. */
  async deleteStaleUploads(before: string): Promise<void> {
    await this.db
      .deleteFrom('imports')
      .where('status', '=', UPLOADING)
      .where('created_at', '<', before)
      .execute();
  }

  /**
   * Takes the oldest import that is queued, or running with an expired lease (its process died), and leases
   * it. PostgreSQL: SKIP LOCKED lets several processes claim side by side without taking the same one.
   */
  async claim(now: string, leaseUntil: string): Promise<ImportRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let due = trx
        .selectFrom('imports')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('status', '=', 'queued'),
            eb.and([eb('status', '=', 'running'), eb('lease_until', '<=', now)]),
          ]),
        )
        .orderBy('created_at')
        .limit(1);
      if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
      return trx
        .updateTable('imports')
        .set({ status: 'running', lease_until: leaseUntil, updated_at: now })
        .where('id', '=', due)
        .returningAll()
        .executeTakeFirst();
    });
  }

  /** SQLite serves one process (README): at its start, imports marked running belong to no one. */
  async releaseAll(now: string): Promise<void> {
    await this.db.updateTable('imports').set({ lease_until: now }).where('status', '=', 'running').execute();
  }

  async setTotal(id: string, total: number): Promise<void> {
    await this.db
      .updateTable('imports')
      .set({ total })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /**
   * Moves the import's cursor from `from` to `to` and adds a batch's counts, in the batch's transaction.
   * False when the import is no longer this runner's to write (cancelled, or its cursor moved: another
   * process took it over after this one's lease ran out), in which case the caller rolls the batch back: an
   * entry is written once, whatever happens to processes.
   */
  async advance(
    trx: Transaction<DB>,
    id: string,
    cursor: { from: number; to: number },
    counts: BatchCounts,
    leaseUntil: string,
    now: string,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('imports')
      .set((eb) => ({
        cursor: cursor.to,
        processed: eb('processed', '+', counts.processed),
        created: eb('created', '+', counts.created),
        merged: eb('merged', '+', counts.merged),
        skipped: eb('skipped', '+', counts.skipped),
        lease_until: leaseUntil,
        updated_at: now,
      }))
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('cursor', '=', cursor.from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Adds skipped entries after the `already` kept, up to SKIPS_KEPT. */
  async addSkips(executor: Executor, id: string, already: number, skips: readonly SkipRow[]): Promise<void> {
    const room = Math.max(0, SKIPS_KEPT - already);
    const kept = skips.slice(0, room);
    if (kept.length === 0) return;
    await executor
      .insertInto('import_skips')
      .values(kept.map((skip, i) => ({ import_id: id, seq: already + i, ...skip })))
      .execute();
  }

  /** The skipped entries in file order, a page at a time (GET /api/imports/:id/skipped streams them). */
  skips(id: string, afterSeq: number, limit: number) {
    return this.db
      .selectFrom('import_skips')
      .select(['seq', 'position', 'url', 'reason'])
      .where('import_id', '=', id)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
  }

  /** Ends the import (done, failed or cancelled) unless it has already ended. */
  async finish(
    id: string,
    status: 'done' | 'failed' | 'cancelled',
    error: string | null,
    now: string,
  ): Promise<boolean> {
    // The uploaded file goes with the import's end, in the same transaction: never 100 MB left behind.
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('imports')
        .set({ status, error, lease_until: null, finished_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      const ended = Number(result.numUpdatedRows) === 1;
      if (ended) await trx.deleteFrom('import_chunks').where('import_id', '=', id).execute();
      return ended;
    });
  }

  /** Lets another process take a running import at once (this one is stopping mid-import). */
  async release(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('imports')
      .set({ lease_until: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** One transaction for a batch: the library's repositories and this one write through `trx`. */
  inTransaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The folder everything goes to, as it is now (its folder may have been deleted since the start). */
  async folderOf(id: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('imports')
      .select('folder_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.folder_id ?? null;
  }

  /**
   * PostgreSQL plans from table statistics that autovacuum refreshes only now and then: right after a bulk
   * load it still takes a 50,000-link library for an empty one, and pages a list by sorting every row
   * (measured: 192 ms for a page of links, 0.35 ms once analysed). SQLite plans from its indexes alone.
   */
  async refreshStatistics(): Promise<void> {
    if (this.dialect === 'postgres')
      await sql`ANALYZE links, snippets, folders, link_ingest_jobs`.execute(this.db);
  }

  /** Extends the lease of a running import; false when it is no longer running (cancelled meanwhile). */
  async renew(id: string, leaseUntil: string): Promise<boolean> {
    const result = await this.db
      .updateTable('imports')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
