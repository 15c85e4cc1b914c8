import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Serves test pages on 127.0.0.1 (tests never touch the internet); routes can be added per test. */
export function usePageServer(routes: Record<string, Handler> = {}) {
  const server = createServer((req, res) => {
    const handler = routes[req.url ?? ''];
    if (handler) return handler(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  const ctx = {
    routes,
    origin: '',
    url: (path: string) => `${ctx.origin}${path}`,
  };
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ctx.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return ctx;
}

export const html =
  (body: string, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
  };
