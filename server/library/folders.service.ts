import type { CreateFolderBody, Folder, UpdateFolderBody } from '../../contracts/index.js';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { invalidInput, notFound } from '../http/errors.js';
import { totalCounts, wouldCycle } from './folder-tree.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/clock.js';
import { presentFolder } from './folders.presenter.js';
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
  ) {}

  async list(userId: string): Promise<Folder[]> {
    const [rows, counts] = await Promise.all([this.folders.list(userId), this.links.countsByFolder(userId)]);
    return this.present(rows, counts.byFolder);
  }

  async create(userId: string, input: CreateFolderBody): Promise<Folder> {
    const parentId = input.parentId ? (await this.require(userId, input.parentId)).id : null;
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
    return folder;
  }

  /** API.md: its sub-folders move up to its parent; its links become uncategorized. */
  async delete(userId: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const folder = (await this.folders.listForMove(trx, userId)).find((row) => row.id === id);
      if (!folder) throw notFound('Folder');
      await this.folders.delete(trx, userId, folder);
    });
  }

  private present(rows: readonly FolderRow[], own: ReadonlyMap<string, number>): Folder[] {
    const totals = totalCounts(rows, own);
    return rows.map((row) =>
      presentFolder(row, { linkCount: own.get(row.id) ?? 0, totalCount: totals.get(row.id) ?? 0 }),
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
