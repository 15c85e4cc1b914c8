import { sql } from 'kysely';
import type { Executor } from '../db/schema.js';
import { type RetaggedLink, type TaggedLink, tagIndexChanges, tagIndexRows } from '../lib/tags.js';

/** Rows per statement: 4 columns each, well under both engines' bound-parameter limits. */
const ROWS_PER_STATEMENT = 1_000;

/**
 * link_tags is the index of links.tags (migration 0017): every write of links.tags calls this in the same
 * transaction. `fresh`: the links were inserted in it and have no rows yet.
 */
export async function indexLinkTags(
  executor: Executor,
  links: readonly TaggedLink[],
  { fresh = false }: { fresh?: boolean } = {},
): Promise<void> {
  if (links.length === 0) return;
  if (!fresh) {
    for (let at = 0; at < links.length; at += ROWS_PER_STATEMENT) {
      const ids = links.slice(at, at + ROWS_PER_STATEMENT).map((link) => link.id);
      await executor.deleteFrom('link_tags').where('link_id', 'in', ids).execute();
    }
  }
  const rows = links.flatMap(tagIndexRows);
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
    await executor
      .insertInto('link_tags')
      .values(rows.slice(at, at + ROWS_PER_STATEMENT))
      .execute();
  }
}

/** link_tags after a change of the links' tags whose earlier lists are known: only what changed is written. */
export async function reindexLinkTags(executor: Executor, links: readonly RetaggedLink[]): Promise<void> {
  const { removed, added } = tagIndexChanges(links);
  for (let at = 0; at < removed.length; at += ROWS_PER_STATEMENT) {
    const batch = removed.slice(at, at + ROWS_PER_STATEMENT);
    await executor
      .deleteFrom('link_tags')
      .where((eb) =>
        eb(
          eb.refTuple('link_id', 'tag_key'),
          'in',
          batch.map((row) => eb.tuple(row.link_id, row.tag_key)),
        ),
      )
      .execute();
  }
  for (let at = 0; at < added.length; at += ROWS_PER_STATEMENT) {
    await executor
      .insertInto('link_tags')
      .values(added.slice(at, at + ROWS_PER_STATEMENT))
      .execute();
  }
}

/**
 * GET /api/tags: each tag with the number of links carrying it, most used first, then by name; `key`:
 * that tag alone. Read from tag_counts (migration 0030), a few rows per tag, not the person's every
 * link_tags row (millions at a million links).
 */
export async function tagCounts(
  executor: Executor,
  userId: string,
  key?: string,
): Promise<{ name: string; count: number }[]> {
  const rows = await executor
    .selectFrom('tag_counts')
    .select([(eb) => eb.fn.min('name').as('name'), (eb) => eb.fn.sum<number | string>('links').as('count')])
    .where('user_id', '=', userId)
    .$if(key !== undefined, (q) => q.where('tag_key', '=', key as string))
    .groupBy('tag_key')
    .having((eb) => eb.fn.sum('links'), '>', 0)
    .execute();
  return rows
    .map((row) => ({ name: row.name, count: Number(row.count) }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** Links with tag `key`: a condition on links, for lists and searches narrowed to a tag. */
export const taggedWith = (userId: string, key: string) =>
  sql<boolean>`links.id IN (SELECT link_id FROM link_tags WHERE user_id = ${userId} AND tag_key = ${key})`;
