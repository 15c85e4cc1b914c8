import type { Kysely } from 'kysely';
import { after } from '../db/keyset.js';
import type { DB } from '../db/schema.js';
import type { Cursor } from '../lib/cursor.js';
import type { FolderRow, FoldersRepository } from '../library/folders.repository.js';
import type { LinkRecord, LinksRepository } from '../library/links.repository.js';
import type { SnippetRow } from '../library/snippets.repository.js';
import { treeOrder } from './tree-order.js';

/**
 * A page of an export's links, newest first, with the snippets attached to them when the writer asked for
 * them (by link id). It is emptied once the next page is asked for (see linkPages).
 */
export interface LinkPage {
  links: LinkRecord[];
  snippets: ReadonlyMap<string, SnippetRow[]>;
}

/**
 * Rows per read: large enough that a 100,000-link export is a few hundred round trips, small enough that
 * one page (with its snippets) is all of the library the process holds at a time.
 */
const PAGE_SIZE = 500;

const cursorAt = (row: { created_at: string; id: string }): Cursor => ({
  createdAt: row.created_at,
  id: row.id,
});

/**
 * Empties a page the writer is done with. V8 moves objects that keep surviving young collections straight
 * to the old generation when they are made (allocation-site pretenuring): once it did so for a page, the
 * dead page there kept its rows alive through every young collection until a full one, and a 100,000-link
 * export grew the server by 150 MB of rows nobody used. An empty page holds nothing.
 */
function released(rows: unknown[], snippets?: Map<string, SnippetRow[]>): void {
  rows.length = 0;
  snippets?.clear();
}

/** The reads of an export: a user's library a page at a time, in keyset order, never all of it at once. */
export class ExportsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly links: LinksRepository,
    private readonly folders: FoldersRepository,
  ) {}

  /** The user's folders in tree order; with `only`, that folder alone if it is the user's (else none). */
  async folderList(userId: string, only?: string): Promise<FolderRow[]> {
    if (only === undefined) return treeOrder(await this.folders.list(userId));
    const folder = await this.folders.find(userId, only);
    return folder ? [folder] : [];
  }

  /**
   * The user's links newest first, a page at a time: all of them (`folder` undefined), one folder's, or the
   * uncategorized ones (null). With `snippets`, each page's snippets come in one more query.
   */
  async *linkPages(
    userId: string,
    folder: string | null | undefined,
    options: { snippets: boolean },
  ): AsyncGenerator<LinkPage> {
    let cursor: Cursor | null = null;
    for (;;) {
      // The list's own query: one row more than the page tells whether another follows.
      const links = await this.links.page(userId, {
        folder,
        order: { sort: 'newest', cursor },
        limit: PAGE_SIZE,
      });
      const more = links.length > PAGE_SIZE;
      if (more) links.pop();
      const last = links.at(-1);
      if (!last) return;
      const snippets = options.snippets
        ? await this.snippetsOf(userId, links)
        : new Map<string, SnippetRow[]>();
      yield { links, snippets };
      released(links, snippets);
      if (!more) return;
      cursor = cursorAt(last);
    }
  }

  /** Snippets on pages that are not saved links, newest first, a page at a time. */
  async *unattachedSnippetPages(userId: string): AsyncGenerator<SnippetRow[]> {
    let cursor: Cursor | null = null;
    for (;;) {
      let query = this.db
        .selectFrom('snippets')
        .selectAll()
        .where('snippets.user_id', '=', userId)
        .where('snippets.link_id', 'is', null);
      if (cursor) query = query.where(after('snippets', cursor));
      const page = await query
        .orderBy('snippets.created_at', 'desc')
        .orderBy('snippets.id', 'desc')
        .limit(PAGE_SIZE)
        .execute();
      const more = page.length === PAGE_SIZE;
      const last = page.at(-1);
      if (!last) return;
      yield page;
      released(page);
      if (!more) return;
      cursor = cursorAt(last);
    }
  }

  /** The snippets of these links, oldest first on each (the order they were made while reading). */
  private async snippetsOf(userId: string, links: readonly LinkRecord[]): Promise<Map<string, SnippetRow[]>> {
    const byLink = new Map<string, SnippetRow[]>();
    // snippet_count comes with each link: most pages of a library have few links with snippets, or none.
    const ids = links.filter((link) => link.snippet_count > 0).map((link) => link.id);
    if (ids.length === 0) return byLink;
    const rows = await this.db
      .selectFrom('snippets')
      .selectAll()
      .where('user_id', '=', userId)
      .where('link_id', 'in', ids)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    for (const row of rows) {
      if (row.link_id === null) continue;
      const list = byLink.get(row.link_id) ?? [];
      list.push(row);
      byLink.set(row.link_id, list);
    }
    return byLink;
  }
}
