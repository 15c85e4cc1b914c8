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

  jobChanged(userId: string, linkId: string, status: JobStatus): void {
    this.bus.publish({ type: 'job', userId, linkId, status });
    this.linkChanged(userId, linkId);
    if (status === 'queued') this.wakeWorkers();
  }
}
