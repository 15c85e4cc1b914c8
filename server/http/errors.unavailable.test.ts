import { type AddressInfo, connect, createServer } from 'node:net';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { clientFor, expectError } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { freshDatabase, testDialect } from '../../test/database.js';
import { buildApp, buildServices } from '../app.js';
import { testConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { fromDatabase } from '../db/origin.js';
import { installErrorHandling } from './errors.js';
import { testLogger } from '../../test/logs.js';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

/** An unavailable database is 503 `unavailable` with Retry-After, not 500 `internal`. */
describe('database errors', () => {
  const thrower = async (err: Error) => {
    const app = Fastify();
    installErrorHandling(app);
    app.get('/', () => Promise.reject(err));
    return app.inject({ method: 'GET', url: '/' });
  };

  it.each([
    ['a connection the server ended', coded('57P01', 'terminating connection due to administrator command')],
    ['a connection lost', new Error('Connection terminated unexpectedly')],
    [
      'a client broken by a lost connection',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a refused connection', coded('ECONNREFUSED')],
    ['a connection reset', coded('ECONNRESET')],
    ['a database host that does not resolve', coded('ENOTFOUND')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['a statement timeout', coded('57014', 'canceling statement due to statement timeout')],
    ['no answer at all', new Error('Query read timeout')],
    ['too many connections', coded('53300')],
    ['a busy SQLite file', coded('SQLITE_BUSY')],
    ['a read-only SQLite file', coded('SQLITE_READONLY')],
  ])('%s: 503 unavailable with Retry-After', async (_, err) => {
    const res = await thrower(fromDatabase(err));
    expectError(res, 503, 'unavailable');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    ['a bug', fromDatabase(new TypeError('x is undefined'))],
    ['a constraint', fromDatabase(coded('SQLITE_CONSTRAINT_UNIQUE'))],
    ['a syntax error', fromDatabase(coded('42601'))],
    // A client that drops its upload fails the route's read of the body with the same codes.
    ['a client gone mid-upload', coded('ECONNRESET', 'aborted')],
    ['a write to a client gone', coded('EPIPE', 'write EPIPE')],
    ['an error that only looks like a lost connection', new Error('Connection terminated unexpectedly')],
  ])('%s stays 500 internal', async (_, err) => {
    expectError(await thrower(err), 500, 'internal');
  });

  it('a connection its database host hangs up is 503: the database layer marks what it throws', async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const database = openDatabase(`postgres://lv@127.0.0.1:${port}/lv`, { poolSize: 1 });
    try {
      const err = await sql`SELECT 1`.execute(database.db).then(
        () => new Error('answered'),
        (e: unknown) => e as Error,
      );
      expectError(await thrower(err), 503, 'unavailable');
    } finally {
      await database.close();
      server.close();
    }
  });

  describe.skipIf(testDialect() !== 'sqlite')('on a SQLite database that stopped taking writes', () => {
    const ctx = useTestApp();

    it('a save answers 503 unavailable, a read still 200, and /readyz 503', async () => {
      const client = clientFor(ctx.app, await signUp(ctx.app));
      // SQLite's own switch: every write then fails as on a read-only file, whoever runs the tests.
      await sql`PRAGMA query_only = 1`.execute(ctx.database.db);
      try {
        expectError(await client.post('/api/links', { url: 'https://example.com/a' }), 503, 'unavailable');
        expect((await client.get('/api/links')).statusCode).toBe(200);
        expectError(await client.get('/readyz'), 503, 'unavailable');
      } finally {
        await sql`PRAGMA query_only = 0`.execute(ctx.database.db);
      }
      expect((await client.get('/readyz')).statusCode).toBe(200);
    });
  });

  describe.skipIf(testDialect() !== 'postgres')('on a PostgreSQL session that takes no writes', () => {
    it('/readyz answers 503 (a standby, or default_transaction_read_only)', async () => {
      const fresh = await freshDatabase();
      const url = new URL(fresh.url);
      url.searchParams.set('options', '-c default_transaction_read_only=on');
      const readOnly = openDatabase(url.toString(), { poolSize: 1 });
      const deps = { config: testConfig(), database: readOnly, logger: testLogger() };
      const services = buildServices(deps);
      const app = await buildApp(deps, services);
      await services.start();
      try {
        expectError(await app.inject({ method: 'GET', url: '/readyz' }), 503, 'unavailable');
      } finally {
        await services.close();
        await app.close();
        await readOnly.close();
        await fresh.drop();
      }
    });
  });
});

describe('while the server closes', () => {
  it('a request answers 503 unavailable in the error shape, with Retry-After', async () => {
    const fresh = await freshDatabase();
    const deps = { config: testConfig(), database: fresh.database, logger: testLogger() };
    const services = buildServices(deps);
    const app = await buildApp(deps, services);
    await services.start();
    let release = () => {};
    let started = () => {};
    const handling = new Promise<void>((resolve) => (started = resolve));
    app.get('/slow', () => {
      started();
      return new Promise((resolve) => (release = () => resolve({ status: 'done' })));
    });
    let answered = () => {};
    const readyAnswered = new Promise<void>((resolve) => (answered = resolve));
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.url === '/readyz') answered();
      done(null, payload);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (app.server.address() as { port: number }).port;
      const socket = connect(port, '127.0.0.1');
      let raw = '';
      socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      const ended = new Promise((resolve) => socket.on('end', resolve));
      socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
      await handling;
      const closed = app.close();
      // The same connection, still busy with /slow, so closing leaves it open: the request reaches the app.
      socket.write('GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n');
      await readyAnswered;
      release();
      await ended;
      await closed;
      const second = raw.slice(raw.indexOf('HTTP/1.1', 1));
      expect(second).toMatch(/^HTTP\/1\.1 503 /);
      expect(second).toMatch(/\r\nretry-after: \d+\r\n/i);
      const body = JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4)) as unknown;
      expect(body).toEqual({ error: { code: 'unavailable', message: expect.stringMatching(/\S/) } });
    } finally {
      await services.close();
      await app.close();
      await fresh.drop();
    }
  });
});
