import type { Kysely, Transaction } from 'kysely';
import type { DB, Executor } from '../db/schema.js';
import { tagKey } from '../../contracts/tags.js';

/**
 * Adds tags to the user's vocabulary (user_tags), which the tagger reuses so that tags do not multiply;
 * enrichment and imports both write through here, in their own transactions.
 */
export async function rememberTags(
  executor: Kysely<DB> | Transaction<DB>,
  userId: string,
  tags: Iterable<string>,
): Promise<void> {
  const unique = [...new Set(tags)];
  if (unique.length === 0) return;
  await executor
    .insertInto('user_tags')
    .values(unique.map((tag) => ({ user_id: userId, tag })))
    .onConflict((oc) => oc.columns(['user_id', 'tag']).doNothing())
    .execute();
}

/** The user's tags, for reuse by the tagger; bounded so a huge vocabulary cannot slow a job down. */
export async function userTags(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_tags')
    .select('tag')
    .where('user_id', '=', userId)
    .limit(5000)
    .execute();
  return rows.map((row) => row.tag);
}

/** Drops every spelling of the tag `key` (lib/tags.ts tagKey) from the user's vocabulary. */
export async function forgetTag(executor: Executor, userId: string, key: string): Promise<void> {
  const rows = await executor.selectFrom('user_tags').select('tag').where('user_id', '=', userId).execute();
  const spellings = rows.map((row) => row.tag).filter((tag) => tagKey(tag) === key);
  if (spellings.length === 0) return;
  await executor
    .deleteFrom('user_tags')
    .where('user_id', '=', userId)
    .where('tag', 'in', spellings)
    .execute();
}
