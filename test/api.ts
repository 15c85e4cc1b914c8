import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Folder, Link, Snippet } from '../contracts/index.js';
import type { Database } from '../server/db/database.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

let pages = 0;

/** Sends requests as one signed-in user (or as nobody when `session` is null). */
export function clientFor(app: FastifyInstance, session: { access_token: string } | null) {
  const send = (method: Method, url: string, payload?: unknown, extra: Partial<InjectOptions> = {}) =>
    app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }),
      ...extra,
      headers: {
        ...(session && { authorization: `Bearer ${session.access_token}` }),
        ...extra.headers,
      },
    });
  return {
    send,
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload),
    patch: (url: string, payload?: unknown) => send('PATCH', url, payload),
    delete: (url: string) => send('DELETE', url),

    /** Creates and returns the created entity, failing loudly when the server refuses. */
    async folder(body: Partial<{ name: string; color: string }> = {}): Promise<Folder> {
      return created(await send('POST', '/api/folders', { name: 'Folder', color: 'blue', ...body }));
    },
    /** A new page each time unless `url` is given: saving a saved page again answers 409 (API.md). */
    async link(body: Record<string, unknown> = {}): Promise<Link> {
      pages += 1;
      return created(await send('POST', '/api/links', { url: `https://example.com/page-${pages}`, ...body }));
    },
    async snippet(body: Record<string, unknown> = {}): Promise<Snippet> {
      return created(
        await send('POST', '/api/snippets', {
          pageUrl: 'https://example.com/page',
          selectedText: 'Some selected text',
          ...body,
        }),
      );
    },
  };
}
export type Client = ReturnType<typeof clientFor>;

function created<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

/** API.md "Conventions": every error is `{error: {code, message, details?}}` with a human message. */
export function expectError(res: LightMyRequestResponse, status: number, code?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toEqual({
    code: code ?? expect.stringMatching(/^[a-z]+(_[a-z]+)*$/),
    message: expect.stringMatching(/\S/),
    ...(body.error.details !== undefined && {
      details: expect.arrayContaining([{ field: expect.any(String), message: expect.any(String) }]),
    }),
  });
}

export const expectNotFound = (res: LightMyRequestResponse) => expectError(res, 404, 'not_found');

export function expectUnauthenticated(res: LightMyRequestResponse): void {
  expectError(res, 401, 'unauthenticated');
  expect(res.json().error.message).toBe('User not authenticated');
}

/** Follows `nextCursor` until the end; returns every page's items in order and the number of pages. */
export async function allPages<T>(client: Client, path: string, limit: number) {
  const items: T[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const cursorParam: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await client.get(`${path}${sep}limit=${limit}${cursorParam}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ items: T[]; nextCursor: string | null }>();
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
    if (pages > 100) throw new Error('paging does not end');
  } while (cursor);
  return { items, pages };
}

/** Newest first (API.md): createdAt descending, ties broken by id descending. */
export function expectNewestFirst(items: { createdAt: string; id: string }[]): void {
  const sorted = [...items].sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
  );
  expect(items.map((i) => i.id)).toEqual(sorted.map((i) => i.id));
}

const DATA_TABLES = [
  'users',
  'auth_sessions',
  'refresh_tokens',
  'access_tokens',
  'folders',
  'folder_members',
  'links',
  'snippets',
  'link_ingest_jobs',
  'link_tags',
  'user_tags',
  'oauth_apps',
] as const;

/** Every row of every data table, in a stable order: compare two snapshots to prove nothing was written. */
export async function snapshot(database: Database): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of DATA_TABLES) {
    const rows = await database.db.selectFrom(table).selectAll().execute();
    result[table] = rows
      .map((row) => JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))
      .sort();
  }
  return result;
}

/** Lets the clock move on, so that two writes get different timestamps. */
export const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));
