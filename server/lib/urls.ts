import { UNTITLED_LINK } from '../../contracts/index.js';

/** Shared with the browser extension, which must find the same page the same way (contracts/urls.ts). */
export { urlKey } from '../../contracts/urls.js';

/** SPEC.md §5: the host without 'www.', first letter capitalised, or 'Untitled Link'. */
export function titleFromUrl(raw: string): string {
  if (!URL.canParse(raw)) return UNTITLED_LINK;
  const host = new URL(raw).hostname.replace(/^www\./i, '');
  return host ? host.charAt(0).toUpperCase() + host.slice(1) : UNTITLED_LINK;
}

/**
 * A part of a URL's path as text. Each run of escapes is decoded on its own, so a malformed one
 * (`%E0%A4`, a lone `%` at the end) stays as it is written and the rest still reads as text:
 * `report%20q3.pdf%` is `report q3.pdf%`.
 */
export function decodedPathPart(part: string): string {
  return part.replace(/(?:%[\da-f]{2})+/gi, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}
