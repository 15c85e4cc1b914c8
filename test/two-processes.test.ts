import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Import } from '../contracts/index.js';
import { TEST_PASSWORD } from './credentials.js';
import { freshDatabase, testDialect } from './database.js';
import { openStream } from './event-stream.js';
import { type ServerProcess, startServerProcess } from './server-process.js';
import { waitFor } from './wait.js';
import type { Database } from '../server/db/database.js';
import { LOGIN_ATTEMPTS_PER_ACCOUNT } from '../server/accounts/accounts.service.js';

/** A Netscape bookmark file of `count` links on a host nothing is fetched from. */
function bookmarks(count: number, name: string): Blob {
  const entries = Array.from(
    { length: count },
    (_, i) => `<DT><A HREF="http://127.0.0.1:9/${name}/${i}">${name} ${i}</A>`,
  );
  return new Blob([['<!DOCTYPE NETSCAPE-Bookmark-file-1>', '<DL><p>', ...entries, '</DL><p>'].join('\n')], {
    type: 'text/html',
  });
}

/**
 * Two real server processes (server/main.ts) on one PostgreSQL database, each on its own port, so that a
 * test chooses which process answers: what one process does, the other sees, because live events go
 * through LISTEN/NOTIFY and sessions, rate limits and imports live in the database (README "Many web
 * processes"). `a` runs the workers and the import runner; `b` runs none, as a web process without a
 * share of WORKERS does. SQLite serves one process, so there is nothing to share there.
 */
describe.skipIf(testDialect() !== 'postgres')('two web processes on one PostgreSQL database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    database = fresh.database;
    drop = fresh.drop;
    [a, b] = await Promise.all([
      startServerProcess('two-processes-a', { DATABASE_URL: fresh.url, WORKERS: '1' }),
      startServerProcess('two-processes-b', { DATABASE_URL: fresh.url, WORKERS: '0' }),
    ]);
  }, 180_000);

  afterAll(async () => {
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
    expect(codes).toEqual([0, 0]);
  }, 60_000);

  const post = (server: ServerProcess, path: string, body: unknown, token?: string) =>
    fetch(`${server.origin}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  async function signUp(server: ServerProcess, email: string): Promise<string> {
    const res = await post(server, '/api/auth/signup', { email, password: TEST_PASSWORD });
    expect(res.status).toBe(201);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  it('streams to a client of one process the save made through the other', async () => {
    const token = await signUp(a, 'stream@example.com');
    const stream = await openStream(a.origin, { authorization: `Bearer ${token}` });
    try {
      expect(stream.res.statusCode).toBe(200);
      const saved = await post(b, '/api/links', { url: 'http://127.0.0.1:9/saved-through-b' }, token);
      expect(saved.status).toBe(201);
      const { id } = (await saved.json()) as { id: string };
      await waitFor(() =>
        stream.received.some((e) => e.event === 'link' && (e.data as { id: string }).id === id),
      );
      expect(stream.received.find((e) => e.event === 'link')?.data).toMatchObject({
        id,
        url: 'http://127.0.0.1:9/saved-through-b',
      });
    } finally {
      stream.close();
    }
  });

  it('refuses the right password on one process once the other has counted the failed ones', async () => {
    const email = 'lockout@example.com';
    await signUp(b, email);
    const login = (server: ServerProcess, password: string) =>
      post(server, '/api/auth/login', { email, password });
    for (let attempt = 1; attempt <= LOGIN_ATTEMPTS_PER_ACCOUNT.max; attempt += 1)
      expect((await login(a, `wrong password ${attempt}`)).status).toBe(401);
    expect((await login(a, 'wrong password again')).status).toBe(429);

    const refused = await login(b, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('cancels through one process an import the other is running', { timeout: 120_000 }, async () => {
    const token = await signUp(a, 'import@example.com');
    const auth = { authorization: `Bearer ${token}` };
    const upload = async (server: ServerProcess, file: Blob, name: string) => {
      const form = new FormData();
      form.append('enrich', 'false');
      form.append('file', file, name);
      const res = await fetch(`${server.origin}/api/imports`, { method: 'POST', headers: auth, body: form });
      expect(res.status).toBe(202);
      return ((await res.json()) as Import).id;
    };
    const progress = async (server: ServerProcess, id: string) =>
      (await (await fetch(`${server.origin}/api/imports/${id}`, { headers: auth })).json()) as Import;
    const linksSaved = async () =>
      (
        await database.db
          .selectFrom('links')
          .innerJoin('users', 'users.id', 'links.user_id')
          .where('users.email', '=', 'import@example.com')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count;

    // Started on `a`, whose runner takes it; followed and cancelled through `b`, which runs no imports.
    const big = await upload(a, bookmarks(20_000, 'big'), 'big.html');
    const running = await waitFor(
      async () => {
        const now = await progress(b, big);
        return (now.created > 0 || now.status !== 'queued') && now;
      },
      { timeoutMs: 60_000 },
    );
    expect(running.status, 'the import ended before it could be cancelled').toBe('running');
    const cancel = await fetch(`${b.origin}/api/imports/${big}`, { method: 'DELETE', headers: auth });
    expect(cancel.status).toBe(202);
    expect(((await cancel.json()) as Import).status).toBe('cancelled');

    // `a` runs one import at a time: once a second one is done, its run of the first has ended.
    const small = await upload(b, bookmarks(10, 'small'), 'small.html');
    await waitFor(async () => (await progress(b, small)).status === 'done', { timeoutMs: 60_000 });
    const cancelled = await progress(a, big);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.created).toBeLessThan(20_000);
    expect(await linksSaved()).toBe(cancelled.created + 10);
  });
});
