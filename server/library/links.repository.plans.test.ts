import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { testDialect } from '../../test/database.js';
import { QueryKeeper, planOf } from '../../test/plans.js';
import { type LinkFilter, LinksRepository } from './links.repository.js';

// Migrations 0019 (PostgreSQL) and 0021 (SQLite): the lists of broken links and of a platform read the
// partial indexes that keep bulk writes small, on both engines.
describe('the lists of broken links and of a platform', () => {
  const ctx = useTestApp();

  async function planOfPage(filter: Omit<LinkFilter, 'limit'>): Promise<string> {
    const me = await signUp(ctx.app);
    await clientFor(ctx.app, me).link({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    const { db, dialect } = ctx.database;
    const keeper = new QueryKeeper();
    await new LinksRepository(db.withPlugin(keeper), dialect).page(me.user.id, { ...filter, limit: 50 });
    return planOf(db, dialect, keeper.queries.at(-1)!);
  }

  it('reads the index of broken links', async () => {
    expect(await planOfPage({ availability: 'broken' })).toContain('links_user_broken_created');
  });

  it('reads the index of the platforms other than generic, for each of them', async () => {
    expect(await planOfPage({ platform: 'youtube' })).toContain('links_user_platform_created');
    expect(await planOfPage({ platform: 'generic' })).not.toContain('links_user_platform_created');
  });

  it.skipIf(testDialect() !== 'sqlite')('has no full index of availability left', async () => {
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'links' AND name LIKE '%availability%'
    `.execute(ctx.database.db);
    expect(rows).toEqual([]);
  });
});
