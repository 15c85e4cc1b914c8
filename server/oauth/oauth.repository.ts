import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  AccessTokensTable,
  DB,
  Executor,
  OAuthAppsTable,
  OAuthCodesTable,
  OAuthGrantsTable,
  OAuthRefreshTokensTable,
  OAuthRequestsTable,
} from '../db/schema.js';

export type AppRow = Selectable<OAuthAppsTable>;
export type RequestRow = Selectable<OAuthRequestsTable>;
export type CodeRow = Selectable<OAuthCodesTable>;
export type GrantRow = Selectable<OAuthGrantsTable>;

const affected = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0);

/** The authorization server's tables (migrations/0004). Secrets arrive here already hashed. */
export class OAuthRepository {
  constructor(readonly db: Kysely<DB>) {}

  findApp(clientId: string): Promise<AppRow | undefined> {
    return this.db.selectFrom('oauth_apps').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  }

  async insertApp(row: Insertable<OAuthAppsTable>): Promise<void> {
    await this.db.insertInto('oauth_apps').values(row).execute();
  }

  /** A Client ID Metadata Document, fetched again: the client's current name and redirect URIs win. */
  async saveMetadataApp(row: Insertable<OAuthAppsTable>): Promise<void> {
    await this.db
      .insertInto('oauth_apps')
      .values(row)
      .onConflict((oc) =>
        oc.column('client_id').doUpdateSet({
          name: row.name,
          redirect_uris: row.redirect_uris,
          fetched_at: row.fetched_at,
        }),
      )
      .execute();
  }

  async insertRequest(row: RequestRow): Promise<void> {
    await this.db.insertInto('oauth_requests').values(row).execute();
  }

