import {
  type CreateLinkBody,
  type Link,
  type ListLinksQuery,
  PAGE_LIMIT_DEFAULT,
  UNCATEGORIZED,
  type UpdateLinkBody,
} from '../../contracts/index.js';
import { isForeignKeyViolation } from '../db/database.js';
import type { LinksTable } from '../db/schema.js';
import type { IngestQueue } from '../queue/ingest-queue.js';
import { detectPlatform } from './platforms.js';
import { AppError, notFound } from '../http/errors.js';
import { Coalescer } from '../lib/coalescer.js';
import { decodeCursor, decodeTitleCursor, toPage } from '../lib/cursor.js';
import { mergeTags, tagKey } from '../../contracts/tags.js';
import { readJson, writeJson } from '../lib/json-column.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/clock.js';
import { urlKey } from '../lib/urls.js';
import type { Limit, RateLimiter } from '../ratelimit/rate-limit.service.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import type { FolderAccess } from '../sharing/folder-access.js';
import type { LinkHandover } from '../sharing/link-handover.js';
import type { FoldersService } from './folders.service.js';
import { presentLink } from './links.presenter.js';
import {
  type LinkRecord,
  type LinkRow,
  type LinksRepository,
  NOT_YET_TRIED,
  type ReadingFilter,
  newLinkRow,
} from './links.repository.js';
import type { SnippetsRepository } from './snippets.repository.js';
import { rememberTags } from './user-tags.repository.js';

/**
 * The reading fields of an update that differ from the link's. read_at (migration 0025) is when the link
 * left unread: set then, kept between read and archived, cleared when it is unread again.
 */
function readingChanges(existing: LinkRow, input: UpdateLinkBody, now: string): Partial<LinksTable> {
  const changes: Partial<LinksTable> = {};
  const progress = input.readingProgress;
  if (progress !== undefined && progress !== Number(existing.reading_progress))
    changes.reading_progress = progress;
  const state = input.state ?? (progress === 1 && existing.state === 'unread' ? 'read' : undefined);
  if (state !== undefined && state !== existing.state) {
    changes.state = state;
    if (state === 'unread') changes.read_at = null;
    else if (existing.state === 'unread') changes.read_at = now;
  }
  if (input.favorite !== undefined && (input.favorite ? 1 : 0) !== existing.favorite) {
    changes.favorite = input.favorite ? 1 : 0;
  }
  return changes;
}

/** A save, as the batch that writes it sees it. */
interface NewLink {
  /** Whose link it is: the saver's, or the owner's of the shared folder it is saved into. */
  row: LinkRow;
  /** Who saved it, whose saves a minute are counted. */
  saver: string;
  /** API.md "Normalized URL": without it, a page already saved answers 409 with the saved link. */
  allowDuplicate: boolean;
}

/** What became of a save in its batch. */
type SaveOutcome =
  | { kind: 'saved'; snippetCount: number }
  | { kind: 'rate-limited'; refusal: AppError }
  | { kind: 'folder-missing' }
  | { kind: 'duplicate'; linkId: string };

/** Where saved links came from: the API (the app, the extension, scripts) or an import's file. */
export const SAVE_SOURCES = ['api', 'import'] as const;
export type SaveSource = (typeof SAVE_SOURCES)[number];

/** Counts the links saved (metrics/); the library knows nothing of how they are exposed. */
export interface SaveCounter {
  linksSaved(source: SaveSource, count: number): void;
}

/** API.md: 409 `conflict` with the saved link in `details.link`. */
export const alreadySaved = (link: Link) => new AppError(409, 'conflict', 'Already in your vault', { link });

export class LinksService {
  /** Saves that arrive together are written in one transaction (group commit: lib/coalescer.ts). */
  private readonly newLinks = new Coalescer((saves: NewLink[]) => this.writeNewLinks(saves), {
    onFailure: 'retry-each',
  });
  /**
   * Every save queues a page to fetch, so one person's saves are limited, generously (a script
   * saving 1,000 links in a minute is fine; imports, a separate path, are not counted).
   */
  private readonly saveLimit: Limit;

