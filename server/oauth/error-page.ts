import { escapeHtml } from '../lib/html.js';

/**
 * The page a browser gets when an authorization request cannot be sent back to its client (unknown client,
 * unregistered redirect URI): RFC 6749 §4.1.2.1 forbids redirecting then. Rendered by the server, because
 * the request never reaches the app's own pages; the message is ours, never the request's text.
 */
export function authorizeErrorPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Authorization Error · Linkvault</title>
<style>
  body { margin: 0; min-height: 100dvh; display: grid; place-items: center; font: 16px/1.5 system-ui, sans-serif;
         background: Canvas; color: CanvasText; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
  p { margin: 0 0 1.5rem; opacity: .8; }
  a { display: inline-block; padding: .5rem 1rem; border-radius: .5rem; background: #4f46e5; color: #fff;
      text-decoration: none; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>Authorization Error</h1>
<p>${escapeHtml(message)}</p>
<a href="/app">Return to Dashboard</a>
</main>
</body>
</html>
`;
}
