/**
 * Only http and https are links a person saves; javascript:, file:, data: and the rest are refused
 * (SPEC.md §5). Kept apart from the zod schemas so the web app can use it without bundling zod.
 */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname.length > 0;
}

/**
 * The key two URLs share when they name the same page: scheme and host are case-insensitive, default
 * ports and fragments do not change the page, and a trailing slash is usually cosmetic. Used to attach
 * snippets to their link and to answer "is this page saved?" (on the server and in the extension).
 */
export function urlKey(raw: string): string {
  if (!URL.canParse(raw)) return raw.trim();
  const url = new URL(raw);
  url.hash = '';
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
  return `${url.protocol}//${url.host}${path}${url.search}`;
}
