import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { type EventBus, type LibraryEvent, type Listener, LocalEventBus } from './event-bus.js';

const CHANNEL = 'linkvault_events';
const RECONNECT_MS = 2000;

/**
 * Events across every web and worker process sharing one PostgreSQL database (DESIGN.md: LISTEN/NOTIFY,
 * nothing home-made). Publishing is a NOTIFY; each process, the publisher included, delivers what its
 * LISTEN connection receives to its local subscribers, so an event reaches each subscriber exactly once.
 */
export class PostgresEventBus implements EventBus {
  private readonly local = new LocalEventBus();
  private readonly pool: pg.Pool;
  private listener: pg.Client | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: 2 });
    this.pool.on('error', (err) => log.warn({ err }, 'event bus pool error'));
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        this.local.publish(JSON.parse(message.payload) as LibraryEvent);
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
    this.pool
      .query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)])
      .catch((err: unknown) => this.log.warn({ err }, 'event publish failed'));
  }

  subscribe(userId: string, listener: Listener): () => void {
    return this.local.subscribe(userId, listener);
  }

  async close(): Promise<void> {
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
