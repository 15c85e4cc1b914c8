import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/database.js';
import { buildApp, buildServices } from '../app.js';
import { testConfig } from '../config.js';
import { testLogger } from '../../test/logs.js';

/** A partial or dribbled body no longer holds a socket for minutes. */
describe('request timeouts over real HTTP', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let port: number;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    const deps = {
      config: testConfig(),
      database: fresh.database,
      logger: testLogger(),
      httpTimeouts: { idleMs: 1000, requestMs: 60_000, jsonBodyMs: 1500 },
    };
    const services = buildServices(deps);
    app = await buildApp(deps, services);
    await services.start();
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    close = async () => {
      await services.close();
      await app.close();
      await fresh.drop();
    };
  });
  afterAll(() => close());

  /**
   * Sends the headers of a login with a 100-byte body, then `body` (a byte every `everyMs` when given);
   * resolves with what the server answered and how long until it closed the connection.
   */
  function partialLogin(body: string, everyMs?: number): Promise<{ answer: string; closedAfterMs: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        clearInterval(dribble);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      );
      let sent = 0;
      if (everyMs === undefined) socket.write(body);
      const dribble =
        everyMs === undefined
          ? undefined
          : setInterval(() => {
              if (sent < body.length && !socket.destroyed) socket.write(body[sent++] ?? '');
            }, everyMs);
    });
  }

  it('closes a connection whose body stops arriving', async () => {
    // Closed at all (the test's own timeout bounds it), and not before the connection was idle.
    const { closedAfterMs } = await partialLogin('{"email":"a@');
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
  });

  it('answers 408 in the API error shape to a body sent a byte at a time, and closes the connection', async () => {
    // A byte every 100 ms: never idle for the 1 s idle limit, however loaded the machine.
    const { answer } = await partialLogin(`{"email":"${'a'.repeat(90)}"}`, 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(answer.slice(answer.indexOf('{')))).toEqual({
      error: { code: 'request_timeout', message: 'The request body did not arrive in time' },
    });
  });

  it('never times a request without a body (its stream is never read)', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    // Past the deadline: a timer left running would fail an unread stream with nobody listening.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it('still takes a body that arrives in time', async () => {
    // Read and judged (a 400 naming the field), with no password to hash: argon2 on a loaded machine
    // can keep the socket quiet past this server's one-second idle limit.
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not an e-mail', password: 'not the password' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { details: { field: string }[] } }).error.details[0]?.field).toBe(
      'email',
    );
  });
});
