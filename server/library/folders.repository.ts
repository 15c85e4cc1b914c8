import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, FoldersTable } from '../db/schema.js';

export type FolderRow = Omit<Selectable<FoldersTable>, 'seq'>;
const columns = ['id', 'user_id', 'name', 'color', 'created_at'] as const;

export class FoldersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** SPEC.md §7: oldest first. */
  list(userId: string): Promise<FolderRow[]> {
    return this.db
      .selectFrom('folders')
      .select(columns)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .orderBy('seq', 'asc')
      .execute();
  }

  find(userId: string, id: string): Promise<FolderRow | undefined> {
    return this.db
      .selectFrom('folders')
      .select(columns)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Which of these folders exist, and whose they are: one read for a whole batch of saves. */
  async owners(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('folders')
      .select(['id', 'user_id'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, row.user_id]));
  }

  async insert(row: FolderRow): Promise<void> {
    await this.insertMany(this.db, [row]);
  }

  async insertMany(executor: Kysely<DB> | Transaction<DB>, rows: readonly FolderRow[]): Promise<void> {
    if (rows.length > 0) await executor.insertInto('folders').values(rows).execute();
  }

  async update(
    userId: string,
    id: string,
    changes: Partial<Pick<FolderRow, 'name' | 'color'>>,
  ): Promise<void> {
    await this.db
      .updateTable('folders')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** Its links become uncategorized through the foreign key (ON DELETE SET NULL), in the same statement. */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('folders')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
