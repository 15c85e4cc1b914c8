import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { SafeFetcher } from '../fetch/safe-fetcher.js';
import { LinkAvailabilityRepository } from '../library/link-availability.repository.js';
import { RateLimitRepository } from '../ratelimit/rate-limit.repository.js';
import { RateLimiter } from '../ratelimit/rate-limit.service.js';
import { LibraryNotifier } from '../realtime/notifier.js';
import { LocalEventBus } from '../realtime/event-bus.js';
import { type AvailabilityOptions, AvailabilityChecks } from './availability-checks.js';

/** Every request the sites below received: which host, how, when. */
interface Hit {
  host: string;
  method: string;
  path: string;
  at: number;
}

/** API.md "Reading, organising and finding": links are re-checked politely and marked broken when gone. */
describe('availability checks', () => {
  const hits: Hit[] = [];
  let port = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').split(':')[0] ?? '';
    const path = req.url ?? '';
    hits.push({ host, method: req.method ?? '', path, at: Date.now() });
    if (path.startsWith('/gone')) return res.writeHead(404).end();
    if (path.startsWith('/no-head') && req.method === 'HEAD') return res.writeHead(405).end();
    if (path.startsWith('/flaky')) return res.writeHead(503).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>here</p>');
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ctx = useTestApp();
  /** Names under .test resolve to the local server; .invalid names to nothing (no such host). */
  const fetcher = () =>
    new SafeFetcher(['127.0.0.1'], {
      resolver: (hostname) =>
        hostname.endsWith('.test')
          ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
          : Promise.reject(
              Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
            ),
    });
  const checks = (options: Partial<AvailabilityOptions>) =>
    new AvailabilityChecks(
      new LinkAvailabilityRepository(ctx.database.db, ctx.database.dialect),
      new RateLimiter(new RateLimitRepository(ctx.database.db)),
      fetcher(),
      new LibraryNotifier(new LocalEventBus(), () => undefined),
      ctx.app.log,
      { perSecond: 4, hostIntervalSeconds: 1, everyMs: 0, batch: 50, idleMs: 10, ...options },
    );
  const url = (host: string, path: string) => `http://${host}:${port}${path}`;

  it('marks pages there ok, and gone ones broken after three checks in a row, one check at a time', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const there = await me.link({ url: url('a.test', '/story') });
    const noHead = await me.link({ url: url('b.test', '/no-head') });
    const gone = await me.link({ url: url('c.test', '/gone') });
    const noHost = await me.link({ url: 'http://no-such-site.invalid/page' });
    const flaky = await me.link({ url: url('d.test', '/flaky') });
    const availability = async (id: string) => (await me.get(`/api/links/${id}`)).json().availability;
    const checker = checks({});
    try {
      expect(await checker.runOnce()).toBe(true);
      expect(await availability(there.id)).toBe('ok');
      expect(await availability(noHead.id)).toBe('ok');
      expect(hits.filter((h) => h.host === 'b.test').map((h) => h.method)).toEqual(['HEAD', 'GET']);
      expect(hits.filter((h) => h.host === 'a.test').map((h) => h.method)).toEqual(['HEAD']);
      for (const id of [gone.id, noHost.id, flaky.id]) expect(await availability(id)).toBe('unknown');

      await checker.runOnce();
      expect(await availability(gone.id)).toBe('unknown');
      await checker.runOnce();
      expect(await availability(gone.id)).toBe('broken');
      expect(await availability(noHost.id)).toBe('broken');
      // A server error says nothing sure: never broken for it.
      expect(await availability(flaky.id)).toBe('unknown');
      expect((await me.get(`/api/links/${gone.id}`)).json().checkedAt).toEqual(expect.any(String));

      const broken = (await me.get('/api/links?availability=broken'))
        .json()
        .items.map((l: { id: string }) => l.id);
      expect(broken.sort()).toEqual([gone.id, noHost.id].sort());
    } finally {
      await checker.close();
    }
  });

  it('never exceeds its request rate in all, nor one request per host per interval', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    await ctx.database.db.updateTable('links').set({ checked_at: new Date().toISOString() }).execute();
    for (let i = 0; i < 6; i += 1) await me.link({ url: url(`host${i % 3}.test`, `/page-${i}`) });
    for (let i = 0; i < 6; i += 1) await me.link({ url: url(`solo${i}.test`, `/page`) });
    hits.length = 0;
    const perSecond = 4;
    const checker = checks({ perSecond, hostIntervalSeconds: 1, everyMs: 60_000 });
    try {
      while (await checker.runOnce());
    } finally {
      await checker.close();
    }
    expect(hits).toHaveLength(12);
    const times = hits.map((h) => h.at).sort((a, b) => a - b);
    for (const [i, at] of times.entries()) {
      expect(
        times.filter((t) => t >= at && t < at + 1000).length,
        `the second from request ${i}`,
      ).toBeLessThanOrEqual(perSecond);
    }
    for (const host of ['host0.test', 'host1.test', 'host2.test']) {
      const [first, second] = hits.filter((h) => h.host === host).map((h) => h.at);
      expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(1000);
    }
  });
});
