import type { Kysely, Transaction } from 'kysely';
import type { EnrichmentError, Platform } from '../../contracts/index.js';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { isTitleFromUrl } from './platforms.js';
import { readJson, writeJson } from '../lib/json-column.js';
import { mergeTags } from '../../contracts/tags.js';
import { rememberTags, userTags } from './user-tags.repository.js';
import { indexLinkTags } from './link-tags.repository.js';
import { LinkContentRepository, type PageContent } from './link-content.repository.js';

/** What enrichment hands the library for a link (SPEC.md §3 fields). */
export interface Enrichment {
  title: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImageUrl: string | null;
  favicon: string | null;
  platform: Platform;
  platformMetadata: Record<string, unknown>;
  extractionMethod: string;
  summaryShort: string | null;
  summaryLong: string | null;
  keyPoints: string[];
  highlights: string[];
  tags: string[];
  /** The page kept to read and search; null when the fetch found no article (a file, an image). */
  content: PageContent | null;
}

/**
 * A link's enrichment as the library writes it (the library owns every write to `links`): each step runs
 * inside the ingest queue's transaction for the link's job (queue/ingest-queue.ts), so that the job and
 * the link never disagree.
 */
export class LinkEnrichmentRepository {
  private readonly contents: LinkContentRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {
    this.contents = new LinkContentRepository(db, dialect);
  }

  /** The user's tags, which the tagger reuses so that tags do not multiply. */
  tagsOf(userId: string): Promise<string[]> {
    return userTags(this.db, userId);
  }

  /** The job was claimed: the link is being enriched, attempt `attempts`. Its address, to fetch. */
  async started(trx: Transaction<DB>, linkId: string, attempts: number): Promise<{ url: string }> {
    return trx
      .updateTable('links')
      .set({ enrichment_status: 'processing', enrichment_attempts: attempts, enrichment_retry_at: null })
      .where('id', '=', linkId)
      .returning(['url'])
      .executeTakeFirstOrThrow();
  }

  /** The address of a link whose page is fetched again only to be kept (a content job). */
  async addressOf(trx: Transaction<DB>, linkId: string): Promise<{ url: string }> {
    return trx.selectFrom('links').select('url').where('id', '=', linkId).executeTakeFirstOrThrow();
  }

  /**
   * A content job's page, kept; the link's own fields stay as its enrichment left them. A page that no
   * longer holds an article takes nothing away: what was kept before stays.
   */
  async pageFetched(
    trx: Transaction<DB>,
    link: { linkId: string; userId: string },
    content: PageContent | null,
    now: string,
  ): Promise<void> {
    if (content) await this.contents.keep(trx, link, content, now);
  }

  /**
   * The enrichment's fields, its tags added to the link's own (an import's merged in while the page was
   * fetched included), and its page's title in place of one Linkvault gave from the address; the row is
   * read in this transaction, and locked on PostgreSQL, so nothing written meanwhile is lost.
   */
  async enriched(
    trx: Transaction<DB>,
    link: { linkId: string; userId: string },
    result: Enrichment,
    now: string,
  ): Promise<void> {
    let current = trx.selectFrom('links').select(['title', 'url', 'tags']).where('id', '=', link.linkId);
    if (this.dialect === 'postgres') current = current.forUpdate();
    const row = await current.executeTakeFirstOrThrow();
    const tags = writeJson(mergeTags(readJson<string[]>(row.tags, []), result.tags));
    await trx
      .updateTable('links')
      .set({
        ...(result.title && isTitleFromUrl(row.title, row.url) && { title: result.title.slice(0, 500) }),
        summary_short: result.summaryShort,
        summary_long: result.summaryLong,
        key_points: writeJson(result.keyPoints),
        highlights: writeJson(result.highlights),
        tags,
        og_title: result.ogTitle,
        og_description: result.ogDescription,
        og_image_url: result.ogImageUrl,
        favicon: result.favicon,
        platform: result.platform,
        platform_metadata: writeJson(result.platformMetadata),
        extraction_method: result.extractionMethod,
        last_processed_at: now,
        enrichment_status: 'enriched',
        enrichment_retry_at: null,
        enrichment_error: null,
        updated_at: now,
      })
      .where('id', '=', link.linkId)
      .execute();
    await indexLinkTags(trx, [{ id: link.linkId, user_id: link.userId, tags }]);
    if (result.content) await this.contents.keep(trx, link, result.content, now);
    else await this.contents.forget(trx, link.linkId);
    await rememberTags(trx, link.userId, result.tags);
  }

  /** Another attempt comes at `retryAt`, or none (failed); `failure` says why in a person's words. */
  async failed(
    trx: Transaction<DB>,
    linkId: string,
    failure: EnrichmentError,
    retryAt: string | null,
    now: string,
  ): Promise<void> {
    await trx
      .updateTable('links')
      .set({
        enrichment_status: retryAt ? 'queued' : 'failed',
        enrichment_retry_at: retryAt,
        enrichment_error: writeJson(failure),
        updated_at: now,
      })
      .where('id', '=', linkId)
      .execute();
  }

  /** The attempt was abandoned (its worker stopping) and not counted: queued again as before it. */
  async putBack(trx: Transaction<DB>, linkId: string, attempts: number): Promise<void> {
    await trx
      .updateTable('links')
      .set({ enrichment_status: 'queued', enrichment_attempts: attempts })
      .where('id', '=', linkId)
      .execute();
  }
}