  constructor(
    private readonly links: LinksRepository,
    private readonly snippets: SnippetsRepository,
    private readonly queue: IngestQueue,
    private readonly folders: FoldersService,
    private readonly notifier: LibraryNotifier,
    private readonly limiter: RateLimiter,
    savesPerMinute: number,
    private readonly saves: SaveCounter,
    private readonly access: FolderAccess,
    private readonly handover: LinkHandover,
  ) {
    this.saveLimit = {
      max: savesPerMinute,
      windowSeconds: 60,
      message: 'Too many links saved in a short time. Please try again later.',
    };
  }

  async list(userId: string, query: ListLinksQuery): Promise<{ items: Link[]; nextCursor: string | null }> {
    const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
    let folder: string | null | undefined;
    // A folder shared with the caller lists its owner's links in it (they are all the owner's rows).
    let owner = userId;
    if (query.folderId === UNCATEGORIZED) folder = null;
    else if (query.folderId !== undefined) {
      const grant = await this.access.requireFolder(userId, query.folderId, 'read');
      folder = grant.folderId;
      owner = grant.ownerId;
    }
    const byTitle = query.sort === 'title';
    const rows = await this.links.page(owner, {
      folder,
      query: query.q?.trim() || undefined,
      urlKey: query.url ? urlKey(query.url) : undefined,
      tagKey: query.tag === undefined ? undefined : tagKey(query.tag),
      platform: query.platform,
      state: query.state,
      favorite: query.favorite,
      availability: query.availability,
      order:
        query.sort === 'title'
          ? { sort: 'title', cursor: decodeTitleCursor(query.cursor) }
          : { sort: query.sort, cursor: decodeCursor(query.cursor) },
      limit,
    });
    const page = toPage(rows, limit, { byTitle });
    return { items: this.present(userId, page.items), nextCursor: page.nextCursor };
  }

  /** One of the caller's links, or one in a folder shared with them. */
  async get(userId: string, id: string): Promise<Link> {
    return (await this.readable(userId, id)).link;
  }

  /** The link as get() answers it, and whose it is: what the reader's copy and the preview are read as. */
  async readable(userId: string, id: string): Promise<{ link: Link; ownerId: string }> {
    const { ownerId } = await this.access.requireLink(userId, id, 'read');
    const [link] = this.present(userId, [await this.require(ownerId, id)]);
    if (!link) throw notFound('Link');
    return { link, ownerId };
  }

  /**
   * API.md: the link and its queued link_ingest_jobs row are written in one transaction. Saved into a
   * folder shared with the caller (as editor), it is the folder owner's link; it is not checked against
   * the owner's library for the same page, which the caller cannot see.
   */
  async create(userId: string, input: CreateLinkBody): Promise<Link> {
    const now = nowIso();
    const folder = input.folderId ? await this.access.requireFolder(userId, input.folderId, 'write') : null;
    const owner = folder?.ownerId ?? userId;
    const row = newLinkRow(
      {
        id: newId(),
        user_id: owner,
        folder_id: input.folderId ?? null,
        url: input.url,
        title: input.title || null,
        description: input.description || null,
        enrichment_status: 'queued',
      },
      now,
    );
    // Deleted between the batch's folder check and its insert, the folder is missing all the same.
    const outcome = await this.newLinks
      .add({ row, saver: userId, allowDuplicate: owner !== userId || (input.allowDuplicate ?? false) })
      .catch((err: unknown) => {
        throw isForeignKeyViolation(err) ? notFound('Folder') : err;
      });
    if (outcome.kind === 'rate-limited') throw outcome.refusal;
    if (outcome.kind === 'folder-missing') throw notFound('Folder');
    if (outcome.kind === 'duplicate') throw alreadySaved(await this.get(userId, outcome.linkId));
    this.saves.linksSaved('api', 1);
    this.notifier.jobChanged(owner, row.id, 'queued');
    // The row as written is the link: answering from it spares the busiest write a read (the save p99 in BENCHMARKS.md).
    return presentLink({
      ...row,
      snippet_count: owner === userId ? outcome.snippetCount : 0,
      content_available: false,
      shared: folder?.shared ?? false,
    });
  }

