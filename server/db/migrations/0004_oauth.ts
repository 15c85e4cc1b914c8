import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Assistant access (API.md "Assistant access", RFC 9700): authorization requests, codes, grants and their
 * refresh tokens, remembered consent. Every secret (session token, code, refresh token) is stored only as
 * its SHA-256 hash. OAuth access tokens live in access_tokens beside the user's own, tied to their grant
 * and to the resource (RFC 8707 audience) they were issued for.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? 'timestamptz' : 'text';

  await db.schema
    .alterTable('oauth_apps')
    // 'registered' (RFC 7591) or 'metadata_document' (a Client ID Metadata Document, shown as unverified).
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('registered'))
    .execute();
  await db.schema.alterTable('oauth_apps').addColumn('fetched_at', time).execute();

  await db.schema
    .createTable('oauth_requests')
    .addColumn('session_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_apps.client_id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('response_type', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('code_challenge_method', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_requests_expires').on('oauth_requests').column('expires_at').execute();

  await db.schema
    .createTable('oauth_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_apps.client_id').onDelete('cascade'))
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('last_used_at', time)
    .addColumn('revoked_at', time)
    .execute();
  await db.schema
    .createIndex('oauth_grants_user_client')
    .on('oauth_grants')
    .columns(['user_id', 'client_id'])
    .execute();

  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_apps.client_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    // The grant the code was exchanged for: a replayed code revokes it (RFC 9700 §4.2.4 / OAuth 2.1 §4.1.3).
    .addColumn('grant_id', 'text', (c) => c.references('oauth_grants.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('oauth_codes_expires').on('oauth_codes').column('expires_at').execute();

  await db.schema
    .createTable('oauth_refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grants.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('rotated_at', time)
    .execute();
  await db.schema
    .createIndex('oauth_refresh_tokens_grant')
    .on('oauth_refresh_tokens')
    .column('grant_id')
    .execute();

  await db.schema
    .createTable('oauth_consents')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_apps.client_id').onDelete('cascade'))
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('oauth_consents_pk', ['user_id', 'client_id'])
    .execute();

  await db.schema
    .alterTable('access_tokens')
    .addColumn('grant_id', 'text', (c) => c.references('oauth_grants.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('access_tokens').addColumn('audience', 'text').execute();
  await db.schema.createIndex('access_tokens_grant').on('access_tokens').column('grant_id').execute();
}
