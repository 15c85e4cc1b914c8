import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Personal API tokens (API.md "Accounts, tokens and administration"): a person's named, long-lived
 * credentials for scripts, kept as the SHA-256 of their secret only (server/lib/secrets.ts), with the
 * scopes given ('read' or 'read write'), an optional expiry and when each was last used. They go with
 * their person.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time)
    .addColumn('last_used_at', time)
    .execute();
  await db.schema
    .createIndex('api_tokens_user')
    .on('api_tokens')
    .columns(['user_id', 'created_at'])
    .execute();
}
