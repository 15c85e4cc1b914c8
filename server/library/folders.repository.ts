import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB, Executor, FoldersTable } from '../db/schema.js';

export type FolderRow = Omit<Selectable<FoldersTable>, 'seq'>;
const columns = ['id', 'user_id', 'name', 'color', 'parent_id', 'created_at'] as const;

export class FoldersRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /** SPEC.md §7: oldest first. */
  list(userId: string, executor: Executor = this.db): Promise<FolderRow[]> {
    return executor
      .selectFrom('folders')
      .select(columns)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .orderBy('seq', 'asc')
      .execute();
  }

  /**
   * Every folder of the user's, locked until the transaction ends: a move checked against the tree as read
   * cannot race another move into a cycle (A into B while B goes into A). SQLite runs one transaction at a
   * time on its one connection.
   */
  listForMove(trx: Transaction<DB>, userId: string): Promise<FolderRow[]> {
    const query = trx
      .selectFrom('folders')
      .select(columns)
      .where('user_id', '=', userId)
      .orderBy('seq', 'asc');
    return (this.dialect === 'postgres' ? query.forUpdate() : query).execute();
  }

  find(userId: string, id: string, executor: Executor = this.db): Promise<FolderRow | undefined> {
    return executor
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

  async insertMany(executor: Executor, rows: readonly FolderRow[]): Promise<void> {
    if (rows.length > 0) await executor.insertInto('folders').values(rows).execute();
  }

  async update(
    userId: string,
    id: string,
    changes: Partial<Pick<FolderRow, 'name' | 'color' | 'parent_id'>>,
    executor: Executor = this.db,
  ): Promise<void> {
    await executor
      .updateTable('folders')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /**
   * API.md: a deleted folder's sub-folders move up to its parent, and its links become uncategorized
   * through the foreign key (ON DELETE SET NULL), in the same transaction.
   */
  async delete(trx: Transaction<DB>, userId: string, folder: FolderRow): Promise<void> {
    await trx
      .updateTable('folders')
      .set({ parent_id: folder.parent_id })
      .where('user_id', '=', userId)
      .where('parent_id', '=', folder.id)
      .execute();
    await trx.deleteFrom('folders').where('user_id', '=', userId).where('id', '=', folder.id).execute();
  }
}
