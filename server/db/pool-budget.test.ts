import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testDialect } from '../../test/database.js';
import type { Database } from './database.js';
import { connectionsAvailable, planPoolSize } from './pool-budget.js';

describe('planPoolSize', () => {
  it('gives each process the default pool when PostgreSQL has room (its default 100, 3 reserved)', () => {
    expect(planPoolSize({ available: 97, processes: 1 })).toEqual({
      size: 10,
      fits: true,
      budget: 77,
      needed: 12,
    });
    expect(planPoolSize({ available: 97, processes: 4 })).toMatchObject({ size: 10, fits: true, needed: 48 });
  });

  it('shares the budget out when the default does not fit: a pool and an event bus each', () => {
    // 77 connections over 8 processes: 9 each, 2 of them the event bus's.
    expect(planPoolSize({ available: 97, processes: 8 })).toEqual({
      size: 7,
      fits: true,
      budget: 77,
      needed: 72,
    });
  });

  it('keeps a fifth of the connections, and at least 5, for everything else', () => {
    expect(planPoolSize({ available: 500, processes: 1 }).budget).toBe(400);
    expect(planPoolSize({ available: 20, processes: 1 }).budget).toBe(15);
  });

  it('never goes below 2, and says when even that does not fit', () => {
    expect(planPoolSize({ available: 97, processes: 64 })).toEqual({
      size: 2,
      fits: false,
      budget: 77,
      needed: 256,
    });
    expect(planPoolSize({ available: 3, processes: 1 })).toMatchObject({ size: 2, fits: false, budget: 0 });
  });

  it("keeps the operator's DATABASE_POOL_SIZE, and says whether it fits", () => {
    expect(planPoolSize({ available: 97, processes: 2, override: 30 })).toMatchObject({
      size: 30,
      fits: true,
      needed: 64,
    });
    expect(planPoolSize({ available: 97, processes: 4, override: 30 })).toMatchObject({
      size: 30,
      fits: false,
      needed: 128,
    });
  });
});

describe.skipIf(testDialect() !== 'postgres')('connectionsAvailable', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ database, drop } = await freshDatabase()));
  afterAll(() => drop());

  it('is max_connections less the slots reserved for superusers (and, from 16 on, for roles)', async () => {
    const show = async (name: string) =>
      Number(Object.values((await sql.raw(`SHOW ${name}`).execute(database.db)).rows[0] as object)[0]);
    const version = await show('server_version_num');
    const reservedForRoles = version >= 160000 ? await show('reserved_connections') : 0;
    expect(await connectionsAvailable(database.db)).toBe(
      (await show('max_connections')) - (await show('superuser_reserved_connections')) - reservedForRoles,
    );
  });
});
