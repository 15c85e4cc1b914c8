import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * A refresh token presented again within the rotation grace gets the same pair its rotation
 * issued, never a second one (two pairs forked the session). The pair is kept sealed under a key derived
 * from the presented token (server/lib/seal.ts), so the database alone cannot read it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('successor_sealed', 'text').execute();
}
