import type { Kysely } from 'kysely';
import type { DB, Executor } from '../db/schema.js';

/** The instance's own settings: one row per key (migration 0024). */
export class InstanceSettingsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async get(key: string, executor: Executor = this.db): Promise<string | null> {
    const row = await executor
      .selectFrom('instance_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async put(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('instance_settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}
