import type { Kysely, Transaction } from 'kysely';
import type { DB, UsersTable } from '../db/schema.js';

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
  constructor(readonly db: Kysely<DB>) {}

  findUserByEmail(email: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findUserById(id: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Returns false when the e-mail is taken (unique index), so a race between two sign-ups is safe. */
  async insertUser(user: UsersTable): Promise<boolean> {
    const result = await this.db
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async insertSession(trx: Executor, t: SessionTokens): Promise<void> {
    await trx
      .insertInto('auth_sessions')
      .values({
        id: t.sessionId,
        user_id: t.userId,
        created_at: t.now,
        last_used_at: t.now,
        revoked_at: null,
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

  /** Revocation deletes the access tokens outright so that every later request with them is refused. */
  async revokeSession(trx: Executor, sessionId: string, now: string): Promise<void> {
    await trx
      .updateTable('auth_sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    await trx.deleteFrom('access_tokens').where('session_id', '=', sessionId).execute();
  }

  async isSessionActive(sessionId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The unexpired access tokens among `tokenHashes`. */
  findAccessTokens(tokenHashes: readonly string[], now: string) {
    return this.db
      .selectFrom('access_tokens')
      .select(['token_hash', 'user_id', 'session_id', 'scopes', 'grant_id', 'audience'])
      .where('token_hash', 'in', tokenHashes)
      .where('expires_at', '>', now)
      .execute();
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('access_tokens').where('expires_at', '<=', now).execute();
    await this.db.deleteFrom('refresh_tokens').where('expires_at', '<=', now).execute();
  }
}
