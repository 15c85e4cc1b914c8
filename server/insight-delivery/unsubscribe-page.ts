import { escapeHtml } from '../lib/html.js';
import { noticePage } from '../lib/notice-page.js';

/** What the unsubscribe link's page says: asking, done, or a link that stands for no mail. */
export type UnsubscribeState =
  { step: 'ask'; email: string; action: string } | { step: 'done'; email: string } | { step: 'unknown' };

/**
 * The page an unsubscribe link opens, rendered by the server: it works without signing in, from any mail
 * reader. Opening the link only asks (a mail scanner that follows links must not unsubscribe anyone); the
 * button POSTs, as RFC 8058's one-click does.
 */
export function unsubscribePage(state: UnsubscribeState): string {
  const e = escapeHtml;
  const [title, body] =
    state.step === 'ask'
      ? [
          'Stop the weekly e-mail?',
          `<p>${e(state.email)} will no longer get the weekly insight e-mail. The Insights page, and a feed if
you made one, stay as they are.</p>
<form method="post" action="${e(state.action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`,
        ]
      : state.step === 'done'
        ? [
            'Unsubscribed',
            `<p>${e(state.email)} will get no more weekly insight e-mails. You can turn them on again on the
Insights page.</p>
<a href="/app/insights">Open Insights</a>`,
          ]
        : [
            'Link not valid',
            '<p>This unsubscribe link does not belong to any mail Linkvault sent. You can turn the weekly e-mail off on the Insights page.</p>\n<a href="/app/insights">Open Insights</a>',
          ];
  return noticePage(title, body);
}
