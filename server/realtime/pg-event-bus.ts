import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { type EventBus, type LibraryEvent, type Listener, LocalEventBus } from './event-bus.js';

const CHANNEL = 'linkvault_events';
const RECONNECT_MS = 2000;
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay clear of the limit. */
const MAX_PAYLOAD_BYTES = 7000;

/**
 * Events across every web and worker process sharing one PostgreSQL database (DESIGN.md: LISTEN/NOTIFY,
 * nothing home-made). Publishing is a NOTIFY; each process, the publisher included, delivers what its
 * LISTEN connection receives to its local subscribers, so an event reaches each subscriber exactly once.
 * The events published in one turn of the event loop go out together, as one JSON array per NOTIFY: a
 * save publishes two, and under many saves at once one statement per save each would cost PostgreSQL and
 * every listening process a round of work (the save p99 in BENCHMARKS.md).
 */
export class PostgresEventBus implements EventBus {
  private readonly local = new LocalEventBus();
  private readonly pool: pg.Pool;
  private listener: pg.Client | null = null;
  private closed = false;
  private pending: LibraryEvent[] = [];
  /** The NOTIFYs sent so far, one after another; close() waits for them before ending the pool. */
  private sent: Promise<unknown> = Promise.resolve();

  /**
   * `connectMs`: a database that never answers fails the connection after this long (start-up
   * hung on it), as the main pool's connections do (DATABASE_CONNECT_TIMEOUT_MS).
   */
  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
    private readonly connectMs: number,
  ) {
    // One connection sends every NOTIFY, in the order published (batches keep it busy only briefly).
    // A host that vanishes without closing its connections: keep-alive probes find out, and a NOTIFY that
    // gets no answer gives up instead of holding every later one behind it.
    this.pool = new pg.Pool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: connectMs,
      query_timeout: connectMs,
      keepAlive: true,
    });
    this.pool.on('error', (err) => log.warn({ err }, 'event bus pool error'));
  }

  async start(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.connectMs,
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        // A single event is what processes older than the batching send: still understood mid-deploy.
        const parsed = JSON.parse(message.payload) as LibraryEvent | LibraryEvent[];
        for (const event of Array.isArray(parsed) ? parsed : [parsed]) this.local.publish(event);
      } catch (err) {
        this.log.warn({ err }, 'unreadable event notification');
      }
    });
    client.on('error', (err) => {
      this.log.warn({ err }, 'event listener lost its connection; reconnecting');
      this.reconnectLater();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  publish(event: LibraryEvent): void {
    if (this.pending.push(event) === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const events = this.pending;
    this.pending = [];
    for (const payload of payloadsOf(events)) {
      this.sent = this.sent
        .then(() => this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]))
        .catch((err: unknown) => this.log.warn({ err }, 'event publish failed'));
    }
  }

  subscribe(userId: string, listener: Listener): () => void {
    return this.local.subscribe(userId, listener);
  }

  async close(): Promise<void> {
    this.flush();
    await this.sent;
    this.closed = true;
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
    await this.local.close();
  }

  private reconnectLater(): void {
    const dead = this.listener;
    this.listener = null;
    void dead?.end().catch(() => undefined);
    if (this.closed) return;
    setTimeout(() => {
      if (!this.closed) this.start().catch(() => this.reconnectLater());
    }, RECONNECT_MS).unref();
  }
}

/** JSON arrays of the events, in order, each within NOTIFY's payload limit. */
function payloadsOf(events: LibraryEvent[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = 2;
  for (const event of events) {
    const json = JSON.stringify(event);
    const size = Buffer.byteLength(json) + 1;
    if (batch.length > 0 && bytes + size > MAX_PAYLOAD_BYTES) {
      payloads.push(`[${batch.join(',')}]`);
      batch = [];
      bytes = 2;
    }
    batch.push(json);
    bytes += size;
  }
  if (batch.length > 0) payloads.push(`[${batch.join(',')}]`);
  return payloads;
}
