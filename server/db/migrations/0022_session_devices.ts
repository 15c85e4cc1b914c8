import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Settings → Account lists a person's signed-in sessions by the device they signed in from (API.md
 * "Accounts, tokens and administration"): the User-Agent the sign-in came with. Sessions started before
 * this migration have none and show as an unknown device.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('auth_sessions').addColumn('user_agent', 'text').execute();
}
