import { escapeHtml } from '../lib/html.js';
import { noticePage } from '../lib/notice-page.js';

/**
 * The page a browser gets when an authorization request cannot be sent back to its client (unknown client,
 * unregistered redirect URI): RFC 6749 §4.1.2.1 forbids redirecting then. Rendered by the server, because
 * the request never reaches the app's own pages; the message is ours, never the request's text.
 */
export function authorizeErrorPage(message: string): string {
  return noticePage(
    'Authorization Error',
    `<p>${escapeHtml(message)}</p>\n<a href="/app">Return to Dashboard</a>`,
  );
}
