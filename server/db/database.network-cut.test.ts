import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, expectError } from '../../test/api.js';
import { signUp } from '../../test/app.js';
import { freshDatabase, testDialect } from '../../test/database.js';
import { cuttableProxy } from '../../test/tcp.js';
import { buildApp, buildServices } from '../app.js';
import { testConfig } from '../config.js';
import { type DatabaseTimeouts, openDatabase } from './database.js';
import { testLogger } from '../../test/logs.js';

/** Longer than any test may take: a deadline this long never answers, so another one must have. */
const NEVER_MS = 10 * 60 * 1000;

/**
 * With the network to PostgreSQL cut, every request and /readyz hung for the whole outage.
 * Each app here reaches its database through a proxy whose network the test cuts and heals. No test
 * measures time: a request that hangs instead of answering fails by Vitest's timeout.
 */
describe.skipIf(testDialect() !== 'postgres')('PostgreSQL behind a cut network', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  const opened: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    fresh = await freshDatabase();
    proxy = await cuttableProxy(Number(new URL(fresh.url).port || 5432));
  });
  afterEach(async () => {
    proxy.heal();
    for (const close of opened.splice(0)) await close();
  });
  afterAll(async () => {
    await proxy.close();
    await fresh.drop();
  });

  /** The app over the proxy, and a person of its with a saved link. */
  async function proxiedApp(poolSize: number, timeouts: DatabaseTimeouts) {
    const proxied = new URL(fresh.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const database = openDatabase(proxied.toString(), { poolSize, timeouts });
    const deps = { config: testConfig(), database, logger: testLogger() };
    const services = buildServices(deps);
    const app: FastifyInstance = await buildApp(deps, services);
    await services.start();
    opened.push(async () => {
      await services.close();
      await app.close();
      await database.close();
    });
    const client = clientFor(app, await signUp(app));
    await client.link();
    return client;
  }

  it('/readyz answers 503 by its own deadline while the database does not answer', async () => {
    const client = await proxiedApp(5, { connectMs: NEVER_MS, statementMs: NEVER_MS });
    proxy.cut();
    expectError(await client.get('/readyz'), 503, 'unavailable');
    proxy.heal();
    expect((await client.get('/readyz')).statusCode).toBe(200);
  });

  it('requests answer 503 while cut, and are served once the network is back', async () => {
    const client = await proxiedApp(5, { connectMs: 1000, statementMs: 1000 });
    proxy.cut();
    const [list, save] = await Promise.all([
      client.get('/api/links'),
      client.post('/api/links', { url: 'https://example.com/during-the-cut' }),
    ]);
    expectError(list, 503, 'unavailable');
    expectError(save, 503, 'unavailable');
    proxy.heal();

    expect((await client.get('/readyz')).statusCode).toBe(200);
    expect((await client.get('/api/links')).statusCode).toBe(200);
    expect((await client.post('/api/links', { url: 'https://example.com/after-the-cut' })).statusCode).toBe(
      201,
    );
  });

  // node-postgres leaves a query that timed out active on its connection, and the pool took the
  // connection back: every later query there queued behind an answer that never comes.
  it('a connection whose query never got an answer is not used again', async () => {
    // One connection: the request after the outage gets the one the lost query was sent on, if kept.
    const client = await proxiedApp(1, { connectMs: 1000, statementMs: 1000 });
    proxy.lose();
    expectError(await client.get('/api/links'), 503, 'unavailable');
    proxy.heal();

    expect((await client.get('/api/links')).statusCode).toBe(200);
    expect((await client.get('/readyz')).statusCode).toBe(200);
    expect((await client.post('/api/links', { url: 'https://example.com/after-the-loss' })).statusCode).toBe(
      201,
    );
  });
});