  findRequest(executor: Executor, sessionHash: string, now: string): Promise<RequestRow | undefined> {
    return executor
      .selectFrom('oauth_requests')
      .selectAll()
      .where('session_hash', '=', sessionHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Binds an unbound request to its user; false when another user got there first. */
  async bindRequest(sessionHash: string, userId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('oauth_requests')
      .set({ user_id: userId })
      .where('session_hash', '=', sessionHash)
      .where('user_id', 'is', null)
      .executeTakeFirst();
    return affected(result) === 1;
  }

  /** Consumes a request: of two concurrent decisions on it, exactly one gets true. */
  async deleteRequest(executor: Executor, sessionHash: string): Promise<boolean> {
    const result = await executor
      .deleteFrom('oauth_requests')
      .where('session_hash', '=', sessionHash)
      .executeTakeFirst();
    return affected(result) === 1;
  }

  async insertCode(executor: Executor, row: CodeRow): Promise<void> {
    await executor.insertInto('oauth_codes').values(row).execute();
  }

  findCode(executor: Executor, codeHash: string): Promise<CodeRow | undefined> {
    return executor
      .selectFrom('oauth_codes')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
  }

  /** Single use (RFC 9700 §4.2.4): only the first exchange marks the code. */
  async markCodeUsed(executor: Executor, codeHash: string, now: string, grantId: string): Promise<boolean> {
    const result = await executor
      .updateTable('oauth_codes')
      .set({ used_at: now, grant_id: grantId })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return affected(result) === 1;
  }

  async insertGrant(executor: Executor, row: GrantRow): Promise<void> {
    await executor.insertInto('oauth_grants').values(row).execute();
  }

  /** Ends a grant at once: its access and refresh tokens are deleted, not merely marked. */
  async revokeGrant(executor: Executor, grantId: string, now: string): Promise<void> {
    await executor
      .updateTable('oauth_grants')
      .set({ revoked_at: now })
      .where('id', '=', grantId)
      .where('revoked_at', 'is', null)
      .execute();
    await executor.deleteFrom('access_tokens').where('grant_id', '=', grantId).execute();
    await executor.deleteFrom('oauth_refresh_tokens').where('grant_id', '=', grantId).execute();
  }

  /** Last use for the connected-apps list, written at most once a minute per grant. */
  async touchGrant(grantId: string, now: string, notSince: string): Promise<void> {
    await this.db
      .updateTable('oauth_grants')
      .set({ last_used_at: now })
      .where('id', '=', grantId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notSince)]))
      .execute();
  }

  async insertAccessToken(executor: Executor, row: Selectable<AccessTokensTable>): Promise<void> {
    await executor.insertInto('access_tokens').values(row).execute();
  }

  async findAccessTokenGrant(tokenHash: string): Promise<GrantRow | undefined> {
    return this.db
      .selectFrom('access_tokens')
      .innerJoin('oauth_grants', 'oauth_grants.id', 'access_tokens.grant_id')
      .selectAll('oauth_grants')
      .where('access_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async insertRefreshToken(executor: Executor, row: Selectable<OAuthRefreshTokensTable>): Promise<void> {
    await executor.insertInto('oauth_refresh_tokens').values(row).execute();
  }

  findRefreshToken(executor: Executor, tokenHash: string) {
    return (
      executor
        .selectFrom('oauth_refresh_tokens')
        .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_refresh_tokens.grant_id')
        // A disabled account's assistants are refused at once, as its own sessions are.
        .innerJoin('users', 'users.id', 'oauth_grants.user_id')
        .where('users.disabled_at', 'is', null)
        .select([
          'oauth_refresh_tokens.expires_at',
          'oauth_refresh_tokens.rotated_at',
          'oauth_grants.id as grant_id',
          'oauth_grants.user_id',
          'oauth_grants.client_id',
          'oauth_grants.scopes',
          'oauth_grants.resource',
          'oauth_grants.revoked_at',
        ])
        .where('oauth_refresh_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst()
    );
  }

  /** Rotation (RFC 9700 §4.14.2): only the first use of a refresh token marks it. */
  async markRefreshRotated(executor: Executor, tokenHash: string, now: string): Promise<boolean> {
    const result = await executor
      .updateTable('oauth_refresh_tokens')
      .set({ rotated_at: now })
      .where('token_hash', '=', tokenHash)
      .where('rotated_at', 'is', null)
      .executeTakeFirst();
    return affected(result) === 1;
  }

  findConsent(executor: Executor, userId: string, clientId: string) {
    return executor
      .selectFrom('oauth_consents')
      .select('scopes')
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  async saveConsent(executor: Executor, userId: string, clientId: string, scopes: string, now: string) {
    await executor
      .insertInto('oauth_consents')
      .values({ user_id: userId, client_id: clientId, scopes, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'client_id']).doUpdateSet({ scopes, updated_at: now }))
      .execute();
  }

  /** The user's live grants and remembered consents, with their apps, for the connected-apps list. */
  async listConnections(userId: string) {
    const grants = await this.db
      .selectFrom('oauth_grants')
      .innerJoin('oauth_apps', 'oauth_apps.client_id', 'oauth_grants.client_id')
      .select([
        'oauth_grants.id',
        'oauth_grants.client_id',
        'oauth_grants.scopes',
        'oauth_grants.created_at',
        'oauth_grants.last_used_at',
        'oauth_apps.name',
        'oauth_apps.kind',
      ])
      .where('oauth_grants.user_id', '=', userId)
      .where('oauth_grants.revoked_at', 'is', null)
      .execute();
    const consents = await this.db
      .selectFrom('oauth_consents')
      .innerJoin('oauth_apps', 'oauth_apps.client_id', 'oauth_consents.client_id')
      .select([
        'oauth_consents.client_id',
        'oauth_consents.scopes',
        'oauth_consents.updated_at',
        'oauth_apps.name',
        'oauth_apps.kind',
      ])
      .where('oauth_consents.user_id', '=', userId)
      .execute();
    return { grants, consents };
  }

  /** Disconnects an app: every grant of the user to it ends and the remembered consent is forgotten. */
  async disconnect(executor: Executor, userId: string, clientId: string, now: string): Promise<boolean> {
    const grants = await executor
      .selectFrom('oauth_grants')
      .select('id')
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .where('revoked_at', 'is', null)
      .execute();
    for (const grant of grants) await this.revokeGrant(executor, grant.id, now);
    const forgotten = await executor
      .deleteFrom('oauth_consents')
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return grants.length > 0 || affected(forgotten) > 0;
  }

  /** Expired requests and codes, and refresh tokens past their life; used codes are kept an hour for replay detection. */
  async deleteExpired(now: string, codesBefore: string): Promise<void> {
    await this.db.deleteFrom('oauth_requests').where('expires_at', '<=', now).execute();
    await this.db.deleteFrom('oauth_codes').where('expires_at', '<=', codesBefore).execute();
    await this.db.deleteFrom('oauth_refresh_tokens').where('expires_at', '<=', now).execute();
  }
}
