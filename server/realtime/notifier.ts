import type { JobStatus } from '../../contracts/index.js';
import type { EventBus } from './event-bus.js';

/**
 * What the library and the workers announce after they commit (DESIGN.md "Realtime"): the changed link
 * and, for enrichment, the job's status. Queuing a job also wakes this process's idle workers.
 */
export class LibraryNotifier {
  constructor(
    private readonly bus: EventBus,
    private readonly wakeWorkers: () => void = () => undefined,
  ) {}

  linkChanged(userId: string, linkId: string): void {
    this.bus.publish({ type: 'link', userId, linkId });
  }

  linkDeleted(userId: string, linkId: string): void {
    this.bus.publish({ type: 'link-deleted', userId, linkId });
  }

  /** Many links changed at once; `queued`: some were queued for enrichment. */
  linksChanged(userId: string, count: number, { queued = false }: { queued?: boolean } = {}): void {
    this.bus.publish({ type: 'links', userId, count });
    if (queued) this.wakeWorkers();
  }

  /** An import moved on (a batch written, counted, ended); it may have queued links for enrichment. */
  importChanged(userId: string, importId: string, { queued = false }: { queued?: boolean } = {}): void {
    this.bus.publish({ type: 'import', userId, importId });
    if (queued) this.wakeWorkers();
  }

  jobChanged(userId: string, linkId: string, status: JobStatus): void {
    this.bus.publish({ type: 'job', userId, linkId, status });
    this.linkChanged(userId, linkId);
    if (status === 'queued') this.wakeWorkers();
  }
}
