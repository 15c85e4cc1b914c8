import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testDialect } from '../../test/database.js';
import { silentServer } from '../../test/tcp.js';
import { createLogger } from '../logging/logger.js';
import type { Database } from '../db/database.js';
import type { LibraryEvent } from './event-bus.js';
import { PostgresEventBus } from './pg-event-bus.js';

/**
 * Two buses on one PostgreSQL database stand for two processes. On SQLite (one process, LocalEventBus,
 * which needs no test of its own) the file checks nothing beyond the dialect.
 */
describe(`PostgreSQL event bus (${testDialect()})`, () => {
  let database: Database;
  let drop: () => Promise<void>;
  const buses: PostgresEventBus[] = [];

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
    if (database.dialect !== 'postgres') return;
    for (let i = 0; i < 2; i++) {
      const bus = new PostgresEventBus(database.url, createLogger('silent'), 5000);
      await bus.start();
      buses.push(bus);
    }
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await drop();
  });

  it('delivers every event of a burst to each process once, in order, and only to its user', async () => {
    if (database.dialect !== 'postgres') {
      expect(database.dialect).toBe('sqlite');
      return;
    }
    const [publisher, other] = buses as [PostgresEventBus, PostgresEventBus];
    // Long ids make the burst span several NOTIFY payloads (each under PostgreSQL's 8000-byte limit).
    const burst: LibraryEvent[] = Array.from({ length: 400 }, (_, i) => ({
      type: 'job',
      userId: 'user-a',
      linkId: `link-${String(i).padStart(4, '0')}-${'x'.repeat(60)}`,
      status: 'queued',
    }));
    const received = new Map<PostgresEventBus, LibraryEvent[]>(buses.map((bus) => [bus, []]));
    const strangers: LibraryEvent[] = [];
    for (const bus of buses) bus.subscribe('user-a', (event) => received.get(bus)?.push(event));
    other.subscribe('user-b', (event) => strangers.push(event));

    for (const event of burst) publisher.publish(event);

    await expect.poll(() => received.get(other)?.length, { timeout: 10_000 }).toBe(burst.length);
    await expect.poll(() => received.get(publisher)?.length, { timeout: 10_000 }).toBe(burst.length);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.get(publisher)).toEqual(burst);
    expect(received.get(other)).toEqual(burst);
    expect(strangers).toEqual([]);
  });

  it('sends everything published before close, and reads the single events of older processes', async () => {
    if (database.dialect !== 'postgres') {
      expect(database.dialect).toBe('sqlite');
      return;
    }
    const [listener] = buses as [PostgresEventBus];
    const received: LibraryEvent[] = [];
    listener.subscribe('user-c', (event) => received.push(event));

    const closing = new PostgresEventBus(database.url, createLogger('silent'), 5000);
    await closing.start();
    const burst: LibraryEvent[] = Array.from({ length: 300 }, (_, i) => ({
      type: 'link',
      userId: 'user-c',
      linkId: `closing-${i}-${'y'.repeat(60)}`,
    }));
    for (const event of burst) closing.publish(event);
    await closing.close();

    const older: LibraryEvent = { type: 'link-deleted', userId: 'user-c', linkId: 'from-an-older-process' };
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('SELECT pg_notify($1, $2)', ['linkvault_events', JSON.stringify(older)]);
    } finally {
      await client.end();
    }

    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(burst.length + 1);
    expect(received).toEqual([...burst, older]);
  });
});

describe('PostgreSQL event bus against a database that never answers', () => {
  it('gives up within its connect timeout instead of holding start-up', async () => {
    const silent = await silentServer();
    try {
      const bus = new PostgresEventBus(
        `postgres://lv@127.0.0.1:${silent.port}/linkvault`,
        createLogger('silent'),
        300,
      );
      // Rejected at all, by the connect timeout: without one, start() waits for ever.
      await expect(bus.start()).rejects.toThrow(/timeout/i);
      await bus.close();
    } finally {
      await silent.close();
    }
  });
});
