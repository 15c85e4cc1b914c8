import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './database.js';
import { newId } from '../server/lib/ids.js';
import { migrateTo, migrateToLatest } from '../server/db/migrate.js';

/** Migration 0024 on an install that already has people: its oldest account becomes the admin. */
describe('migration 0024: roles on an existing install', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('makes the oldest account the admin and everyone else a user, none disabled', async () => {
    const { database, drop } = await freshDatabase({ migrate: false });
    cleanups.push(drop);
    const { db, dialect } = database;
    await migrateTo(db, dialect, '0023_api_tokens');
    const people = ['2026-03-01', '2025-12-24', '2026-01-15'].map((day) => ({
      id: newId(),
      email: `${day}@example.com`,
      name: null,
      password_hash: 'x',
      created_at: `${day}T00:00:00.000Z`,
    }));
    await db.insertInto('users').values(people).execute();
    await migrateToLatest(db, dialect);
    const rows = await db
      .selectFrom('users')
      .select(['email', 'role', 'disabled_at'])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: '2025-12-24@example.com', role: 'admin', disabled_at: null },
      { email: '2026-01-15@example.com', role: 'user', disabled_at: null },
      { email: '2026-03-01@example.com', role: 'user', disabled_at: null },
    ]);
  });
});
