import { type Kysely, type Transaction, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { unpackText } from '../lib/packed-text.js';
import { indexRecent, unindexRecent } from './fts5-recent.js';

/**
 * A page as enrichment keeps it to read and search later (API.md "Reading, organising and finding"): its
 * article for the reader, its text and its archived copy, each packed (lib/packed-text.ts) where the page
 * was parsed, so the web process never holds them as strings on their way to the database.
 */
export interface PageContent {
  html: Uint8Array;
  text: Uint8Array;
  archive: Uint8Array;
  /** Its words as the full-text index takes them (enrich/text/search-text.ts), UTF-8. */
  searchText: Uint8Array;
  byline: string | null;
  siteName: string | null;
  language: string;
  wordCount: number;
  readingMinutes: number;
}

/** The word that stands for a person in SQLite's full-text index (migration 0012): their id without hyphens. */
export const ownerWord = (userId: string) => `u${userId.replaceAll('-', '')}`;

/** A link's kept page, unpacked, as the reader reads it. */
export interface StoredContent {
  html: string;
  text: string;
  byline: string | null;
  siteName: string | null;
  language: string;
  wordCount: number;
  readingMinutes: number;
  fetchedAt: string;
}

export class LinkContentRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * The page as this fetch found it, in place of what an earlier one kept, and its words in the full-text
   * index. The words arrive as UTF-8 bytes and become text in the database (SQLite's CAST, PostgreSQL's
   * convert_from): a page's worth of words is never a string on the web process's heap.
   */
  async keep(
    trx: Transaction<DB>,
    link: { linkId: string; userId: string },
    content: PageContent,
    fetchedAt: string,
  ): Promise<void> {
    const linkId = link.linkId;
    const words = content.searchText;
    const row = {
      html: content.html,
      text: content.text,
      archive: content.archive,
      byline: content.byline,
      site_name: content.siteName,
      language: content.language,
      word_count: content.wordCount,
      reading_minutes: content.readingMinutes,
      fetched_at: fetchedAt,
    };
    await trx
      .insertInto('link_contents')
      .values({ link_id: linkId, ...row })
      .onConflict((oc) => oc.column('link_id').doUpdateSet(row))
      .execute();
    if (this.dialect === 'postgres') {
      // The person and the date come from the link itself (migration 0015), held while this transaction
      // lasts: a date changed meanwhile (an import's merge) would otherwise miss the row this writes.
      await trx
        .insertInto('link_contents_search')
        .columns(['link_id', 'user_id', 'link_created_at', 'words'])
        .expression((eb) =>
          eb
            .selectFrom('links')
            .select([
              'id',
              'user_id',
              'created_at',
              sql<string>`to_tsvector('simple', convert_from(${words}, 'UTF8'))`.as('words'),
            ])
            .where('id', '=', linkId)
            .forShare(),
        )
        .onConflict((oc) =>
          oc.column('link_id').doUpdateSet({
            words: (eb) => eb.ref('excluded.words'),
            link_created_at: (eb) => eb.ref('excluded.link_created_at'),
          }),
        )
        .execute();
      return;
    }
    await this.unindex(trx, linkId);
    await sql`INSERT INTO link_contents_fts(rowid, owner, body)
      SELECT seq, ${ownerWord(link.userId)}, CAST(${words} AS TEXT) FROM links WHERE id = ${linkId}`.execute(
      trx,
    );
    await indexRecent(trx, linkId, words);
  }

  /** A fetch that found no article (a PDF, an image) leaves nothing to read of the page any more. */
  async forget(trx: Transaction<DB>, linkId: string): Promise<void> {
    // On PostgreSQL its words go with the row (a foreign key's cascade).
    await trx.deleteFrom('link_contents').where('link_id', '=', linkId).execute();
    if (this.dialect === 'sqlite') await this.unindex(trx, linkId);
  }

  /** SQLite: the link's words out of the contentless indexes. */
  private async unindex(trx: Transaction<DB>, linkId: string): Promise<void> {
    await sql`DELETE FROM link_contents_fts WHERE rowid = (SELECT seq FROM links WHERE id = ${linkId})`.execute(
      trx,
    );
    await unindexRecent(trx, linkId);
  }

  /** The reader's content of one of the user's links; undefined before a fetch kept any. */
  async find(userId: string, linkId: string): Promise<StoredContent | undefined> {
    const row = await this.owned(userId, linkId)
      .select([
        'link_contents.html',
        'link_contents.text',
        'link_contents.byline',
        'link_contents.site_name',
        'link_contents.language',
        'link_contents.word_count',
        'link_contents.reading_minutes',
        'link_contents.fetched_at',
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      html: unpackText(row.html),
      text: unpackText(row.text),
      byline: row.byline,
      siteName: row.site_name,
      language: row.language,
      wordCount: Number(row.word_count),
      readingMinutes: Number(row.reading_minutes),
      fetchedAt: row.fetched_at,
    };
  }

  /** The archived copy of one of the user's links, unpacked; undefined before a fetch kept one. */
  async findArchive(
    userId: string,
    linkId: string,
  ): Promise<{ html: string; fetchedAt: string } | undefined> {
    const row = await this.owned(userId, linkId)
      .select(['link_contents.archive', 'link_contents.fetched_at'])
      .executeTakeFirst();
    return row && { html: unpackText(row.archive), fetchedAt: row.fetched_at };
  }

  /** The kept page of a link, found only through its owner's link (another person's is never read). */
  private owned(userId: string, linkId: string) {
    return this.db
      .selectFrom('link_contents')
      .innerJoin('links', 'links.id', 'link_contents.link_id')
      .where('links.user_id', '=', userId)
      .where('links.id', '=', linkId);
  }
}
