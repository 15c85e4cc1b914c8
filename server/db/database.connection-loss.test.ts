import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { clientFor, expectError } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { testDialect } from '../../test/database.js';
import { isTransientDatabaseError } from './database.js';

/** Ends every other session on the test's database, as an administrator or a failover would. */
async function terminateBackends(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  // Ended itself when the file's database is dropped while a failed test's storm still runs.
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
  } finally {
    await admin.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * node-postgres takes the pool's error listener off a connection while it is checked out (a
 * transaction's), so a connection the server ended then raised an unhandled 'error' and stopped the
 * process. A process that crashes fails this file as an unhandled error.
 */
describe.skipIf(testDialect() !== 'postgres')('PostgreSQL connections ended under the server', () => {
  const ctx = useTestApp();

  it('a transaction whose connection is ended between two statements fails, and the next one works', async () => {
    const transaction = ctx.database.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      await terminateBackends(ctx.database.url);
      await sleep(200);
      await sql`SELECT 1`.execute(trx);
    });
    const err: unknown = await transaction.catch((e: unknown) => e);
    expect(isTransientDatabaseError(err), String(err)).toBe(true);
    await expect(sql`SELECT 1 AS one`.execute(ctx.database.db)).resolves.toMatchObject({
      rows: [{ one: 1 }],
    });
  });

  it('answers 503 unavailable, never 500, while connections are ended every 100 ms, then serves again', async () => {
    const session = await signUp(ctx.app);
    const client = clientFor(ctx.app, session);
    const statuses = new Map<number, number>();
    let stormOver = false;
    const storm = (async () => {
      for (let i = 0; i < 20; i++) {
        await terminateBackends(ctx.database.url);
        await sleep(100);
      }
      stormOver = true;
    })();
    let saved = 0;
    const load = Array.from({ length: 8 }, async () => {
      while (!stormOver) {
        saved += 1;
        const responses = await Promise.all([
          client.post('/api/links', { url: `https://example.com/storm-${saved}` }),
          client.get('/api/links?limit=5'),
          client.get('/readyz'),
        ]);
        for (const res of responses) {
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 503) {
            expectError(res, 503, 'unavailable');
            expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          } else {
            expect(res.statusCode, res.body).toBeLessThan(300);
          }
        }
      }
    });
    await Promise.all([storm, ...load]);
    expect(statuses.get(503) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(0);

    expect((await client.get('/readyz')).statusCode).toBe(200);
    expect((await client.post('/api/links', { url: 'https://example.com/after-storm' })).statusCode).toBe(
      201,
    );
    expect((await client.get('/api/links?limit=5')).statusCode).toBe(200);
  });
});
