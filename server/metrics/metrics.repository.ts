import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** The queued jobs of one priority (DESIGN.md "Jobs"). */
export interface QueueReading {
  priority: number;
  depth: number;
  /** When the longest-waiting of its due jobs became due; null when none is due (retries scheduled later). */
  oldestDue: string | null;
}

/** The imports of one status under way, and the entries of their files. */
export interface ImportsReading {
  status: 'queued' | 'running';
  count: number;
  /** Entries written so far, of the imports whose file has been counted. */
  processed: number;
  /** Entries in their files, of the imports whose file has been counted (ImportRunner counts first). */
  entries: number;
}

/** What every process shares, read from the database at scrape time. */
export interface DatabaseReading {
  queue: QueueReading[];
  runningJobs: number;
  imports: ImportsReading[];
}

/**
 * The facts behind the metrics that must be right across processes: on PostgreSQL, worker processes
 * (ROLE=worker) take jobs and imports but serve no /metrics, so only the database knows them all. Each read
 * goes through an index that holds only the rows it counts (migration 0021's partial indexes on queued
 * and running jobs; imports_status), so a scrape costs the work waiting, never the table's history.
 */
export class MetricsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async read(now: string): Promise<DatabaseReading> {
    const [queue, running, imports] = await Promise.all([
      this.queue(now),
      this.runningJobs(),
      this.imports(),
    ]);
    return { queue, runningJobs: running, imports };
  }

  private async queue(now: string): Promise<QueueReading[]> {
    const rows = await this.db
      .selectFrom('link_ingest_jobs')
      .where('status', '=', 'queued')
      .select((eb) => [
        'priority',
        eb.fn.countAll<number>().as('depth'),
        eb.fn
          .min(eb.case().when('scheduled_at', '<=', now).then(eb.ref('scheduled_at')).end())
          .as('oldest_due'),
      ])
      .groupBy('priority')
      .execute();
    return rows.map((row) => ({
      priority: Number(row.priority),
      depth: Number(row.depth),
      oldestDue: row.oldest_due === null ? null : String(row.oldest_due),
    }));
  }

  private async runningJobs(): Promise<number> {
    const row = await this.db
      .selectFrom('link_ingest_jobs')
      .where('status', '=', 'running')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  private async imports(): Promise<ImportsReading[]> {
    const rows = await this.db
      .selectFrom('imports')
      .where('status', 'in', ['queued', 'running'])
      .select((eb) => [
        'status',
        eb.fn.countAll<number>().as('count'),
        eb.fn
          .sum<number | null>(eb.case().when('total', 'is not', null).then(eb.ref('processed')).end())
          .as('processed'),
        eb.fn.sum<number | null>('total').as('entries'),
      ])
      .groupBy('status')
      .execute();
    return rows.map((row) => ({
      status: row.status === 'running' ? 'running' : 'queued',
      count: Number(row.count),
      processed: Number(row.processed ?? 0),
      entries: Number(row.entries ?? 0),
    }));
  }
}
