import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { expectError } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { freshDatabase } from '../../test/database.js';
import { buildApp, buildServices } from '../app.js';
import { testConfig } from '../config.js';
import { testLogger } from '../../test/logs.js';

type Operation = { responses?: Record<string, unknown>; tags?: string[] };
type OpenApi = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('operations', () => {
  const ctx = useTestApp();

  it.each([
    { url: '/healthz', body: { status: 'ok' } },
    { url: '/readyz', body: { status: 'ready' } },
  ])('$url answers 200 without authentication', async ({ url, body }) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
  });

  // The app-wide token lookup ran first, and answered 500 when it failed.
  it.each(['/healthz', '/readyz'])('%s never looks at credentials', async (url) => {
    const { access_token: token } = await signUp(ctx.app);
    const lookup = vi.spyOn(ctx.services.accounts, 'authenticate');
    try {
      for (const authorization of [
        `Bearer ${token}`,
        'Bearer not-a-token',
        'Bearer',
        'Basic Zm9vOmJhcg==',
        '%%%',
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization } });
        expect(res.statusCode, authorization).toBe(200);
      }
      expect(lookup).not.toHaveBeenCalled();
    } finally {
      lookup.mockRestore();
    }
  });

  // Its write probe waited behind SQLite's single connection, so a transaction longer than its
  // deadline (an import's batch) made /readyz answer 503 under load.
  it('/readyz stays ready while a write transaction holds the database', async () => {
    let begun = () => {};
    let finish = () => {};
    const holding = new Promise<void>((resolve) => (begun = resolve));
    const transaction = ctx.database.db.transaction().execute(async (trx) => {
      await sql`UPDATE users SET email = email`.execute(trx);
      begun();
      await new Promise<void>((resolve) => (finish = resolve));
    });
    try {
      await holding;
      const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      finish();
      await transaction;
    }
  });

  it('/readyz answers 503 in the error shape when the database is unreachable', async () => {
    const fresh = await freshDatabase();
    const deps = { config: testConfig(), database: fresh.database, logger: testLogger() };
    const services = buildServices(deps);
    const app = await buildApp(deps, services);
    await services.start();
    try {
      await fresh.database.close();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expectError(res, 503, 'unavailable');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const authorization = 'Bearer some-token';
      expectError(await app.inject({ method: 'GET', url: '/readyz', headers: { authorization } }), 503);
      expect(
        (await app.inject({ method: 'GET', url: '/healthz', headers: { authorization } })).statusCode,
      ).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await services.close();
      await app.close();
      await fresh.drop().catch(() => undefined);
    }
  });

  describe('GET /api/openapi.json', () => {
    const fetchDocument = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      return res.json<OpenApi>();
    };

    it('is an OpenAPI 3 document', async () => {
      const doc = await fetchDocument();
      expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
      expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
      expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
      for (const [path, item] of Object.entries(doc.paths)) {
        expect(path).toMatch(/^\//);
        for (const [method, operation] of Object.entries(item)) {
          if (method === 'parameters') continue;
          expect(HTTP_METHODS, `${method} ${path}`).toContain(method);
          expect(Object.keys(operation.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
        }
        for (const name of path.match(/\{(\w+)\}/g) ?? []) {
          const parameters = Object.values(item).flatMap(
            (op) => (op as { parameters?: { name: string; in: string }[] }).parameters ?? [],
          );
          expect(parameters, `${path} documents ${name}`).toContainEqual(
            expect.objectContaining({ name: name.slice(1, -1), in: 'path' }),
          );
        }
      }
      expect(JSON.stringify(doc)).not.toMatch(/"\$ref":"#\/(?!components\/)/);
    });

    it.each([
      ['/api/links', ['get', 'post']],
      ['/api/links/{id}', ['get', 'patch', 'delete']],
      ['/api/links/{id}/enrich', ['post']],
      ['/api/folders', ['get', 'post']],
      ['/api/folders/{id}', ['patch', 'delete']],
      ['/api/snippets', ['get', 'post']],
      ['/api/snippets/{id}', ['patch', 'delete']],
      ['/api/search', ['get']],
      ['/api/stats', ['get']],
      ['/api/auth/signup', ['post']],
      ['/api/auth/login', ['post']],
      ['/api/auth/refresh', ['post']],
      ['/api/auth/logout', ['post']],
      ['/api/auth/user', ['get']],
    ])('lists %s with %j', async (path, methods) => {
      const doc = await fetchDocument();
      expect(Object.keys(doc.paths)).toContain(path);
      expect(Object.keys(doc.paths[path] ?? {})).toEqual(expect.arrayContaining(methods));
    });

    it('documents the bearer scheme', async () => {
      const doc = (await fetchDocument()) as OpenApi & { components?: { securitySchemes?: object } };
      expect(doc.components?.securitySchemes).toMatchObject({ bearer: { type: 'http', scheme: 'bearer' } });
    });
  });
});
