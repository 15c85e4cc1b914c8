import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** The accounts as Admin → Users lists them: with their link count and when they were last active. */
export class AdminRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every account, oldest first; or the one `id` names. */
  listUsers(id?: string) {
    let query = this.db
      .selectFrom('users')
      .select([
        'users.id',
        'users.email',
        'users.name',
        'users.role',
        'users.disabled_at',
        'users.created_at',
      ])
      .select((eb) => [
        // The trigger-kept counts (migration 0003): a few rows per folder, not a count over every link.
        eb
          .selectFrom('link_counts')
          .select((c) => c.fn.sum<number | string>('link_counts.links').as('n'))
          .whereRef('link_counts.user_id', '=', 'users.id')
          .as('link_count'),
        eb
          .selectFrom('auth_sessions')
          .select((c) => c.fn.max('auth_sessions.last_used_at').as('t'))
          .whereRef('auth_sessions.user_id', '=', 'users.id')
          .as('session_used_at'),
        eb
          .selectFrom('api_tokens')
          .select((c) => c.fn.max('api_tokens.last_used_at').as('t'))
          .whereRef('api_tokens.user_id', '=', 'users.id')
          .as('token_used_at'),
      ])
      .orderBy('users.created_at')
      .orderBy('users.id');
    if (id !== undefined) query = query.where('users.id', '=', id);
    return query.execute();
  }
}
