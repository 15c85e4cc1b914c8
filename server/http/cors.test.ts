import { describe, expect, it } from 'vitest';
import { clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { isAllowedExtensionOrigin } from './cors.js';

const CHROME = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const FIREFOX = 'moz-extension://0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';

const preflight = (origin: string, url = '/api/links') => ({
  method: 'OPTIONS' as const,
  url,
  headers: {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'authorization,content-type',
  },
});

describe('CORS', () => {
  describe('with no allow-list', () => {
    const ctx = useTestApp();

    it.each([CHROME, FIREFOX])('answers the preflight of %s on /api', async (origin) => {
      const res = await ctx.app.inject(preflight(origin));
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-headers']).toBe('authorization, content-type');
      expect(res.headers['access-control-allow-methods']).toContain('PATCH');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('lets the extension read an authenticated answer, never with credentials', async () => {
      const session = await signUp(ctx.app);
      await clientFor(ctx.app, session).link({ url: 'https://cors.example/' });
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/links?url=https%3A%2F%2Fcors.example%2F',
        headers: { origin: CHROME, ...session.auth },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toHaveLength(1);
      expect(res.headers['access-control-allow-origin']).toBe(CHROME);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers.vary).toContain('Origin');
    });

    it.each([
      'https://evil.example',
      'http://127.0.0.1:5173',
      'null',
      'chrome-extension://not-an-extension-id',
      `${CHROME}.evil.example`,
    ])('gives a web page or look-alike origin no CORS headers: %s', async (origin) => {
      const res = await ctx.app.inject(preflight(origin));
      expect(res.statusCode).toBe(404);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const get = await ctx.app.inject({ method: 'GET', url: '/api/links', headers: { origin } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('adds nothing outside /api and the assistant endpoints', async () => {
      for (const url of ['/healthz', '/app', '/oauth/authorize', '/oauth/tokens', '/mcpx']) {
        const res = await ctx.app.inject(preflight(CHROME, url));
        expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      }
    });
  });

  describe('on the assistant endpoints', () => {
    const ctx = useTestApp();

    it.each([
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource/mcp',
      '/oauth/register',
      '/oauth/token',
      '/oauth/revoke',
      '/mcp',
    ])('lets any origin call %s, without credentials', async (url) => {
      const res = await ctx.app.inject(preflight('https://inspector.example', url));
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://inspector.example');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('exposes the MCP challenge to a browser client', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { origin: 'https://inspector.example', 'content-type': 'application/json' },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['access-control-expose-headers']).toContain('www-authenticate');
    });
  });

  describe('with EXTENSION_ORIGINS', () => {
    const ctx = useTestApp({ extensionOrigins: [FIREFOX] });

    it('allows only the listed origins', async () => {
      expect((await ctx.app.inject(preflight(FIREFOX))).headers['access-control-allow-origin']).toBe(FIREFOX);
      const other = await ctx.app.inject(preflight(CHROME));
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  it('recognises extension origins exactly', () => {
    expect(isAllowedExtensionOrigin(CHROME, [])).toBe(true);
    expect(isAllowedExtensionOrigin(FIREFOX, [])).toBe(true);
    expect(isAllowedExtensionOrigin(`${CHROME}/`, [])).toBe(false);
    expect(isAllowedExtensionOrigin('safari-web-extension://x', [])).toBe(false);
    expect(isAllowedExtensionOrigin('https://my.example', ['https://my.example'])).toBe(true);
  });
});
