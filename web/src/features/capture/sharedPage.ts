import { LIMITS } from '../../../../contracts/constants.js';
import { isHttpUrl } from '../../../../contracts/urls.js';

/** A page sent to Linkvault from elsewhere: the share sheet (/share), the bookmarklet (/save) or a Shortcut. */
export interface SharedPage {
  url: string;
  title: string | null;
  /** Text that came with it: the selection, for the bookmarklet. */
  text: string | null;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/i;

/**
 * Reads title, text and url (the Web Share Target's fields). Many Android apps leave `url` empty and put
 * the address in `text`, often after a headline; the address is then taken from the text and the rest is
 * kept as text. Null when there is no http(s) address to save.
 */
export function readSharedPage(params: URLSearchParams): SharedPage | null {
  const given = params.get('url')?.trim() ?? '';
  let text = params.get('text')?.trim() ?? '';
  let url = isHttpUrl(given) ? given : null;
  if (!url) {
    const found = URL_IN_TEXT.exec(text)?.[0].replace(/[).,;:!?'"\]]+$/, '');
    if (found && isHttpUrl(found)) {
      url = found;
      text = text.replace(found, '').trim();
    }
  }
  if (!url || url.length > LIMITS.url) return null;
  const title = params.get('title')?.trim() || null;
  return {
    url,
    title: title && title !== url ? title.slice(0, LIMITS.title) : null,
    text: text && text !== title ? text.slice(0, LIMITS.selectedText) : null,
  };
}
