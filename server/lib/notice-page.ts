import { escapeHtml } from './html.js';

/**
 * A short page the server renders for a browser that is outside the web app (an authorization that cannot
 * go back to its client, a mail's unsubscribe link): a title and a few lines, centred, light or dark as the
 * reader's system is, with its buttons and links drawn as buttons. `body` is markup, its values already
 * escaped by the caller; the title is escaped here.
 */
export function noticePage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} · Linkvault</title>
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
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}
