import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { PG_SHARDS, type RowTrigger, createRowTrigger, userExists } from './0003_library_counts.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * GET /api/tags at a million links (issue 20): counting a person's link_tags rows took 32-47 s on SQLite
 * (2.3 million rows, the server's one thread held meanwhile) and a tenth of a second on PostgreSQL at
 * 100,000. tag_counts keeps each tag's count, kept by triggers on link_tags as link_counts is kept on
 * links (migration 0003), sharded by connection on PostgreSQL for the same reason: concurrent saves of
 * one person's popular tag would otherwise queue on one row's lock.
 *
 * `name` is the least spelling written in that shard, as min(tag) over the rows was (the Tags page shows
 * the least of the shards'); a spelling whose last link dropped it stays until its tag's count reaches 0
 * there, rather than re-reading every row of the tag on each removal. A shard left at 0 is removed, so
 * a tag no link carries any more leaves no row behind on SQLite and at most a few on PostgreSQL (read as
 * absent: their sum is 0).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('tag_counts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag_key', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('links', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_counts_pk', ['user_id', 'tag_key', 'shard'])
    .execute();

  const shard = dialect === 'postgres' ? `pg_backend_pid() % ${PG_SHARDS}` : '0';
  const least = dialect === 'postgres' ? 'LEAST' : 'min';
  const add = (row: 'new' | 'old', delta: 1 | -1) => {
    // A decrement may come from the account's own deletion (a cascade): its rows must not come back.
    const guard = delta > 0 ? 'true' : userExists(row);
    const rename = delta > 0 ? `, name = ${least}(tag_counts.name, excluded.name)` : '';
    return `INSERT INTO tag_counts (user_id, tag_key, shard, name, links)
      SELECT ${row}.user_id, ${row}.tag_key, ${shard}, ${row}.tag, ${delta} WHERE ${guard}
      ON CONFLICT (user_id, tag_key, shard) DO UPDATE SET links = tag_counts.links + excluded.links${rename}`;
  };
  const dropEmpty = (row: 'old') =>
    `DELETE FROM tag_counts WHERE user_id = ${row}.user_id AND tag_key = ${row}.tag_key
      AND shard = ${shard} AND links = 0`;
  const triggers: RowTrigger[] = [
    { name: 'link_tags_count_insert', event: 'INSERT', on: 'link_tags', body: [add('new', 1)] },
    {
      name: 'link_tags_count_delete',
      event: 'DELETE',
      on: 'link_tags',
      body: [add('old', -1), dropEmpty('old')],
    },
    {
      // A link handed to a shared folder's owner (sharing/link-handover.ts) takes its tags along.
      name: 'link_tags_count_move',
      event: 'UPDATE OF user_id',
      on: 'link_tags',
      when: 'old.user_id <> new.user_id',
      body: [add('old', -1), dropEmpty('old'), add('new', 1)],
    },
  ];
  for (const trigger of triggers) await createRowTrigger(db, dialect, trigger);
  await countExistingTags(db);
}

/** Fills the (empty) tag_counts from link_tags; bulk loads that bypass the triggers use it too. */
export async function countExistingTags(db: AnyDb): Promise<void> {
  await sql`INSERT INTO tag_counts (user_id, tag_key, shard, name, links)
    SELECT user_id, tag_key, 0, min(tag), count(*) FROM link_tags GROUP BY user_id, tag_key`.execute(db);
}
