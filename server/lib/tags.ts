import { tagKey } from '../../contracts/tags.js';
import { readJson } from './json-column.js';

/** A link as its tags are indexed (link_tags, migration 0017): links.tags as stored, JSON text. */
export interface TaggedLink {
  id: string;
  user_id: string;
  tags: string;
}

/** A link's link_tags rows: one per tag, the first spelling of each kept (as mergeTags keeps it). */
export function tagIndexRows(link: TaggedLink) {
  const tags = readJson<unknown>(link.tags, []);
  const byKey = new Map<string, string>();
  for (const tag of Array.isArray(tags) ? tags : []) {
    if (typeof tag !== 'string') continue;
    const key = tagKey(tag);
    if (key && !byKey.has(key)) byKey.set(key, tag);
  }
  return [...byKey].map(([key, tag]) => ({ link_id: link.id, user_id: link.user_id, tag_key: key, tag }));
}
