import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';

const dist = mkdtempSync(join(tmpdir(), 'lv-web-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Linkvault</title><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

describe('serving the web app', () => {
  const ctx = useTestApp({ webDist: dist });
  const get = (url: string, method: 'GET' | 'POST' = 'GET') => ctx.app.inject({ method, url });

  it.each([
    '/',
    '/app',
    '/app/search?q=x',
    '/privacy',
    '/callback?code=1',
    '/oauth/consent',
    '/no/such/page',
  ])('answers the client route %s with index.html, revalidated on every load', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it.each(['/healthz', '/api/links', '/api/no-such-route'])(
    'sends the same security headers on API answers and errors (%s)',
    async (url) => {
      const res = await get(url);
      const csp = String(res.headers['content-security-policy']).split(';').sort();
      expect(csp).toEqual([
        "base-uri 'self'",
        "connect-src 'self'",
        "default-src 'self'",
        "font-src 'self' https: data:",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "img-src 'self' data: https: http:",
        "object-src 'none'",
        "script-src 'self'",
        "script-src-attr 'none'",
        "style-src 'self' 'unsafe-inline'",
      ]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    },
  );

  it('over plain http, asks the browser neither to upgrade requests to https nor to remember https', async () => {
    const res = await get('/app');
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/oauth/token'],
    ['GET', '/.well-known/unknown'],
    // Metrics off (no METRICS_TOKEN): a scraper is told so, not handed the app's page.
    ['GET', '/metrics'],
    // A chunk of an earlier build: index.html under its name would be cached as immutable JS (and by sw.js).
    ['GET', '/assets/index-gone1.js'],
    ['POST', '/app'],
  ] as const)('keeps %s %s a JSON 404', async (method, url) => {
    const res = await get(url, method);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('serving the web app behind https (PUBLIC_URL)', () => {
  const ctx = useTestApp({ webDist: dist, publicUrl: 'https://links.example.com' });

  it('asks the browser to upgrade requests and to remember https', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/app' });
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
