import { type Insertable, type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import { type Dialect, isUniqueViolation } from '../db/database.js';
import type { UserRole } from '../../contracts/index.js';
import type { DB, UsersTable } from '../db/schema.js';

/** Any constant will do: the PostgreSQL advisory lock account changes take to run one at a time. */
const ACCOUNTS_LOCK = 18_2024;

type Executor = Kysely<DB> | Transaction<DB>;

export interface SessionTokens {
  sessionId: string;
  userId: string;
  refreshHash: string;
  accessHash: string;
  refreshExpiresAt: string;
  accessExpiresAt: string;
  now: string;
}

export class AccountsRepository {
  constructor(
    readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Sign-ups and changes to who is an admin, one at a time: two sign-ups at once on an empty instance
   * cannot both be its first account (its admin), nor two admins demote each other and leave none.
   * SQLite's write transactions already run one at a time (BEGIN IMMEDIATE, db/sqlite-dialect.ts).
   */
  async serializeAccountChanges(trx: Transaction<DB>): Promise<void> {
    if (this.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${ACCOUNTS_LOCK})`.execute(trx);
  }

  /** Whether any account but `except` exists. */
  async anyUser(trx: Executor, except?: string): Promise<boolean> {
    let query = trx.selectFrom('users').select('id');
    if (except !== undefined) query = query.where('id', '<>', except);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /** Whether an admin who can act (not disabled), other than `except`, exists. */
  async anyActiveAdmin(trx: Executor, except?: string): Promise<boolean> {
    let query = trx
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('disabled_at', 'is', null);
    if (except !== undefined) query = query.where('id', '<>', except);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  async setRole(trx: Executor, id: string, role: UserRole): Promise<void> {
    await trx.updateTable('users').set({ role }).where('id', '=', id).execute();
  }

  async setDisabled(trx: Executor, id: string, disabledAt: string | null): Promise<void> {
    await trx.updateTable('users').set({ disabled_at: disabledAt }).where('id', '=', id).execute();
  }

  findUserByEmail(email: string, executor: Executor = this.db): Promise<Selectable<UsersTable> | undefined> {
    return executor.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findUserByIdentity(trx: Executor, issuer: string, subject: string) {
    return trx
      .selectFrom('oidc_identities')
      .innerJoin('users', 'users.id', 'oidc_identities.user_id')
      .selectAll('users')
      .where('oidc_identities.issuer', '=', issuer)
      .where('oidc_identities.subject', '=', subject)
      .executeTakeFirst();
  }

  async hasIdentityAt(trx: Executor, userId: string, issuer: string): Promise<boolean> {
    const row = await trx
      .selectFrom('oidc_identities')
      .select('subject')
      .where('user_id', '=', userId)
      .where('issuer', '=', issuer)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async linkIdentity(
    trx: Executor,
    identity: { issuer: string; subject: string; userId: string; now: string },
  ): Promise<void> {
    await trx
      .insertInto('oidc_identities')
      .values({
        issuer: identity.issuer,
        subject: identity.subject,
        user_id: identity.userId,
        created_at: identity.now,
      })
      .execute();
  }

  findUserById(id: string, executor: Executor = this.db): Promise<Selectable<UsersTable> | undefined> {
    return executor.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Returns false when the e-mail is taken (unique index), so a race between two sign-ups is safe. */
  async insertUser(trx: Executor, user: Insertable<UsersTable>): Promise<boolean> {
    const result = await trx
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Returns false when the new e-mail is another account's (unique index), changing nothing. */
  async updateUser(id: string, changes: { name?: string | null; email?: string }): Promise<boolean> {
    try {
      await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async setPasswordHash(trx: Executor, id: string, passwordHash: string): Promise<void> {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }

  /** Deleting the user deletes what every table holds of theirs (each refers to users, or to what does, ON DELETE CASCADE). */
  async deleteUser(trx: Executor, id: string): Promise<void> {
    await trx.deleteFrom('users').where('id', '=', id).execute();
  }

  async insertSession(trx: Executor, t: SessionTokens, userAgent: string | null): Promise<void> {
    await trx
      .insertInto('auth_sessions')
      .values({
        id: t.sessionId,
        user_id: t.userId,
        created_at: t.now,
        last_used_at: t.now,
        revoked_at: null,
        user_agent: userAgent,
      })
      .execute();
    await this.insertTokens(trx, t);
  }

  async insertTokens(trx: Executor, t: SessionTokens): Promise<void> {
    await trx
      .insertInto('refresh_tokens')
      .values({
        token_hash: t.refreshHash,
        session_id: t.sessionId,
        created_at: t.now,
        expires_at: t.refreshExpiresAt,
        rotated_at: null,
      })
      .execute();
    await trx
      .insertInto('access_tokens')
      .values({
        token_hash: t.accessHash,
        user_id: t.userId,
        session_id: t.sessionId,
        scopes: null,
        expires_at: t.accessExpiresAt,
        created_at: t.now,
      })
      .execute();
  }

  findRefreshToken(trx: Executor, tokenHash: string) {
    return trx
      .selectFrom('refresh_tokens')
      .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
      .innerJoin('users', 'users.id', 'auth_sessions.user_id')
      .where('users.disabled_at', 'is', null)
      .select([
        'refresh_tokens.session_id',
        'refresh_tokens.expires_at',
        'refresh_tokens.rotated_at',
        'refresh_tokens.successor_sealed',
        'auth_sessions.user_id',
        'auth_sessions.revoked_at',
      ])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Marks the token used, keeping the pair issued for it (sealed); false when another request rotated it
   * first (a concurrent reuse).
   */
  async markRotated(
    trx: Executor,
    tokenHash: string,
    now: string,
    successorSealed: string,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('refresh_tokens')
      .set({ rotated_at: now, successor_sealed: successorSealed })
      .where('token_hash', '=', tokenHash)
      .where('rotated_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A session's tokens rotated before `before` no longer keep the pair their rotation issued. */
  async forgetSuccessors(trx: Executor, sessionId: string, before: string): Promise<void> {
    await trx
      .updateTable('refresh_tokens')
      .set({ successor_sealed: null })
      .where('session_id', '=', sessionId)
      .where('successor_sealed', 'is not', null)
      .where('rotated_at', '<', before)
      .execute();
  }

  async touchSession(trx: Executor, sessionId: string, now: string): Promise<void> {
    await trx.updateTable('auth_sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
  }

  /**
   * Revocation deletes the access tokens outright so that every later request with them is refused.
   * Given an `owner`, only that user's session ends; false when there was none of theirs still going.
   */
  async revokeSession(trx: Executor, sessionId: string, now: string, owner?: string): Promise<boolean> {
    let session = trx
      .updateTable('auth_sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null);
    if (owner !== undefined) session = session.where('user_id', '=', owner);
    const ended = Number((await session.executeTakeFirst()).numUpdatedRows) === 1;
    if (ended || owner === undefined) {
      await trx.deleteFrom('access_tokens').where('session_id', '=', sessionId).execute();
    }
    return ended;
  }

  /** Ends every session of the user but `keep` (the one asking), with their access tokens, in two statements. */
  async revokeSessionsOf(trx: Executor, userId: string, now: string, keep: string | null): Promise<void> {
    let sessions = trx
      .updateTable('auth_sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keep) sessions = sessions.where('id', '<>', keep);
    await sessions.execute();
    let tokens = trx
      .deleteFrom('access_tokens')
      .where('user_id', '=', userId)
      .where('session_id', 'is not', null);
    if (keep) tokens = tokens.where('session_id', '<>', keep);
    await tokens.execute();
  }

  /** The user's sessions that are not over: not revoked, and holding a refresh token still usable. */
  listSessions(userId: string, now: string) {
    return this.db
      .selectFrom('auth_sessions')
      .select(['id', 'user_agent', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.token_hash')
            .whereRef('refresh_tokens.session_id', '=', 'auth_sessions.id')
            .where('refresh_tokens.expires_at', '>', now),
        ),
      )
      .orderBy('last_used_at', 'desc')
      .execute();
  }

  /**
   * Ends everything that acts for the user: their sessions, their personal API tokens, and the assistants
   * they let in (grants, whose tokens go with them). An account being deleted goes quiet first.
   */
  async revokeAllCredentials(trx: Executor, userId: string, now: string): Promise<void> {
    await this.revokeSessionsOf(trx, userId, now, null);
    // What is left of the user's access tokens are their assistants'; the grants take their refresh tokens.
    await trx.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('oauth_grants').where('user_id', '=', userId).execute();
  }

  async isSessionActive(sessionId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('auth_sessions')
      .innerJoin('users', 'users.id', 'auth_sessions.user_id')
      .select('auth_sessions.id')
      .where('auth_sessions.id', '=', sessionId)
      .where('auth_sessions.revoked_at', 'is', null)
      .where('users.disabled_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The unexpired access tokens among `tokenHashes` whose account is not disabled. */
  findAccessTokens(tokenHashes: readonly string[], now: string) {
    return (
      this.db
        .selectFrom('access_tokens')
        .innerJoin('users', 'users.id', 'access_tokens.user_id')
        .select([
          'access_tokens.token_hash',
          'access_tokens.user_id',
          'access_tokens.session_id',
          'access_tokens.scopes',
          'access_tokens.grant_id',
          'access_tokens.audience',
        ])
        .where('access_tokens.token_hash', 'in', tokenHashes)
        .where('access_tokens.expires_at', '>', now)
        // Disabling an account stops every token of it at once: its sessions' and its assistants'.
        .where('users.disabled_at', 'is', null)
        .execute()
    );
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('access_tokens').where('expires_at', '<=', now).execute();
    await this.db.deleteFrom('refresh_tokens').where('expires_at', '<=', now).execute();
  }
}
