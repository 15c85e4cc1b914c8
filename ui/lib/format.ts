/** Small text helpers shared by the dashboard's views. */

const count = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return count.format(n);
}

/** SPEC.md §2: "N saved link(s)": 1 saved link, 2 saved links. */
export function savedLinksLabel(n: number): string {
  return `${formatCount(n)} saved ${n === 1 ? 'link' : 'links'}`;
}

/** A list's loaded links: "12 links", or "50+ links" while more pages remain. */
export function linksLabel(n: number, more = false): string {
  return `${formatCount(n)}${more ? '+' : ''} ${n === 1 && !more ? 'link' : 'links'}`;
}

/** SPEC.md §2: 'N results for "query"' when a search filter is set. */
export function resultsLabel(n: number, query: string, more = false): string {
  return `${formatCount(n)}${more ? '+' : ''} ${n === 1 && !more ? 'result' : 'results'} for "${query}"`;
}

export function snippetsLabel(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'snippet' : 'snippets'}`;
}

const UNITS = ['KB', 'MB', 'GB'] as const;

/** A file size as people read it: "1 byte", "820 bytes", "14.2 KB", "3.4 MB" (1 KB = 1,024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (Math.round(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : formatCount(Math.round(value))} ${UNITS[unit]}`;
}

/** The host name of a URL without "www.", or the URL itself when it cannot be parsed. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * SPEC.md §5 accepts only URLs; people often paste "example.com/page", so a scheme-less value that
 * becomes a valid http(s) URL with "https://" in front is taken with it.
 */
export function normaliseUrl(input: string, isUrl: (value: string) => boolean): string | null {
  const value = input.trim();
  if (!value) return null;
  if (isUrl(value)) return value;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value) && value.includes('.') && isUrl(`https://${value}`)) {
    return `https://${value}`;
  }
  return null;
}
