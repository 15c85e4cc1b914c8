import { UNTITLED_LINK } from '../../contracts/index.js';

/**
 * The key two URLs share when they name the same page: scheme and host are case-insensitive, default
 * ports and fragments do not change the page, and a trailing slash is usually cosmetic. Used to attach
 * snippets to their link and to answer "is this page saved?".
 */
export function urlKey(raw: string): string {
  if (!URL.canParse(raw)) return raw.trim();
  const url = new URL(raw);
  url.hash = '';
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
  return `${url.protocol}//${url.host}${path}${url.search}`;
}

/** SPEC.md §5: the host without 'www.', first letter capitalised, or 'Untitled Link'. */
export function titleFromUrl(raw: string): string {
  if (!URL.canParse(raw)) return UNTITLED_LINK;
  const host = new URL(raw).hostname.replace(/^www\./i, '');
  return host ? host.charAt(0).toUpperCase() + host.slice(1) : UNTITLED_LINK;
}
