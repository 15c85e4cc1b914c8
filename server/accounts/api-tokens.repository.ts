import type { Kysely } from 'kysely';
import type { ApiTokensTable, DB } from '../db/schema.js';

/** The SQL of personal API tokens (migration 0023); every call names the person. */
export class ApiTokensRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: ApiTokensTable): Promise<void> {
    await this.db.insertInto('api_tokens').values(row).execute();
  }

  list(userId: string) {
    return this.db
      .selectFrom('api_tokens')
      .select(['id', 'name', 'scopes', 'created_at', 'expires_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Whether the person had the token, which is gone now. */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('api_tokens')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The token with this secret's hash, unless it has expired. */
  findUsable(tokenHash: string, now: string) {
    return this.db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .select(['api_tokens.id', 'api_tokens.user_id', 'api_tokens.scopes', 'api_tokens.last_used_at'])
      .where('api_tokens.token_hash', '=', tokenHash)
      .where((eb) => eb.or([eb('api_tokens.expires_at', 'is', null), eb('api_tokens.expires_at', '>', now)]))
      .where('users.disabled_at', 'is', null)
      .executeTakeFirst();
  }

  /** Marks it used now, unless it was already marked since `since`: at most one write a minute per token. */
  async touch(id: string, now: string, since: string): Promise<void> {
    await this.db
      .updateTable('api_tokens')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', since)]))
      .execute();
  }
}
