import { readJson } from './json-column.js';
import { withoutNul } from './text.js';

/** A tag as a person writes it: trimmed, inner white space collapsed, at most this long. */
export const TAG_MAX_CHARS = 64;

export function cleanTag(raw: string): string {
  return withoutNul(raw).replace(/\s+/g, ' ').trim().slice(0, TAG_MAX_CHARS).trim();
}

/**
 * `first`, then those of `more` it lacks, compared without case ("Rust" and "rust" are one tag; the first
 * spelling stays). Blank tags are dropped.
 */
export function mergeTags(first: readonly string[], more: readonly string[]): string[] {
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const raw of [...first, ...more]) {
    const tag = cleanTag(raw);
    const key = tagKey(tag);
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    merged.push(tag);
  }
  return merged;
}

/** The form under which a person's tags are one (mergeTags' comparison): what ?tag= and the Tags page match on. */
export function tagKey(tag: string): string {
  return cleanTag(tag).toLowerCase();
}

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
