/**
 * Only http and https are links a person saves; javascript:, file:, data: and the rest are refused
 * (SPEC.md §5). Kept apart from the zod schemas so the web app can use it without bundling zod.
 */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname.length > 0;
}

/** Query parameters that say who sent a visitor, not which page it is (API.md "Normalized URL"). */
const TRACKING_PARAMETERS = new Set(['fbclid', 'gclid', 'mc_cid', 'mc_eid', 'igshid', 'ref_src']);
const isTracking = (name: string) => {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMETERS.has(lower);
};

/**
 * The key two URLs share when they name the same page (API.md "Normalized URL"): scheme and host are
 * case-insensitive, default ports, fragments and tracking parameters do not change the page, and a
 * trailing slash is usually cosmetic. The other parameters keep their order and their encoding. Used to
 * find duplicates, to attach snippets to their link and to answer "is this page saved?" (on the server and
 * in the extension).
 */
export function urlKey(raw: string): string {
  if (!URL.canParse(raw)) return raw.trim();
  const url = new URL(raw);
  const path = url.pathname.length > 1 ? withoutTrailingSlashes(url.pathname) : '';
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !isTracking(decodeName(pair)));
  const query = kept.length > 0 ? `?${kept.join('&')}` : '';
  return `${url.protocol}//${url.host}${path}${query}`;
}

/** The address without its tracking parameters (API.md "Normalized URL"), otherwise as it was. */
export function withoutTrackers(url: URL): string {
  const names = [...url.searchParams.keys()].filter(isTracking);
  if (names.length === 0) return url.href;
  const copy = new URL(url);
  for (const name of names) copy.searchParams.delete(name);
  return copy.href;
}

/** A loop, not /\/+$/: on a long run of slashes that regex backtracks quadratically (seconds for 40,000). */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f) end -= 1;
  return path.slice(0, end);
}

function decodeName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}
