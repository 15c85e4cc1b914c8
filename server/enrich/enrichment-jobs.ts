import type { Kysely } from 'kysely';
import type { EnrichmentError } from '../../contracts/index.js';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { type Enrichment, LinkEnrichmentRepository } from '../library/link-enrichment.repository.js';
import type { PageContent } from '../library/link-content.repository.js';
import { IngestQueue, type QueuedJob } from '../queue/ingest-queue.js';

/** A job in a worker's hand: its claim, and the address of its link. */
export interface ClaimedJob extends QueuedJob {
  url: string;
}

type ClaimOptions = Parameters<IngestQueue['claim']>[2];

/**
 * Enrichment's steps through a job: each is the queue's (the job's row) and the library's (the link's
 * fields), in one transaction.
 */
export class EnrichmentJobs {
  constructor(
    private readonly queue: IngestQueue,
    private readonly links: LinkEnrichmentRepository,
  ) {}

  static over(db: Kysely<DB>, dialect: Dialect): EnrichmentJobs {
    return new EnrichmentJobs(new IngestQueue(db, dialect), new LinkEnrichmentRepository(db, dialect));
  }

  /** A content job leaves its link as it is: it is not being enriched, only its page fetched again. */
  claim(now: string, leaseUntil: string, options: ClaimOptions = {}): Promise<ClaimedJob | null> {
    return this.queue.claim(now, leaseUntil, options, (trx, job) =>
      job.kind === 'content'
        ? this.links.addressOf(trx, job.linkId)
        : this.links.started(trx, job.linkId, job.attempt),
    );
  }

  tagsOf(userId: string): Promise<string[]> {
    return this.links.tagsOf(userId);
  }

  succeed(job: ClaimedJob, result: Enrichment, now: string): Promise<boolean> {
    return this.queue.finish(job, { status: 'success' }, now, (trx) =>
      this.links.enriched(trx, job, result, now),
    );
  }

  /** A content job's end: its page kept, its link otherwise as it was. */
  pageKept(job: ClaimedJob, content: PageContent | null, now: string): Promise<boolean> {
    return this.queue.finish(job, { status: 'success' }, now, (trx) =>
      this.links.pageFetched(trx, job, content, now),
    );
  }

  /**
   * Schedules another attempt at `retryAt`, or gives up (status failed) when `retryAt` is null. A content
   * job's failure is the job's alone: its link was enriched, and stays so.
   */
  fail(
    job: ClaimedJob,
    { error, failure }: { error: string; failure: EnrichmentError },
    retryAt: string | null,
    now: string,
  ): Promise<boolean> {
    const outcome = retryAt
      ? ({ status: 'queued', at: retryAt, error } as const)
      : ({ status: 'failed', error } as const);
    return this.queue.finish(job, outcome, now, (trx) =>
      job.kind === 'content' ? Promise.resolve() : this.links.failed(trx, job.linkId, failure, retryAt, now),
    );
  }

  /**
   * Puts a job in hand back in the queue as if this attempt had not been made (its worker is stopping):
   * due at once, its attempts as before the claim, its link queued again.
   */
  release(job: ClaimedJob, now: string): Promise<boolean> {
    const attempts = job.attempt - 1;
    return this.queue.finish(job, { status: 'queued', at: now, attempts }, now, (trx) =>
      job.kind === 'content' ? Promise.resolve() : this.links.putBack(trx, job.linkId, attempts),
    );
  }
}
