import { LIMITS } from '../../../../contracts/constants.js';
import { isHttpUrl } from '../../../../contracts/urls.js';

/** A page sent to Linkvault from elsewhere: the share sheet (/share), the bookmarklet (/save) or a Shortcut. */
export interface SharedPage {
  url: string;
  title: string | null;
  /** Text the person selected on the page, kept as a snippet (SPEC.md: snippets are highlighted text). */
  text: string | null;
}

/** Where a page came from: the Web Share Target's fields, or the bookmarklet's (its `text` is the selection). */
export type ShareSource = 'share' | 'bookmarklet';

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/i;

/**
 * Reads title, text and url. Many Android apps leave `url` empty and put the address in `text`, inside a
 * message of their own ("Check this out <url> via Reader"); the address is then taken from the text. Such
 * words around an address are the app's, not a passage the person selected, so shared text that carries
 * an address is never a snippet; the bookmarklet's text is the page's selection, always kept.
 * Null when there is no http(s) address to save.
 */
export function readSharedPage(params: URLSearchParams, source: ShareSource): SharedPage | null {
  const given = params.get('url')?.trim() ?? '';
  const text = params.get('text')?.trim() ?? '';
  const inText = URL_IN_TEXT.exec(text)?.[0].replace(/[).,;:!?'"\]]+$/, '');
  let url = isHttpUrl(given) ? given : null;
  if (!url && inText && isHttpUrl(inText)) url = inText;
  if (!url || url.length > LIMITS.url) return null;
  const title = params.get('title')?.trim() || null;
  const selection = source === 'bookmarklet' || !inText ? text : '';
  return {
    url,
    title: title && title !== url ? title.slice(0, LIMITS.title) : null,
    text: selection && selection !== title ? selection.slice(0, LIMITS.selectedText) : null,
  };
}
