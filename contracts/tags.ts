import { LIMITS } from './constants.js';

/**
 * Tags as server, web app and extension compare them. Kept apart from the zod schemas so the web app can
 * use it without bundling zod.
 */

/** A tag as a person writes it: no NULs, trimmed, inner white space collapsed, at most LIMITS.tag long. */
export function cleanTag(raw: string): string {
  return raw.replaceAll('\u0000', '').replace(/\s+/g, ' ').trim().slice(0, LIMITS.tag).trim();
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
