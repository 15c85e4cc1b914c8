import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Cursor, TitleCursor } from '../lib/cursor.js';

/**
 * Rows strictly after `cursor` in (created_at desc, id desc) order: the keyset the list indexes serve. The
 * leading `created_at <=` is what both planners take as the start of an index range; with the OR alone they
 * walk the index from the newest row and filter, so a page deep in a library (an export's 200th) cost as
 * much as reading every row before it.
 */
export function after(table: 'links' | 'snippets', cursor: Cursor): RawBuilder<SqlBool> {
  const createdAt = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  return sql<SqlBool>`(${createdAt} <= ${cursor.createdAt} AND (${createdAt} < ${cursor.createdAt} OR ${id} < ${cursor.id}))`;
}

/** Rows strictly after `cursor` in (created_at asc, id asc) order: ?sort=oldest, the same indexes read backwards. */
export function afterOldest(table: 'links' | 'snippets', cursor: Cursor): RawBuilder<SqlBool> {
  const createdAt = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  return sql<SqlBool>`(${createdAt} >= ${cursor.createdAt} AND (${createdAt} > ${cursor.createdAt} OR ${id} > ${cursor.id}))`;
}

/**
 * Links strictly after `cursor` in (lower(title), id) order: ?sort=title, on the links_user_title index
 * (migration 0017). Both sides go through the engine's own lower(), so the order and the keyset agree.
 */
export function afterTitle(cursor: TitleCursor): RawBuilder<SqlBool> {
  const title = sql`lower(links.title)`;
  const at = sql`lower(${cursor.title})`;
  return sql<SqlBool>`(${title} >= ${at} AND (${title} > ${at} OR links.id > ${cursor.id}))`;
}
