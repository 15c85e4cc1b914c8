import { type Transaction, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { searchText } from '../enrich/text/search-text.js';
import { readJson } from '../lib/json-column.js';
import { unpackText } from '../lib/packed-text.js';
import { ownerWord } from '../library/link-content.repository.js';
import { rememberTags } from '../library/user-tags.repository.js';

/** Rows per statement: ids only, well under both engines' bound-parameter limits. */
const IDS_PER_STATEMENT = 1_000;

/**
 * Links change hands when they move into or out of a shared folder (issue 19): a link in a folder is
 * always its owner's row, whoever saved or moved it there, so that every count, tag and index of a
 * person's library stays one person's. Everything kept per person for a link follows it, in the caller's
 * transaction:
 * - links.user_id and folder_id together: the count triggers (migrations 0003, 0019) take one from the
 *   old person's folder and add one to the new person's;
 * - link_tags (the Tags page, ?tag=), and the tags into the new person's vocabulary (user_tags);
 * - a waiting enrichment job, so that its result is written to the link as it is now;
 * - the kept page's words in the full-text index, which holds each page under its person (migrations
 *   0012 and 0015).
 * Snippets stay with whoever made them (they are personal), and so do the reading marks with the link.
 * Returns how many of `ids` were `from`'s links and moved.
 */
export class LinkHandover {
  constructor(private readonly dialect: Dialect) {}

  async move(
    trx: Transaction<DB>,
    ids: readonly string[],
    move: { from: string; to: string; folderId: string | null; now: string },
  ): Promise<number> {
    let moved = 0;
    for (let at = 0; at < ids.length; at += IDS_PER_STATEMENT) {
      moved += await this.moveBatch(trx, ids.slice(at, at + IDS_PER_STATEMENT), move);
    }
    return moved;
  }

  private async moveBatch(
    trx: Transaction<DB>,
    ids: readonly string[],
    { from, to, folderId, now }: { from: string; to: string; folderId: string | null; now: string },
  ): Promise<number> {
    const result = await trx
      .updateTable('links')
      .set({ user_id: to, folder_id: folderId, updated_at: now })
      .where('user_id', '=', from)
      .where('id', 'in', ids)
      .executeTakeFirst();
    const moved = Number(result.numUpdatedRows);
    if (moved === 0) return 0;
    // Only the rows now `to`'s: an id that was not `from`'s changes nothing below either.
    const handed = (column: 'link_id') =>
      sql<boolean>`${sql.ref(column)} IN (SELECT id FROM links WHERE user_id = ${to} AND id IN (${sql.join(ids)}))`;
    await trx.updateTable('link_tags').set({ user_id: to }).where(handed('link_id')).execute();
    await trx.updateTable('link_ingest_jobs').set({ user_id: to }).where(handed('link_id')).execute();
    const tagged = await trx
      .selectFrom('links')
      .select('tags')
      .where('user_id', '=', to)
      .where('id', 'in', ids)
      .where('tags', '<>', '[]')
      .execute();
    await rememberTags(
      trx,
      to,
      tagged.flatMap((row) => readJson<string[]>(row.tags, [])),
    );
    if (this.dialect === 'postgres') {
      await trx.updateTable('link_contents_search').set({ user_id: to }).where(handed('link_id')).execute();
    } else {
      await this.reindexOnSqlite(trx, ids, to);
    }
    return moved;
  }

  /**
   * SQLite's full-text index is contentless (migration 0012): an entry cannot be rewritten, only deleted
   * and written again, from the kept text, under the new person's owner word.
   */
  private async reindexOnSqlite(trx: Transaction<DB>, ids: readonly string[], to: string): Promise<void> {
    const pages = await trx
      .selectFrom('links')
      .innerJoin('link_contents', 'link_contents.link_id', 'links.id')
      .select(['links.seq', 'link_contents.text'])
      .where('links.user_id', '=', to)
      .where('links.id', 'in', ids)
      .execute();
    for (const page of pages) {
      await sql`DELETE FROM link_contents_fts WHERE rowid = ${page.seq}`.execute(trx);
      await sql`INSERT INTO link_contents_fts(rowid, owner, body)
        VALUES (${page.seq}, ${ownerWord(to)}, ${searchText(unpackText(page.text))})`.execute(trx);
    }
  }
}
