import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, expectError } from '../../test/api.js';
import { signUp } from '../../test/app.js';
import { freshDatabase, testDialect } from '../../test/database.js';
import { cuttableProxy } from '../../test/tcp.js';
import { buildApp, buildServices, type Services } from '../app.js';
import { testConfig } from '../config.js';
import { type Database, openDatabase } from './database.js';

const TIMEOUTS = { connectMs: 1000, statementMs: 1000 };

/**
 * Issue 14.11: with the network to PostgreSQL cut, every request and /readyz hung for the whole outage.
 * The app here reaches its database through a proxy whose network the test cuts and heals.
 */
describe.skipIf(testDialect() !== 'postgres')('PostgreSQL behind a cut network', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let database: Database;
  let services: Services;
  let app: FastifyInstance;

  beforeAll(async () => {
    fresh = await freshDatabase();
    const direct = new URL(fresh.url);
    proxy = await cuttableProxy(Number(direct.port || 5432));
    const proxied = new URL(fresh.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    database = openDatabase(proxied.toString(), { poolSize: 5, timeouts: TIMEOUTS });
    const deps = { config: testConfig(), database };
    services = buildServices(deps);
    app = await buildApp(deps, services);
    await app.ready();
  });
  afterAll(async () => {
    proxy.heal();
    await services.close();
    await app.close();
    await database.close();
    await proxy.close();
    await fresh.drop();
  });

  it('answers 503 within the timeouts while cut, and serves again once the network is back', async () => {
    const client = clientFor(app, await signUp(app));
    await client.link();
    proxy.cut();
    try {
      let started = Date.now();
      expectError(await client.get('/readyz'), 503, 'unavailable');
      expect(Date.now() - started).toBeLessThan(1000);

      started = Date.now();
      const [list, save] = await Promise.all([
        client.get('/api/links'),
        client.post('/api/links', { url: 'https://example.com/during-the-cut' }),
      ]);
      expectError(list, 503, 'unavailable');
      expectError(save, 503, 'unavailable');
      // The statement timeout, and the margin the client waits past it for an answer that never comes.
      expect(Date.now() - started).toBeLessThan(TIMEOUTS.statementMs + 2000 + 1500);
    } finally {
      proxy.heal();
    }

    const deadline = Date.now() + 10_000;
    while ((await client.get('/readyz')).statusCode !== 200) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await client.get('/api/links')).statusCode).toBe(200);
    expect((await client.post('/api/links', { url: 'https://example.com/after-the-cut' })).statusCode).toBe(
      201,
    );
  });
});
