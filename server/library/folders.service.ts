import type { CreateFolderBody, Folder, UpdateFolderBody } from '../../contracts/index.js';
import { notFound } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/clock.js';
import { presentFolder } from './folders.presenter.js';
import type { FolderRow, FoldersRepository } from './folders.repository.js';
import type { LinksRepository } from './links.repository.js';

export class FoldersService {
  constructor(
    private readonly folders: FoldersRepository,
    private readonly links: LinksRepository,
  ) {}

  async list(userId: string): Promise<Folder[]> {
    const [rows, counts] = await Promise.all([this.folders.list(userId), this.links.countsByFolder(userId)]);
    return rows.map((row) => presentFolder(row, counts.byFolder.get(row.id) ?? 0));
  }

  async create(userId: string, input: CreateFolderBody): Promise<Folder> {
    const row: FolderRow = {
      id: newId(),
      user_id: userId,
      name: input.name,
      color: input.color,
      created_at: nowIso(),
    };
    await this.folders.insert(row);
    return presentFolder(row, 0);
  }

  async update(userId: string, id: string, input: UpdateFolderBody): Promise<Folder> {
    const existing = await this.require(userId, id);
    const changes = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.color && { color: input.color }),
    };
    if (Object.keys(changes).length > 0) await this.folders.update(userId, id, changes);
    const counts = await this.links.countsByFolder(userId);
    return presentFolder({ ...existing, ...changes }, counts.byFolder.get(id) ?? 0);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.folders.delete(userId, id))) throw notFound('Folder');
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
