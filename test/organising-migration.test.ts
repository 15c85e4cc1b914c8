import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, linkRowBeforeReadAt } from './database.js';
import { newId } from '../server/lib/ids.js';
import { writeJson } from '../server/lib/json-column.js';
import { newLinkRow } from '../server/library/links.repository.js';
import { migrateTo, migrateToLatest } from '../server/db/migrate.js';

/** Migration 0017 indexes the tags links already carry, and leaves every folder at the top. */
describe('migration 0017: tags and folders of an existing library', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('fills the tag index from every link’s tags, one row per tag without case', async () => {
    const { database, drop } = await freshDatabase({ migrate: false });
    cleanups.push(drop);
    const { db, dialect } = database;
    await migrateTo(db, dialect, '0016_recent_content_scores');
    const userId = newId();
    await db
      .insertInto('users')
      .values({
        id: userId,
        email: `${userId}@example.com`,
        name: null,
        password_hash: 'x',
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('folders')
      .values({
        id: newId(),
        user_id: userId,
        name: 'Old',
        color: 'blue',
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const tagLists = [['Rust', 'rust', 'web'], [], ['Web'], 'not json', ['x'.repeat(80), 7]];
    const rows = tagLists.map((tags, i) => ({
      ...newLinkRow(
        {
          id: newId(),
          user_id: userId,
          folder_id: null,
          url: `https://tags.example/${i}`,
          description: null,
          enrichment_status: 'none',
          title: null,
        },
        '2026-02-01T00:00:00.000Z',
      ),
      tags: typeof tags === 'string' ? tags : writeJson(tags),
    }));
    // Inserted without the repository: before 0017 nothing indexes tags.
    await db.insertInto('links').values(rows.map(linkRowBeforeReadAt)).execute();

    await migrateToLatest(db, dialect);

    const inOrder = <T extends { tag_key: string; tag: string }>(list: T[]) =>
      list.sort((a, b) => `${a.tag_key} ${a.tag}`.localeCompare(`${b.tag_key} ${b.tag}`, 'en'));
    const indexed = inOrder(
      await db.selectFrom('link_tags').select(['link_id', 'user_id', 'tag_key', 'tag']).execute(),
    );
    const [first, , third, , fifth] = rows;
    expect(indexed).toEqual(
      inOrder([
        { link_id: first?.id, user_id: userId, tag_key: 'rust', tag: 'Rust' },
        { link_id: first?.id, user_id: userId, tag_key: 'web', tag: 'web' },
        { link_id: third?.id, user_id: userId, tag_key: 'web', tag: 'Web' },
        { link_id: fifth?.id, user_id: userId, tag_key: 'x'.repeat(64), tag: 'x'.repeat(80) },
      ]),
    );
    const folders = await db.selectFrom('folders').select('parent_id').execute();
    expect(folders).toEqual([{ parent_id: null }]);
  });
});
