import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from '../../test/api.js';
import { signUp } from '../../test/app.js';
import { TEST_PASSWORD } from '../../test/credentials.js';
import { freshDatabase } from '../../test/database.js';
import { secretsIn } from '../../test/log-check.js';
import { REFRESH_COOKIE } from '../accounts/accounts.routes.js';
import { buildApp, buildServices } from '../app.js';
import { type LogFormat, testConfig } from '../config.js';
import { createLogger } from '../logging/logger.js';

/** The real app logging `format` lines into `lines`, with a route that fails, listening on 127.0.0.1. */
function useLoggingApp(format: LogFormat) {
  const ctx = { lines: [] as string[], app: undefined as unknown as FastifyInstance, origin: '' };
  let close = () => Promise.resolve();
  beforeAll(async () => {
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        ctx.lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const fresh = await freshDatabase();
    const deps = {
      config: testConfig(),
      database: fresh.database,
      logger: createLogger('info', format, capture),
    };
    const services = buildServices(deps);
    ctx.app = await buildApp(deps, services);
    ctx.app.get('/api/test-failure', () => Promise.reject(new Error('the disk is on fire')));
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    ctx.origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    close = async () => {
      await services.close();
      await ctx.app.close();
      await fresh.drop();
    };
  });
  afterAll(() => close());
  return ctx;
}

interface Line {
  level: number;
  reqId?: string;
  msg: string;
  req?: { method: string; url: string; route?: string };
  res?: { statusCode: number };
  responseTime?: number;
  aborted?: boolean;
  err?: { message: string; stack: string };
}

describe('the request log (JSON)', () => {
  const ctx = useLoggingApp('json');
  const logged = () => ctx.lines.map((line) => JSON.parse(line) as Line);
  const linesOf = (reqId: string | undefined) => logged().filter((line) => line.reqId === reqId);

  it('logs one line per request: method, path without its query, route, status, time, request id', async () => {
    const me = await signUp(ctx.app);
    const res = await fetch(`${ctx.origin}/api/links?q=${encodeURIComponent('private search')}&limit=5`, {
      headers: { ...me.auth, cookie: `${REFRESH_COOKIE}=${me.refresh_token}` },
    });
    expect(res.status).toBe(200);

    const line = logged().find((entry) => entry.req?.url === '/api/links');
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.stringMatching(/^req-/) as string,
      req: { method: 'GET', url: '/api/links', route: '/api/links' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number) as number,
    });
    expect(linesOf(line?.reqId)).toHaveLength(1);
    const all = ctx.lines.join('\n');
    for (const secret of ['private search', me.access_token, me.refresh_token, TEST_PASSWORD]) {
      expect(all).not.toContain(secret);
    }
    expect(ctx.lines.flatMap(secretsIn)).toEqual([]);
  });

  it('logs the path alone of a URL that matches no route, or cannot be decoded', async () => {
    const secret = 'lvc_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    expect((await ctx.app.inject({ url: `/api/nowhere?code=${secret}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/%zz?code=${secret}` })).statusCode).toBe(400);
    const urls = logged().map((line) => line.req?.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/nowhere', '/api/%zz']));
    expect(ctx.lines.join('\n')).not.toContain(secret);
  });

  it("logs a public folder page's route, never its token: a real one, or one made up", async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const folder = await me.folder({ name: 'Shared reading' });
    const { url } = (await me.post(`/api/folders/${folder.id}/public`)).json<{ url: string }>();
    const token = new URL(url).pathname.split('/')[2] ?? '';
    const madeUp = 'not-a-token-but-still-private';
    for (const path of [`/s/${token}`, `/s/${token}/feed.atom`, `/s/${madeUp}`, `/s/${madeUp}/feed.atom`]) {
      await fetch(`${ctx.origin}${path}`);
    }
    await expect.poll(() => logged().filter((entry) => entry.req?.route?.startsWith('/s/')).length).toBe(4);
    const urls = logged().flatMap((entry) => (entry.req?.route?.startsWith('/s/') ? [entry.req.url] : []));
    expect(urls).toEqual([
      '/s/[Redacted]',
      '/s/[Redacted]/feed.atom',
      '/s/[Redacted]',
      '/s/[Redacted]/feed.atom',
    ]);
    const all = ctx.lines.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain(madeUp);
    expect(ctx.lines.flatMap(secretsIn)).toEqual([]);
  });

  it('logs a 500 once, at error level, with the error and its stack', async () => {
    expect((await ctx.app.inject({ url: '/api/test-failure' })).statusCode).toBe(500);
    const line = logged().find((entry) => entry.req?.url === '/api/test-failure');
    expect(line).toMatchObject({ level: 50, msg: 'request failed', res: { statusCode: 500 } });
    expect(line?.err?.message).toBe('the disk is on fire');
    expect(line?.err?.stack).toContain('request-log.test.ts');
    expect(linesOf(line?.reqId)).toHaveLength(1);
  });

  it('logs a request whose client went away: an event stream closed by the browser', async () => {
    const me = await signUp(ctx.app);
    await new Promise<void>((resolve, reject) => {
      const stream = request(`${ctx.origin}/api/events`, {
        headers: { cookie: `${REFRESH_COOKIE}=${me.refresh_token}` },
      });
      stream.on('response', (res) => res.once('data', () => (stream.destroy(), resolve())));
      stream.on('error', reject);
      stream.end();
    });
    await expect
      .poll(() => logged().find((entry) => entry.req?.url === '/api/events'))
      .toMatchObject({
        level: 30,
        msg: 'request abandoned by the client',
        aborted: true,
        res: { statusCode: 200 },
      });
    expect(ctx.lines.join('\n')).not.toContain(me.refresh_token);
  });
});

describe('the request log in a terminal (pretty)', () => {
  const ctx = useLoggingApp('pretty');

  it('is one readable line per request', async () => {
    ctx.lines.length = 0;
    const res = await ctx.app.inject({ url: '/api/links?q=private', headers: { authorization: 'Bearer x' } });
    expect(res.statusCode).toBe(401);
    expect(ctx.lines).toHaveLength(1);
    expect(ctx.lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: 401 GET \/api\/links [\d.]+ ms$/);
  });

  it('puts the stack of a 500 under its line', async () => {
    ctx.lines.length = 0;
    await ctx.app.inject({ url: '/api/test-failure' });
    expect(ctx.lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] ERROR: 500 GET \/api\/test-failure [\d.]+ ms/);
    expect(ctx.lines.join('\n')).toContain('Error: the disk is on fire');
  });
});
