import { escapeHtml } from '../lib/html.js';

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
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title} · Linkvault</title>
<style>
  body { margin: 0; min-height: 100dvh; display: grid; place-items: center; font: 16px/1.5 system-ui, sans-serif;
         background: Canvas; color: CanvasText; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
  p { margin: 0 0 1.5rem; opacity: .85; overflow-wrap: anywhere; }
  a, button { display: inline-block; padding: .5rem 1rem; border: 0; border-radius: .5rem; background: #4f46e5;
              color: #fff; text-decoration: none; font: inherit; font-weight: 600; cursor: pointer; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
}
