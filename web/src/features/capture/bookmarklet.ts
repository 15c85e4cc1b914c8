import { LIMITS } from '../../../../contracts/constants.js';

/**
 * The bookmarklet: a javascript: bookmark that opens a small Linkvault window at /save with the visited
 * page's address, title and selected text. Why a window rather than a script or frame added to the page:
 * pages with a strict Content-Security-Policy refuse scripts, frames and requests to other origins, but the
 * browser runs a bookmark the person clicked and opens a window from it whatever the page's policy. The
 * save then happens in Linkvault's own origin with the person's own session (its httpOnly cookie), so the
 * visited page never sees a token; and `noopener` leaves the two windows no handle on each other.
 */
export function bookmarkletHref(origin: string): string {
  const source = `(function(){var s=String(getSelection()||'').trim().slice(0,${LIMITS.selectedText}),p=new URLSearchParams({url:location.href,title:document.title});if(s)p.set('text',s);window.open(${JSON.stringify(`${origin}/save#`)}+p,'_blank','noopener,width=440,height=600')})()`;
  return `javascript:${encodeURIComponent(source)}`;
}
