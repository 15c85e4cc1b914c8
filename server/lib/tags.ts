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
    const key = tag.toLocaleLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    merged.push(tag);
  }
  return merged;
}
