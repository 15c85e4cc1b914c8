import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Running Linkvault for others (issue 18, DESIGN.md "Accounts"): roles and a disabled flag on users (the
 * oldest account of an existing install becomes its admin, as the first account of a new one does);
 * settings of the whole instance (sign-ups open, by invite, or closed); one-time links an admin hands out
 * (invites, password resets: the SHA-256 of their secret only, expiring, used once); and the OpenID
 * Connect identities accounts sign in with, one per issuer and subject (OIDC Core §5.7: `sub` is the
 * stable key, an e-mail can change hands).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', time).execute();
  await db
    .updateTable('users')
    .set({ role: 'admin' })
    .where('id', '=', db.selectFrom('users').select('id').orderBy('created_at').orderBy('id').limit(1))
    .execute();

  await db.schema
    .createTable('instance_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('one_time_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // A reset names its account; an invite names none until it is used.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .execute();
  await db.schema.createIndex('one_time_links_user').on('one_time_links').column('user_id').execute();
  await db.schema.createIndex('one_time_links_creator').on('one_time_links').column('created_by').execute();

  await db.schema
    .createTable('oidc_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('oidc_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('oidc_identities_user').on('oidc_identities').column('user_id').execute();
}
