import type { Kysely, Selectable } from 'kysely';
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

  async insert(row: FolderRow): Promise<void> {
    await this.db.insertInto('folders').values(row).execute();
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
