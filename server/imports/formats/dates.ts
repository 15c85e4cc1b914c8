/**
 * Dates as bookmark files write them, to ISO-8601. A date no bookmark can have (before the web, or in
 * the future) reads as none, so a broken value never reorders a library.
 */
const EARLIEST = Date.UTC(1990, 0, 1);
const LATEST_AHEAD_MS = 24 * 60 * 60 * 1000;

const plausible = (ms: number): string | null =>
  Number.isFinite(ms) && ms >= EARLIEST && ms <= Date.now() + LATEST_AHEAD_MS
    ? new Date(ms).toISOString()
    : null;

/**
 * A count since 1970 in seconds (Netscape ADD_DATE, Pocket, Instapaper, Karakeep), milliseconds, or
 * microseconds (Google Bookmarks, Firefox's dateAdded), told apart by magnitude: seconds of our era are
 * about 1e9, milliseconds 1e12, microseconds 1e15.
 */
export function fromUnixTime(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n) || n <= 0) return null;
  if (n < 1e11) return plausible(n * 1000);
  if (n < 1e14) return plausible(n);
  return plausible(n / 1000);
}

/** Chrome's date_added: microseconds since 1601-01-01 (the Windows FILETIME epoch), as a string. */
const WEBKIT_EPOCH_OFFSET_MS = 11_644_473_600_000;
export function fromWebKitTime(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return null;
  return plausible(n / 1000 - WEBKIT_EPOCH_OFFSET_MS);
}

/** An ISO-8601 or RFC 2822 date string ("2016-09-08T11:55:58+0200", "2024-10-29T16:30:11.000Z"). */
export function fromDateString(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  // "+0200" is ISO-8601's basic form, which Date.parse does not read; give it the colon it expects.
  const normalised = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  return plausible(Date.parse(normalised));
}