  /**
   * API.md: each link and its queued link_ingest_jobs row in one transaction. A save over its user's limit,
   * whose folder is not one of its user's, or whose page its user has saved (in the library, or earlier in
   * this batch), is not written. The folders and the saved pages are read before the transaction, and the
   * saves counted first in it, so that it starts with a write: a SQLite transaction that reads first fails
   * (SQLITE_BUSY_SNAPSHOT) when another process commits before its first write. Counted in the transaction,
   * a batch that fails (and is retried save by save) counts nothing.
   */
  private async writeNewLinks(saves: NewLink[]): Promise<SaveOutcome[]> {
    const owned = new Set(await this.folders.keepOwned(saves.map((save) => save.row)));
    const checked = saves.filter((save) => !save.allowDuplicate && owned.has(save.row));
    const savedBefore = await this.links.findIdsByUrlKey(
      this.links.db,
      checked.map((save) => save.row),
    );
    return this.links.db.transaction().execute(async (trx) => {
      const refusals = await this.limiter.consumeEach(
        saves.map((save) => `save:user:${save.saver}`),
        this.saveLimit,
        trx,
      );
      const outcomes = new Map<NewLink, SaveOutcome>();
      const rows: LinkRow[] = [];
      saves.forEach((save, i) => {
        const { row } = save;
        const page = `${row.user_id} ${row.url_key}`;
        const savedAs = save.allowDuplicate ? undefined : savedBefore.get(page);
        const refusal = refusals[i];
        if (refusal) outcomes.set(save, { kind: 'rate-limited', refusal });
        else if (!owned.has(row)) outcomes.set(save, { kind: 'folder-missing' });
        else if (savedAs) outcomes.set(save, { kind: 'duplicate', linkId: savedAs });
        else {
          rows.push(row);
          savedBefore.set(page, row.id);
        }
      });
      let joined = new Map<string, number>();
      if (rows.length > 0) {
        await this.links.insert(trx, rows);
        await this.queue.enqueue(trx, rows, nowIso());
        joined = await this.snippets.attachOrphans(trx, rows);
      }
      return saves.map(
        (save) => outcomes.get(save) ?? { kind: 'saved', snippetCount: joined.get(save.row.id) ?? 0 },
      );
    });
  }

  /**
   * SPEC.md §4: moving a link to the folder it is in changes nothing; a new URL is enriched again. Reading
   * to the end (progress 1) marks an unread link read, whichever client reports it.
   */
  async update(userId: string, id: string, input: UpdateLinkBody): Promise<Link> {
    const grant = await this.access.requireLink(userId, id, 'write');
    const owner = grant.ownerId;
    const existing = await this.require(owner, id);
    const changes: Partial<LinksTable> = {};
    if (input.title !== undefined && input.title !== existing.title) changes.title = input.title;
    if (input.description !== undefined && (input.description || null) !== existing.description) {
      changes.description = input.description || null;
    }
    // A link is its folder owner's (server/sharing/link-handover.ts): moved into a folder shared with the
    // caller it becomes that folder owner's, moved to Uncategorized the caller's.
    let newOwner = owner;
    if (input.folderId !== undefined && input.folderId !== existing.folder_id) {
      const target =
        input.folderId === null ? null : await this.access.requireFolder(userId, input.folderId, 'write');
      changes.folder_id = target?.folderId ?? null;
      newOwner = target?.ownerId ?? userId;
    }
    const now = nowIso();
    Object.assign(changes, readingChanges(existing, input, now));
    const tags = input.tags === undefined ? undefined : mergeTags([], input.tags);
    if (tags && writeJson(tags) !== writeJson(readJson<string[]>(existing.tags, []))) {
      changes.tags = writeJson(tags);
    }
    const urlChanged = input.url !== undefined && input.url !== existing.url;
    if (urlChanged) {
      changes.url = input.url;
      changes.url_key = urlKey(input.url as string);
      const { platform, metadata } = detectPlatform(input.url as string);
      changes.platform = platform;
      changes.platform_metadata = writeJson(metadata);
      Object.assign(changes, { enrichment_status: 'queued', ...NOT_YET_TRIED });
    }
    if (Object.keys(changes).length === 0) return this.get(userId, id);
    const handedOver = newOwner !== owner;
    await this.links.db.transaction().execute(async (trx) => {
      const { folder_id: folderId, ...rest } = changes;
      const kept = handedOver ? rest : changes;
      await this.links.update(trx, owner, id, { ...kept, updated_at: now });
      if (handedOver) {
        await this.handover.move(trx, [id], { from: owner, to: newOwner, folderId: folderId ?? null, now });
      }
      if (tags) await rememberTags(trx, newOwner, tags);
      if (urlChanged && changes.url_key) {
        const link = { id, user_id: newOwner, url_key: changes.url_key };
        await this.queue.enqueue(trx, [link], now);
        await this.snippets.attachOrphans(trx, [link]);
      }
    });
    this.announceMove(id, existing.folder_id, { owner, newOwner, moved: changes.folder_id !== undefined });
    if (urlChanged) this.notifier.jobChanged(newOwner, id, 'queued');
    else this.notifier.linkChanged(newOwner, id);
    return this.get(userId, id);
  }

