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
import type { JobsRepository } from '../enrich/jobs.repository.js';
import { notFound } from '../http/errors.js';
import { Coalescer } from '../lib/coalescer.js';
import { decodeCursor, toPage } from '../lib/cursor.js';
import { newId, nowIso } from '../lib/ids.js';
import { titleFromUrl, urlKey } from '../lib/urls.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import type { FoldersService } from './folders.service.js';
import { presentLink } from './links.presenter.js';
import type { LinkRecord, LinkRow, LinksRepository } from './links.repository.js';
import type { SnippetsRepository } from './snippets.repository.js';

export class LinksService {
  /** Saves that arrive together are written in one transaction (group commit: lib/coalescer.ts). */
  private readonly newLinks = new Coalescer((rows: LinkRow[]) => this.writeNewLinks(rows), {
    onFailure: 'retry-each',
  });

  constructor(
    private readonly links: LinksRepository,
    private readonly snippets: SnippetsRepository,
    private readonly jobs: JobsRepository,
    private readonly folders: FoldersService,
    private readonly notifier: LibraryNotifier,
  ) {}

  async list(userId: string, query: ListLinksQuery): Promise<{ items: Link[]; nextCursor: string | null }> {
    const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
    let folder: string | null | undefined;
    if (query.folderId === UNCATEGORIZED) folder = null;
    else if (query.folderId !== undefined) folder = (await this.folders.require(userId, query.folderId)).id;
    const rows = await this.links.page(userId, {
      folder,
      query: query.q?.trim() || undefined,
      urlKey: query.url ? urlKey(query.url) : undefined,
      cursor: decodeCursor(query.cursor),
      limit,
    });
    const page = toPage(rows, limit);
    return { items: this.present(page.items), nextCursor: page.nextCursor };
  }

  async get(userId: string, id: string): Promise<Link> {
    const [link] = this.present([await this.require(userId, id)]);
    if (!link) throw notFound('Link');
    return link;
  }

  /** API.md: the link and its queued link_ingest_jobs row are written in one transaction. */
  async create(userId: string, input: CreateLinkBody): Promise<Link> {
    const now = nowIso();
    const row: LinkRow = {
      id: newId(),
      user_id: userId,
      folder_id: input.folderId ?? null,
      url: input.url,
      url_key: urlKey(input.url),
      title: input.title || titleFromUrl(input.url),
      description: input.description || null,
      favicon: null,
      summary_short: null,
      summary_long: null,
      key_points: '[]',
      highlights: '[]',
      tags: '[]',
      og_title: null,
      og_description: null,
      og_image_url: null,
      last_processed_at: null,
      platform: 'generic',
      platform_metadata: '{}',
      extraction_method: null,
      enrichment_status: 'queued',
      created_at: now,
      updated_at: now,
    };
    // Deleted between the batch's folder check and its insert, the folder is missing all the same.
    const snippetCount = await this.newLinks.add(row).catch((err: unknown) => {
      throw isForeignKeyViolation(err) ? notFound('Folder') : err;
    });
    if (snippetCount === null) throw notFound('Folder');
    this.notifier.jobChanged(userId, row.id, 'queued');
    // The row as written is the link: answering from it spares the busiest write a read (issue 2's save p99).
    return presentLink(row, snippetCount);
  }

  /**
   * API.md: each link and its queued link_ingest_jobs row in one transaction. Answers, per link, how many
   * snippets joined it, or null when its folder is not one of its user's (nothing is written for it).
   * The folders are read before the transaction, so that it starts with a write: a SQLite transaction that
   * reads first fails (SQLITE_BUSY_SNAPSHOT) when another process commits before its first write.
   */
  private async writeNewLinks(rows: LinkRow[]): Promise<(number | null)[]> {
    const saved = await this.folders.keepOwned(rows);
    if (saved.length === 0) return rows.map(() => null);
    const joined = await this.links.db.transaction().execute(async (trx) => {
      await this.links.insert(trx, saved);
      await this.jobs.enqueue(trx, saved, nowIso());
      return this.snippets.attachOrphans(trx, saved);
    });
    const written = new Set(saved);
    return rows.map((row) => (written.has(row) ? (joined.get(row.id) ?? 0) : null));
  }

  /** SPEC.md §4: moving a link to the folder it is in changes nothing; a new URL is enriched again. */
  async update(userId: string, id: string, input: UpdateLinkBody): Promise<Link> {
    const existing = await this.require(userId, id);
    const changes: Partial<LinksTable> = {};
    if (input.title !== undefined && input.title !== existing.title) changes.title = input.title;
    if (input.description !== undefined && (input.description || null) !== existing.description) {
      changes.description = input.description || null;
    }
    if (input.folderId !== undefined && input.folderId !== existing.folder_id) {
      changes.folder_id =
        input.folderId === null ? null : (await this.folders.require(userId, input.folderId)).id;
    }
    const urlChanged = input.url !== undefined && input.url !== existing.url;
    if (urlChanged) {
      changes.url = input.url;
      changes.url_key = urlKey(input.url as string);
      changes.enrichment_status = 'queued';
    }
    if (Object.keys(changes).length === 0) return this.get(userId, id);
    const now = nowIso();
    await this.links.db.transaction().execute(async (trx) => {
      await this.links.update(trx, userId, id, { ...changes, updated_at: now });
      if (urlChanged && changes.url_key) {
        const link = { id, user_id: userId, url_key: changes.url_key };
        await this.jobs.enqueue(trx, [link], now);
        await this.snippets.attachOrphans(trx, [link]);
      }
    });
    if (urlChanged) this.notifier.jobChanged(userId, id, 'queued');
    else this.notifier.linkChanged(userId, id);
    return this.get(userId, id);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.links.delete(userId, id))) throw notFound('Link');
    this.notifier.linkDeleted(userId, id);
  }

  /** POST /api/links/:id/enrich: queue the link again, whatever its state. */
  async requeue(userId: string, id: string): Promise<void> {
    await this.require(userId, id);
    const now = nowIso();
    await this.links.db.transaction().execute(async (trx) => {
      await this.links.update(trx, userId, id, { enrichment_status: 'queued', updated_at: now });
      await this.jobs.enqueue(trx, [{ id, user_id: userId }], now);
    });
    this.notifier.jobChanged(userId, id, 'queued');
  }

  async search(userId: string, text: string, limit: number): Promise<Link[]> {
    return this.present(await this.links.search(userId, text, limit));
  }

  private async require(userId: string, id: string): Promise<LinkRecord> {
    const row = await this.links.find(this.links.db, userId, id);
    if (!row) throw notFound('Link');
    return row;
  }

  private present(rows: LinkRecord[]): Link[] {
    return rows.map((row) => presentLink(row, row.snippet_count));
  }
}
