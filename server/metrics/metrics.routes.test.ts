import { type IncomingMessage, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Import } from '../../contracts/index.js';
import { clientFor, expectError } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { testDialect } from '../../test/database.js';
import { bookmarkFileUpload } from '../../test/multipart.js';
import { html, usePageServer } from '../../test/page-server.js';
import { parseMetrics, sumOf } from '../../test/prometheus.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('GET /metrics without METRICS_TOKEN', () => {
  const ctx = useTestApp();

  it('is off: a 404, whatever the request carries', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      expectError(await ctx.app.inject({ method: 'GET', url: '/metrics', headers }), 404, 'not_found');
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const pages = usePageServer({
    '/article': html('<title>An article</title><p>Some text to keep.</p>'),
    '/busy': (_req, res) => void res.writeHead(503).end(),
  });
  const ctx = useTestApp({ metricsToken: TOKEN, fetchAllow: ['127.0.0.1'] });
  let origin = '';
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  const scrape = async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { text: res.body, samples: parseMetrics(res.body) };
  };
  const valueOf = async (name: string, labels: Record<string, string> = {}) =>
    sumOf((await scrape()).samples, name, labels);

  it('answers 401 in the API error shape without the token, or with any other', async () => {
    const session = await signUp(ctx.app);
    for (const authorization of [
      undefined,
      'Bearer wrong-token-of-the-same-kind-01234',
      `Bearer ${TOKEN}x`,
      `Bearer ${session.access_token}`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expectError(res, 401, 'unauthenticated');
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
  });

  it("answers Prometheus' text format: the app's metrics and the process's", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const name of [
      'linkvault_http_requests_total',
      'linkvault_http_request_duration_seconds',
      'linkvault_links_saved_total',
      'linkvault_enrichment_jobs_total',
      'linkvault_queue_depth',
      'linkvault_queue_oldest_due_age_seconds',
      'linkvault_jobs_running',
      'linkvault_sse_clients',
      'linkvault_imports',
      'linkvault_imports_running_entries',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
    ]) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
  });

  it('counts a save, and times requests by route pattern, never the URL', async () => {
    const session = await signUp(ctx.app);
    const me = clientFor(ctx.app, session);
    const before = await valueOf('linkvault_links_saved_total', { source: 'api' });
    const link = await me.link({ url: pages.url('/saved') });
    expect(await valueOf('linkvault_links_saved_total', { source: 'api' })).toBe(before + 1);
    expect((await me.get(`/api/links/${link.id}?access_token=secret-in-a-query`)).statusCode).toBe(200);
    expect((await me.get('/api/no-such-route/secret-in-a-path')).statusCode).toBe(404);

    const { text, samples } = await scrape();
    const route = { route: '/api/links/:id', method: 'GET', status_code: '200' };
    expect(sumOf(samples, 'linkvault_http_requests_total', route)).toBeGreaterThanOrEqual(1);
    expect(sumOf(samples, 'linkvault_http_request_duration_seconds_count', route)).toBe(
      sumOf(samples, 'linkvault_http_requests_total', route),
    );
    expect(
      sumOf(samples, 'linkvault_http_request_duration_seconds_bucket', { ...route, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sumOf(samples, 'linkvault_http_requests_total', { route: '/api/links', method: 'POST' })).toBe(
      sumOf(samples, 'linkvault_links_saved_total', { source: 'api' }),
    );
    expect(
      sumOf(samples, 'linkvault_http_requests_total', { route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    // Scrapes are Prometheus' to record (its up and scrape_duration_seconds series).
    expect(sumOf(samples, 'linkvault_http_requests_total', { route: '/metrics' })).toBe(0);
    const routes = new Set(samples.map((s) => s.labels.route).filter(Boolean));
    expect([...routes].filter((r) => !r?.startsWith('/') && r !== 'unmatched')).toEqual([]);
    for (const secret of [
      TOKEN,
      session.access_token,
      session.refresh_token,
      link.id,
      'secret-in-a-query',
      'secret-in-a-path',
      'correct horse battery',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('reads the queue from the database: its depth and how long its oldest job has waited', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const fresh = { priority: 'fresh' };
    const before = await scrape();
    for (const path of ['/article', '/gone', '/busy']) await me.link({ url: pages.url(path) });
    const queued = await scrape();
    expect(sumOf(queued.samples, 'linkvault_queue_depth', fresh)).toBe(
      sumOf(before.samples, 'linkvault_queue_depth', fresh) + 3,
    );
    expect(sumOf(queued.samples, 'linkvault_queue_depth', { priority: 'backlog' })).toBe(0);
    const waited = sumOf(queued.samples, 'linkvault_queue_oldest_due_age_seconds', fresh);
    expect(waited).toBeGreaterThanOrEqual(0);
    expect(waited).toBeLessThan(60);
    expect(sumOf(queued.samples, 'linkvault_jobs_running')).toBe(0);

    while (await ctx.services.workers.runOnce());
    const after = await scrape();
    const ended = (end: string) =>
      sumOf(after.samples, 'linkvault_enrichment_jobs_total', { kind: 'enrich', end }) -
      sumOf(before.samples, 'linkvault_enrichment_jobs_total', { kind: 'enrich', end });
    expect(ended('done')).toBe(1);
    // The page that is gone (404) fails for good; the busy one (503) is due again later.
    expect(ended('failed')).toBeGreaterThanOrEqual(1);
    expect(ended('retried')).toBe(1);
    expect(sumOf(after.samples, 'linkvault_queue_depth', fresh)).toBe(1);
    expect(sumOf(after.samples, 'linkvault_queue_oldest_due_age_seconds', fresh)).toBe(0);

    // Migration 0014's pages to keep wait at a lower priority, shown while any wait.
    const jobs = ctx.database.db.updateTable('link_ingest_jobs').where('status', '=', 'queued');
    await jobs.set({ priority: 2 }).execute();
    const upkeep = await scrape();
    expect(sumOf(upkeep.samples, 'linkvault_queue_depth', { priority: 'upkeep' })).toBe(1);
    expect(sumOf(upkeep.samples, 'linkvault_queue_depth', fresh)).toBe(0);
    await jobs.set({ priority: 0 }).execute();
    const back = (await scrape()).samples.filter((s) => s.name === 'linkvault_queue_depth');
    expect(back.map((s) => s.labels.priority)).toEqual(['fresh', 'backlog']);
  });

  it('reads the imports under way from the database, and counts what they save', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const { payload, headers } = bookmarkFileUpload(5);
    const upload = await me.send('POST', '/api/imports', payload, { headers });
    expect(upload.statusCode, upload.body).toBe(202);
    const id = upload.json<Import>().id;
    expect(await valueOf('linkvault_imports', { status: 'queued' })).toBe(1);

    const saved = await valueOf('linkvault_links_saved_total', { source: 'import' });
    while (await ctx.services.importRunner.runOnce());
    expect((await me.get(`/api/imports/${id}`)).json<Import>()).toMatchObject({ status: 'done', created: 5 });
    const { samples } = await scrape();
    expect(sumOf(samples, 'linkvault_links_saved_total', { source: 'import' })).toBe(saved + 5);
    expect(sumOf(samples, 'linkvault_imports')).toBe(0);
    expect(sumOf(samples, 'linkvault_queue_depth', { priority: 'backlog' })).toBe(5);

    // Caught halfway: its file counted, three of its five entries written.
    const imports = () => ctx.database.db.updateTable('imports').where('id', '=', id);
    await imports().set({ status: 'running', processed: 3 }).execute();
    try {
      const running = await scrape();
      expect(sumOf(running.samples, 'linkvault_imports', { status: 'running' })).toBe(1);
      expect(sumOf(running.samples, 'linkvault_imports_running_entries')).toBe(5);
      expect(sumOf(running.samples, 'linkvault_imports_running_entries_processed')).toBe(3);
    } finally {
      await imports().set({ status: 'done', processed: 5 }).execute();
    }
  });

  it('counts the event streams open in this process', async () => {
    const session = await signUp(ctx.app);
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      get(
        `${origin}/api/events`,
        { headers: { authorization: `Bearer ${session.access_token}` } },
        resolve,
      ).on('error', reject);
    });
    expect(res.statusCode).toBe(200);
    expect(await valueOf('linkvault_sse_clients')).toBe(1);
    res.destroy();
    for (let i = 0; i < 100 && (await valueOf('linkvault_sse_clients')) !== 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await valueOf('linkvault_sse_clients')).toBe(0);
  });

  it.runIf(testDialect() === 'postgres')(
    "shows PostgreSQL's pool: its size, its connections, its waits",
    async () => {
      const { samples } = await scrape();
      expect(sumOf(samples, 'linkvault_db_pool_max_connections')).toBe(5);
      expect(sumOf(samples, 'linkvault_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sumOf(samples, 'linkvault_db_pool_waiting')).toBe(0);
    },
  );

  it('stays out of the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(Object.keys(doc.paths)).toContain('/api/links');
  });
});
