/** A text cut at the [start, end) ranges the server marked (a page's text matched by words, API.md). */
export function markedSegments(text: string, marks: readonly (readonly [number, number])[]): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) segments.push({ text: text.slice(at, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}

/**
 * Where a search query occurs in a text, for highlighting. The server matches case-insensitive substrings
 * (SPEC.md §5), so the same rule is applied here: every occurrence, ignoring case.
 */
export interface Segment {
  text: string;
  match: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function splitMatches(text: string, query: string): Segment[] {
  const needle = query.trim();
  if (!needle || !text) return text ? [{ text, match: false }] : [];
  const pattern = new RegExp(escapeRegExp(needle), 'giu');
  const segments: Segment[] = [];
  let at = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index;
    if (start > at) segments.push({ text: text.slice(at, start), match: false });
    segments.push({ text: found[0], match: true });
    at = start + found[0].length;
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}

/**
 * A window of a long text around the first match, so a hit deep inside a description or a snippet is
 * visible in a two-line preview. Cuts at word boundaries and marks cuts with an ellipsis.
 */
export function excerptAround(text: string, query: string, lead = 48, length = 220): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const needle = query.trim().toLowerCase();
  const index = needle ? clean.toLowerCase().indexOf(needle) : -1;
  let start = index > lead ? index - lead : 0;
  if (start > 0) {
    const space = clean.indexOf(' ', start);
    if (space !== -1 && space < index) start = space + 1;
  }
  let end = Math.min(clean.length, Math.max(start + length, index + needle.length));
  if (end < clean.length) {
    const space = clean.lastIndexOf(' ', end);
    if (space > Math.max(start, index + needle.length)) end = space;
  }
  return `${start > 0 ? '…' : ''}${clean.slice(start, end)}${end < clean.length ? '…' : ''}`;
}

/** A URL without its scheme and "www.", as people read it. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.host.replace(/^www\./, '')}${path}${parsed.search}`;
  } catch {
    return url;
  }
}
