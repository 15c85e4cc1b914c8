import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readabilityCases } from './quality/corpus.js';

/**
 * Real pages (the Readability corpus) for any path on 127.0.0.1, after a site's delay (50-400 ms); one
 * path in 30 is gone (404), as in a real library of old bookmarks. Paths under /fresh/ are all there. The
 * page, the delay and whether it is gone follow from the path, so a page is the same each time it is asked.
 */
export function servePages(): Promise<Server & { origin: string }> {
  const pages = readabilityCases().map((page) => page.html);
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    let hash = 0;
    for (const char of path) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    setTimeout(
      () => {
        if (hash % 30 === 0 && !path.startsWith('/fresh/'))
          res.writeHead(404, { 'content-type': 'text/plain' }).end('gone');
        else
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[hash % pages.length]);
      },
      50 + (hash % 350),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(
        Object.assign(server, { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
      ),
    ),
  );
}
