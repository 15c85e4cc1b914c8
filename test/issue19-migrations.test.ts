import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, linkRowBeforeReadAt } from './database.js';
import { newId } from '../server/lib/ids.js';
import { newLinkRow } from '../server/library/links.repository.js';
import { migrateTo, migrateToLatest } from '../server/db/migrate.js';

/**
 * Migrations 0027-0029 (issue 19) on a library that already has folders and links: the new foreign keys
 * hold on both engines, so deleting a folder takes its public page and its suggestions with it.
 */
describe('migrations 0027-0029 on an existing library', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('keeps the links, and a deleted folder leaves no public page and no suggestion behind', async () => {
    const { database, drop } = await freshDatabase({ migrate: false });
    cleanups.push(drop);
    const { db, dialect } = database;
    await migrateTo(db, dialect, '0025_read_at');
    const at = '2026-01-01T00:00:00.000Z';
    const userId = newId();
    const folderId = newId();
    await db
      .insertInto('users')
      .values({ id: userId, email: `${userId}@example.com`, name: null, password_hash: 'x', created_at: at })
      .execute();
    await db
      .insertInto('folders')
      .values({ id: folderId, user_id: userId, name: 'Old', color: 'blue', created_at: at })
      .execute();
    const link = (folder: string | null, i: number) =>
      linkRowBeforeReadAt(
        newLinkRow(
          {
            id: newId(),
            user_id: userId,
            folder_id: folder,
            url: `https://old.example/${i}`,
            description: null,
            enrichment_status: 'none',
            title: null,
          },
          at,
        ),
      );
    const [filed, loose] = [link(folderId, 1), link(null, 2)];
    await db.insertInto('links').values([filed, loose]).execute();

    await migrateToLatest(db, dialect);

    const columns = await db
      .selectFrom('links')
      .select(['id', 'suggested_folder_id', 'dismissed_folder_id'])
      .orderBy('url')
      .execute();
    expect(columns).toEqual([
      { id: filed.id, suggested_folder_id: null, dismissed_folder_id: null },
      { id: loose.id, suggested_folder_id: null, dismissed_folder_id: null },
    ]);
    await db
      .updateTable('links')
      .set({ suggested_folder_id: folderId, dismissed_folder_id: folderId })
      .where('id', '=', loose.id)
      .execute();
    await db
      .insertInto('public_folders')
      .values({ folder_id: folderId, token_hash: 'hash', created_at: at })
      .execute();

    await db.updateTable('links').set({ folder_id: null }).where('folder_id', '=', folderId).execute();
    await db.deleteFrom('folders').where('id', '=', folderId).execute();

    expect(await db.selectFrom('public_folders').selectAll().execute()).toEqual([]);
    const after = await db
      .selectFrom('links')
      .select(['suggested_folder_id', 'dismissed_folder_id'])
      .where('id', '=', loose.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ suggested_folder_id: null, dismissed_folder_id: null });
  });
});
