import type { CreateFolderBody, Folder, UpdateFolderBody } from '../../contracts/index.js';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { invalidInput, notFound } from '../http/errors.js';
import { totalCounts, wouldCycle } from './folder-tree.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/clock.js';
import { displayName } from '../accounts/accounts.service.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import type { FolderAccess } from '../sharing/folder-access.js';
import type { FolderMembersRepository, SharedFolderRow } from '../sharing/folder-members.repository.js';
import { OWN_UNSHARED, presentFolder } from './folders.presenter.js';
import type { FolderRow, FoldersRepository } from './folders.repository.js';
import type { LinksRepository } from './links.repository.js';

/** API.md: a move that would make a cycle is 400. */
const intoItself = () =>
  invalidInput('parentId', 'A folder cannot be moved into itself or into one of its sub-folders');

export class FoldersService {
  constructor(
    private readonly folders: FoldersRepository,
    private readonly links: LinksRepository,
    private readonly db: Kysely<DB>,
    private readonly access: FolderAccess,
    private readonly members: FolderMembersRepository,
    private readonly notifier: LibraryNotifier,
  ) {}

  /** The caller's folders, then the folders shared with them (API.md "Sharing and insights"). */
  async list(userId: string): Promise<Folder[]> {
    const [rows, counts, sharedOwn, sharedWith] = await Promise.all([
      this.folders.list(userId),
      this.links.countsByFolder(userId),
      this.members.sharedOf(userId),
      this.members.sharedWith(userId),
    ]);
    return [...this.present(rows, counts.byFolder, sharedOwn), ...(await this.presentShared(sharedWith))];
  }

  /**
   * A folder shared with the caller sits at the top of their tree (its parent is not shared with them)
   * and counts its own links only: a share covers that folder, not its sub-folders.
   */
  private async presentShared(rows: readonly SharedFolderRow[]): Promise<Folder[]> {
    const counts = await this.links.countsOfFolders(rows);
    return rows.map((row) => {
      const linkCount = counts.get(row.id) ?? 0;
      return presentFolder(
        { ...row, parent_id: null },
        { linkCount, totalCount: linkCount },
        { role: row.role, shared: true, ownerName: displayName(row.owner_name, row.owner_email) },
      );
    });
  }

  async create(userId: string, input: CreateFolderBody): Promise<Folder> {
    // A sub-folder goes only in one of the caller's own folders (a share does not cover sub-folders).
    const parentId = input.parentId
      ? (await this.access.requireFolder(userId, input.parentId, 'own')).folderId
      : null;
    const row: FolderRow = {
      id: newId(),
      user_id: userId,
      name: input.name,
      color: input.color,
      parent_id: parentId,
      created_at: nowIso(),
    };
    await this.folders.insert(row);
    return presentFolder(row, { linkCount: 0, totalCount: 0 });
  }

  async update(userId: string, id: string, input: UpdateFolderBody): Promise<Folder> {
    await this.access.requireFolder(userId, id, 'own');
    if (input.parentId) await this.access.requireFolder(userId, input.parentId, 'own');
    const changes = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.color && { color: input.color }),
    };
    await this.db.transaction().execute(async (trx) => {
      const rows = await this.folders.listForMove(trx, userId);
      const existing = rows.find((row) => row.id === id);
      if (!existing) throw notFound('Folder');
      const parentId = input.parentId;
      if (parentId !== undefined && parentId !== existing.parent_id) {
        if (parentId !== null && !rows.some((row) => row.id === parentId)) throw notFound('Folder');
        if (parentId !== null && wouldCycle(rows, id, parentId)) throw intoItself();
        Object.assign(changes, { parent_id: parentId });
      }
      if (Object.keys(changes).length > 0) await this.folders.update(userId, id, changes, trx);
    });
    const folder = (await this.list(userId)).find((f) => f.id === id);
    if (!folder) throw notFound('Folder');
    if (folder.shared) await this.tellMembers(id);
    return folder;
  }

  /** The members of a folder its owner renamed, recoloured or deleted see their folder list change. */
  private async tellMembers(folderId: string, memberIds?: readonly string[]): Promise<void> {
    for (const memberId of memberIds ?? (await this.members.memberIds(folderId)))
      this.notifier.foldersChanged(memberId, folderId);
  }

  /** API.md: its sub-folders move up to its parent; its links become uncategorized. */
  /** Its shares go with it (migration 0026's cascade); its members are told. */
  async delete(userId: string, id: string): Promise<void> {
    await this.access.requireFolder(userId, id, 'own');
    const members = await this.db.transaction().execute(async (trx) => {
      const folder = (await this.folders.listForMove(trx, userId)).find((row) => row.id === id);
      if (!folder) throw notFound('Folder');
      const memberIds = await this.members.memberIds(id, trx);
      await this.folders.delete(trx, userId, folder);
      return memberIds;
    });
    await this.tellMembers(id, members);
  }

  private present(
    rows: readonly FolderRow[],
    own: ReadonlyMap<string, number>,
    shared: ReadonlySet<string>,
  ): Folder[] {
    const totals = totalCounts(rows, own);
    return rows.map((row) =>
      presentFolder(
        row,
        { linkCount: own.get(row.id) ?? 0, totalCount: totals.get(row.id) ?? 0 },
        { ...OWN_UNSHARED, shared: shared.has(row.id) },
      ),
    );
  }

  async require(userId: string, id: string): Promise<FolderRow> {
    const row = await this.folders.find(userId, id);
    if (!row) throw notFound('Folder');
    return row;
  }

  /**
   * Of `links`, those whose folder (if they have one) exists and is their user's: a batch of saves checks
   * all its folders with one read.
   */
  async keepOwned<T extends { user_id: string; folder_id: string | null }>(
    links: readonly T[],
  ): Promise<T[]> {
    const owners = await this.folders.owners([...new Set(links.flatMap((l) => l.folder_id ?? []))]);
    return links.filter((link) => link.folder_id === null || owners.get(link.folder_id) === link.user_id);
  }

  /** Folders whose name contains `query`, compared in JavaScript so case folding is Unicode-correct on both engines. */
  async search(userId: string, query: string): Promise<Folder[]> {
    const needle = query.toLocaleLowerCase();
    const all = await this.list(userId);
    return all
      .filter((f) => f.name.toLocaleLowerCase().includes(needle))
      .sort((a, b) => rank(a.name, needle) - rank(b.name, needle));
  }
}

const rank = (name: string, needle: string) => (name.toLocaleLowerCase().startsWith(needle) ? 0 : 1);
