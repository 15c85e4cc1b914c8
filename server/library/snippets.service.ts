import {
  type CreateSnippetBody,
  DEFAULT_SNIPPET_COLOR,
  type ListSnippetsQuery,
  PAGE_LIMIT_DEFAULT,
  type Snippet,
} from '../../contracts/index.js';
import { notFound } from '../http/errors.js';
import { decodeCursor, toPage } from '../lib/cursor.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/clock.js';
import { writeJson } from '../lib/json-column.js';
import { urlKey } from '../lib/urls.js';
import type { LinksRepository } from './links.repository.js';
import { presentSnippet } from './snippets.presenter.js';
import type { SnippetRow, SnippetsRepository } from './snippets.repository.js';

export class SnippetsService {
  constructor(
    private readonly snippets: SnippetsRepository,
    private readonly links: LinksRepository,
  ) {}

  async list(userId: string, query: ListSnippetsQuery) {
    const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
    const rows = await this.snippets.page(userId, decodeCursor(query.cursor), limit, {
      linkId: query.linkId,
      pageUrlKey: query.pageUrl === undefined ? undefined : urlKey(query.pageUrl),
    });
    const page = toPage(rows, limit);
    return { items: page.items.map(presentSnippet), nextCursor: page.nextCursor };
  }

  async create(userId: string, input: CreateSnippetBody): Promise<Snippet> {
    const pageUrlKey = urlKey(input.pageUrl);
    let linkId: string | null = null;
    if (input.linkId) {
      if (!(await this.links.find(this.links.db, userId, input.linkId))) throw notFound('Link');
      linkId = input.linkId;
    } else {
      linkId = (await this.links.findIdByUrlKey(this.links.db, userId, pageUrlKey)) ?? null;
    }
    const now = nowIso();
    const row: SnippetRow = {
      id: newId(),
      user_id: userId,
      link_id: linkId,
      page_url: input.pageUrl,
      page_url_key: pageUrlKey,
      page_title: input.pageTitle || null,
      selected_text: input.selectedText,
      context_before: input.contextBefore ?? null,
      context_after: input.contextAfter ?? null,
      note: input.note ?? null,
      color: input.color ?? DEFAULT_SNIPPET_COLOR,
      position_data:
        input.positionData === undefined || input.positionData === null
          ? null
          : writeJson(input.positionData),
      created_at: now,
      updated_at: now,
    };
    await this.snippets.insert(row);
    return presentSnippet(row);
  }

  async updateNote(userId: string, id: string, note: string | null): Promise<Snippet> {
    if (!(await this.snippets.updateNote(userId, id, note, nowIso()))) throw notFound('Snippet');
    const row = await this.snippets.find(userId, id);
    if (!row) throw notFound('Snippet');
    return presentSnippet(row);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.snippets.delete(userId, id))) throw notFound('Snippet');
  }

  async search(userId: string, text: string, limit: number): Promise<Snippet[]> {
    return (await this.snippets.search(userId, text, limit)).map(presentSnippet);
  }
}
