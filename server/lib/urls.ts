import { UNTITLED_LINK } from '../../contracts/index.js';

/** Shared with the browser extension, which must find the same page the same way (contracts/urls.ts). */
export { urlKey } from '../../contracts/urls.js';

/** SPEC.md §5: the host without 'www.', first letter capitalised, or 'Untitled Link'. */
export function titleFromUrl(raw: string): string {
  if (!URL.canParse(raw)) return UNTITLED_LINK;
  const host = new URL(raw).hostname.replace(/^www\./i, '');
  return host ? host.charAt(0).toUpperCase() + host.slice(1) : UNTITLED_LINK;
}

/** A part of a URL's path as text; a malformed escape (`%E0%A4`) leaves the part as it is written. */
export function decodedPathPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
