import { EventEmitter } from 'node:events';
import type { JobStatus } from '../../contracts/index.js';

/**
 * What services announce after a commit (API.md "Realtime"). Events carry ids, not rows: a PostgreSQL
 * NOTIFY payload is capped at 8 kB, and the stream reads the link fresh for the user it serves anyway.
 */
export type LibraryEvent =
  | { type: 'link'; userId: string; linkId: string }
  | { type: 'link-deleted'; userId: string; linkId: string }
  /** Many links at once (a bulk action, a tag renamed): too many ids for one NOTIFY, so none are named. */
  | { type: 'links'; userId: string; count: number }
  | { type: 'job'; userId: string; linkId: string; status: JobStatus }
  | { type: 'import'; userId: string; importId: string };

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
