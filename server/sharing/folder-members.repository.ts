import type { Kysely } from 'kysely';
import type { MemberRole } from '../../contracts/index.js';
import type { DB, Executor } from '../db/schema.js';

/** A member as listed: their account's public fields and their role. */
export interface MemberRow {
  user_id: string;
  email: string;
  name: string | null;
  role: MemberRole;
  added_at: string;
}

/** A folder shared with someone, as their folder list shows it. */
export interface SharedFolderRow {
  id: string;
  user_id: string;
  name: string;
  color: string;
  created_at: string;
  role: MemberRole;
  owner_name: string | null;
  owner_email: string;
}

/** The SQL of folder_members (migration 0026). */
export class FolderMembersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  list(folderId: string): Promise<MemberRow[]> {
    return this.membersOf(folderId).orderBy('folder_members.added_at').orderBy('users.email').execute();
  }

  find(folderId: string, userId: string): Promise<MemberRow | undefined> {
    return this.membersOf(folderId).where('folder_members.user_id', '=', userId).executeTakeFirst();
  }

  /** A folder's members as the member routes show them: with their account's e-mail and name. */
  private membersOf(folderId: string) {
    return this.db
      .selectFrom('folder_members')
      .innerJoin('users', 'users.id', 'folder_members.user_id')
      .select([
        'folder_members.user_id',
        'users.email',
        'users.name',
        'folder_members.role',
        'folder_members.added_at',
      ])
      .where('folder_members.folder_id', '=', folderId);
  }

  /** False when they already were a member (the row is left as it was). */
  async add(folderId: string, userId: string, role: MemberRole, addedAt: string): Promise<boolean> {
    const result = await this.db
      .insertInto('folder_members')
      .values({ folder_id: folderId, user_id: userId, role, added_at: addedAt })
      .onConflict((oc) => oc.columns(['folder_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async setRole(folderId: string, userId: string, role: MemberRole): Promise<boolean> {
    const result = await this.db
      .updateTable('folder_members')
      .set({ role })
      .where('folder_id', '=', folderId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async remove(folderId: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('folder_members')
      .where('folder_id', '=', folderId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The folders shared with the user, with their owners' names, oldest share first. */
  sharedWith(userId: string): Promise<SharedFolderRow[]> {
    return this.db
      .selectFrom('folder_members')
      .innerJoin('folders', 'folders.id', 'folder_members.folder_id')
      .innerJoin('users as owner', 'owner.id', 'folders.user_id')
      .select([
        'folders.id',
        'folders.user_id',
        'folders.name',
        'folders.color',
        'folders.created_at',
        'folder_members.role',
        'owner.name as owner_name',
        'owner.email as owner_email',
      ])
      .where('folder_members.user_id', '=', userId)
      .orderBy('folder_members.added_at')
      .orderBy('folders.id')
      .execute();
  }

  /** Of the owner's folders, those shared with anyone. */
  async sharedOf(ownerId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('folder_members')
      .innerJoin('folders', 'folders.id', 'folder_members.folder_id')
      .select('folders.id')
      .distinct()
      .where('folders.user_id', '=', ownerId)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Everyone the folder is shared with, by id. */
  async memberIds(folderId: string, executor: Executor = this.db): Promise<string[]> {
    const rows = await executor
      .selectFrom('folder_members')
      .select('user_id')
      .where('folder_id', '=', folderId)
      .execute();
    return rows.map((row) => row.user_id);
  }

  /** The people who share at least one folder with the user: whose library events their stream follows. */
  async ownersSharingWith(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('folder_members')
      .innerJoin('folders', 'folders.id', 'folder_members.folder_id')
      .select('folders.user_id')
      .distinct()
      .where('folder_members.user_id', '=', userId)
      .execute();
    return rows.map((row) => row.user_id);
  }
}
