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

  /** `folderId`: where the link was, so that the members of a shared folder hear of it too. */
  linkDeleted(userId: string, linkId: string, folderId: string | null): void {
    this.bus.publish({ type: 'link-deleted', userId, linkId, folderId });
  }

  /** The owner's link moved out of the shared folder `folderId`: its members no longer see it. */
  linkLeft(userId: string, linkId: string, folderId: string): void {
    this.bus.publish({ type: 'link-left', userId, linkId, folderId });
  }

  /** A folder was shared with `userId`, their role in it changed, or their share ended. */
  foldersChanged(userId: string, folderId: string): void {
    this.bus.publish({ type: 'folders', userId, folderId });
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
