import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** A Chromium extension id (32 letters a-p) or a Firefox extension's per-install UUID. */
const EXTENSION_ORIGIN = /^(chrome-extension:\/\/[a-p]{32}|moz-extension:\/\/[0-9a-f-]{36})$/;

/**
 * Whether a browser extension at `origin` may read the API's answers. With an allow-list (EXTENSION_ORIGINS)
 * only those origins; without one, any Chromium or Firefox extension. That default is safe because:
 * - every data route needs a bearer token, which an extension only holds after its user signed in to it;
 * - the answers never allow credentials (no Access-Control-Allow-Credentials), so the refresh cookie the
 *   web app uses cannot be spent by another origin, whatever the browser attaches;
 * - an extension with host permissions for the server is not bound by CORS at all, so this grants nothing
 *   such an extension lacks; it only lets the Linkvault extension work where the browser asks for CORS
 *   (Firefox until the user grants host access);
 * - web pages (http and https origins) are never allowed: a page cannot read the API from another origin.
 */
export function isAllowedExtensionOrigin(origin: string, allowList: readonly string[]): boolean {
  return allowList.length > 0 ? allowList.includes(origin) : EXTENSION_ORIGIN.test(origin);
}

/**
 * The OAuth endpoints a client calls itself (discovery, registration, token, revocation) and the MCP
 * endpoint: browser-based MCP clients call them from their own origin (MCP authorization spec). Any origin
 * may, because nothing there rides on cookies: each call carries its own code, token or bearer.
 */
const ASSISTANT_PATHS = /^\/(\.well-known\/oauth-[a-z-]+(\/mcp)?|oauth\/(register|token|revoke)|mcp)(\?|$)/;

/**
 * CORS: the browser extension on /api, any origin on the assistant endpoints; every other path and
 * origin gets no CORS headers. Credentials are never allowed.
 */
export async function registerCors(app: FastifyInstance, extensionOrigins: readonly string[]): Promise<void> {
  await app.register(fastifyCors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      if (origin !== undefined && ASSISTANT_PATHS.test(request.url)) {
        return callback(null, {
          origin: true,
          methods: ['GET', 'POST', 'DELETE'],
          allowedHeaders: ['authorization', 'content-type', 'mcp-protocol-version', 'mcp-session-id'],
          exposedHeaders: ['www-authenticate', 'mcp-session-id'],
          credentials: false,
          maxAge: 600,
        });
      }
      const allowed =
        request.url.startsWith('/api/') &&
        origin !== undefined &&
        isAllowedExtensionOrigin(origin, extensionOrigins);
      callback(null, {
        origin: allowed ? origin : false,
        methods: ['GET', 'POST', 'PATCH', 'DELETE'],
        allowedHeaders: ['authorization', 'content-type'],
        credentials: false,
        // Preflights are cached for 10 minutes (Chromium's own ceiling is 2 hours).
        maxAge: 600,
      });
    },
  });
}
