import { EventEmitter } from 'node:events';
import type { JobStatus } from '../../contracts/index.js';

/**
 * What services announce after a commit (API.md "Realtime"). Events carry ids, not rows: a PostgreSQL
 * NOTIFY payload is capped at 8 kB, and the stream reads the link fresh for the user it serves anyway.
 */
export type LibraryEvent =
  | { type: 'link'; userId: string; linkId: string }
  /** folderId: the folder it was in, whose members are told too (null: uncategorized, the owner only). */
  | { type: 'link-deleted'; userId: string; linkId: string; folderId?: string | null }
  /**
   * The owner's link left the shared folder `folderId` (moved to a folder its members cannot see): to them
   * it is gone. The owner's own stream ignores it (the move's 'link' event tells them).
   */
  | { type: 'link-left'; userId: string; linkId: string; folderId: string }
  /** Many links at once (a bulk action, a tag renamed): too many ids for one NOTIFY, so none are named. */
  | { type: 'links'; userId: string; count: number }
  | { type: 'job'; userId: string; linkId: string; status: JobStatus }
  | { type: 'import'; userId: string; importId: string }
  /** The user's list of folders changed through someone else (a share given, changed or ended). */
  | { type: 'folders'; userId: string; folderId: string };

export type Listener = (event: LibraryEvent) => void;

export interface EventBus {
  start(): Promise<void>;
  publish(event: LibraryEvent): void;
  /** Events of one user only (SPEC.md §6: subscriptions filter on user_id). */
  subscribe(userId: string, listener: Listener): () => void;
  close(): Promise<void>;
}

/** Fans events out to this process's subscribers; the PostgreSQL bus feeds it from NOTIFY too. */
export class LocalEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  start(): Promise<void> {
    return Promise.resolve();
  }

  publish(event: LibraryEvent): void {
    this.emitter.emit(event.userId, event);
  }

  subscribe(userId: string, listener: Listener): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }

  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}