  /**
   * Those who saw the link where it was and cannot see it where it went are told it is gone: the person
   * it was handed from (and their folder's members), or the members of the shared folder it left.
   */
  private announceMove(
    id: string,
    from: string | null,
    { owner, newOwner, moved }: { owner: string; newOwner: string; moved: boolean },
  ): void {
    if (newOwner !== owner) this.notifier.linkDeleted(owner, id, from);
    else if (moved && from !== null) this.notifier.linkLeft(owner, id, from);
  }

  async delete(userId: string, id: string): Promise<void> {
    const grant = await this.access.requireLink(userId, id, 'write');
    if (!(await this.links.delete(grant.ownerId, id))) throw notFound('Link');
    this.notifier.linkDeleted(grant.ownerId, id, grant.folderId);
  }

  /** POST /api/links/:id/enrich: queue the link again, whatever its state. */
  async requeue(userId: string, id: string): Promise<void> {
    const { ownerId } = await this.access.requireLink(userId, id, 'write');
    const now = nowIso();
    await this.links.db.transaction().execute(async (trx) => {
      await this.links.update(trx, ownerId, id, {
        enrichment_status: 'queued',
        ...NOT_YET_TRIED,
        updated_at: now,
      });
      await this.queue.enqueue(trx, [{ id, user_id: ownerId }], now);
    });
    this.notifier.jobChanged(ownerId, id, 'queued');
  }

  /** The caller's links whose fields hold `text`, then those of the folders shared with them (marked shared). */
  async search(userId: string, text: string, limit: number, filter?: ReadingFilter): Promise<Link[]> {
    const own = await this.links.search({ userId }, text, limit, filter);
    const shared = await this.sharedFolderIds(userId);
    if (own.length >= limit || shared.length === 0) return this.present(userId, own);
    const more = await this.links.search({ folderIds: shared }, text, limit - own.length, filter);
    return this.present(userId, [...own, ...more]);
  }

  /** The folders shared with the caller, whose links their searches include. */
  private sharedFolderIds(userId: string): Promise<string[]> {
    return this.access.sharedWith(userId);
  }

  /** Links whose kept page holds `terms` (enrich/text/search-text.ts), best first, with their packed text. */
  async searchContent(
    userId: string,
    terms: readonly string[],
    limit: number,
    filter?: ReadingFilter,
  ): Promise<{ link: Link; text: Uint8Array }[]> {
    const rows = await this.links.byContent(userId, terms, limit, filter);
    return rows.map((row) => ({ link: presentLink(row), text: row.text }));
  }

  private async require(userId: string, id: string): Promise<LinkRecord> {
    const row = await this.links.find(this.links.db, userId, id);
    if (!row) throw notFound('Link');
    return row;
  }

  /** As `userId` sees them: the snippets of a link in a folder shared with them are its owner's, not shown. */
  private present(userId: string, rows: LinkRecord[]): Link[] {
    return rows.map((row) => presentLink(row.user_id === userId ? row : { ...row, snippet_count: 0 }));
  }
}
