import type { Kysely } from 'kysely';

/**
 * The distinct tags each user has, so enrichment can reuse them (issue "Enrichment": tags must not
 * multiply) without reading every link's tag list.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_tags')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_tags_pk', ['user_id', 'tag'])
    .execute();
}
