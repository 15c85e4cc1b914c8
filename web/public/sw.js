/* global self, caches, fetch, Response, URL */
/**
 * Linkvault's service worker: it makes the app installable (and so a share target) and opens it a little
 * faster. It is deliberately small, in step with the server's caching headers:
 * - /assets/* are named by content hash and served as immutable: they are kept here and served from here;
 * - API answers are private and change: never touched, they always go to the network;
 * - index.html is revalidated on every load so a deploy reaches people at once: never kept; when the
 *   network is gone a navigation gets a short "you are offline" page instead of the browser's error.
 */
const ASSETS = 'linkvault-assets-v1';
/** Each deploy brings new asset names; the oldest kept ones go past this many. */
const MAX_ASSETS = 80;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name !== ASSETS).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(ASSETS).then(async (cache) => {
        const kept = await cache.match(request);
        if (kept) return kept;
        const response = await fetch(request);
        if (response.ok) {
          await cache.put(request, response.clone());
          const keys = await cache.keys();
          await Promise.all(
            keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => cache.delete(key)),
          );
        }
        return response;
      }),
    );
  } else if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => offlinePage()));
  }
});

function offlinePage() {
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><title>Offline · Linkvault</title>
<body style="font:16px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;padding:24px;text-align:center">
<div><h1 style="font-size:20px">You are offline</h1><p>Linkvault needs a connection. It will be here when you are back.</p>
<a href="">Try again</a></div></body></html>`;
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
}
