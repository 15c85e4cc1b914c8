import type { Snippet, SnippetColor } from '../../contracts/index.js';
import { readJson } from '../lib/json-column.js';
import type { SnippetRow } from './snippets.repository.js';

export const presentSnippet = (row: SnippetRow): Snippet => ({
  id: row.id,
  userId: row.user_id,
  linkId: row.link_id,
  pageUrl: row.page_url,
  pageTitle: row.page_title,
  selectedText: row.selected_text,
  contextBefore: row.context_before,
  contextAfter: row.context_after,
  note: row.note,
  color: row.color as SnippetColor,
  positionData: readJson(row.position_data, null),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
