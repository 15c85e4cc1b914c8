import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Cursor } from '../lib/cursor.js';

/** Rows strictly after `cursor` in (created_at desc, id desc) order: the keyset the list indexes serve. */
export function after(table: 'links' | 'snippets', cursor: Cursor): RawBuilder<SqlBool> {
  const createdAt = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  return sql<SqlBool>`(${createdAt} < ${cursor.createdAt} OR (${createdAt} = ${cursor.createdAt} AND ${id} < ${cursor.id}))`;
}
