import { createHash } from 'node:crypto';
import { PREVIEW_WIDTHS, isHttpUrl, previewVersion } from '../../contracts/index.js';
import { Markup, markup } from '../lib/markup.js';
import type { PublicFolderView, PublicLink } from './public-pages.service.js';

/**
 * The page's whole style, inline (the page loads nothing but its pictures): light and dark from the
 * reader's setting, one column that reads at 390 px, a picture beside each link from 560 px up.
 */
const STYLE = `
:root { color-scheme: light dark; --bg: #f8fafc; --card: #fff; --text: #0f172a; --muted: #475569;
  --line: #e2e8f0; --accent: #4338ca; --tag: #eef2ff; --tag-text: #3730a3; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #020617; --card: #0f172a; --text: #f1f5f9; --muted: #94a3b8; --line: #1e293b;
    --accent: #a5b4fc; --tag: #1e1b4b; --tag-text: #c7d2fe; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text);
  font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; overflow-wrap: anywhere; }
a { color: var(--accent); }
a:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; border-radius: 4px; }
.wrap { max-width: 46rem; margin: 0 auto; padding: 0 1rem; }
header { padding: 2.5rem 0 1.5rem; }
.kicker { margin: 0 0 .25rem; font-size: .8125rem; font-weight: 600; letter-spacing: .04em;
  text-transform: uppercase; color: var(--muted); }
h1 { margin: 0; font-size: clamp(1.5rem, 4vw, 2rem); line-height: 1.2; letter-spacing: -.01em; }
.meta { margin: .5rem 0 0; color: var(--muted); font-size: .9375rem; }
.links { list-style: none; margin: 0; padding: 0; display: grid; gap: .875rem; }
.link { display: grid; gap: .875rem; padding: 1rem; background: var(--card); border: 1px solid var(--line);
  border-radius: .875rem; }
@media (min-width: 560px) { .link:has(.thumb) { grid-template-columns: 11rem 1fr; } }
.thumb { display: block; aspect-ratio: 1.91; overflow: hidden; border-radius: .5rem; background: var(--line); }
.thumb img { display: block; width: 100%; height: 100%; object-fit: cover; }
.link h2 { margin: 0; font-size: 1.0625rem; line-height: 1.35; }
.link h2 a { color: var(--text); text-decoration: none; }
.link h2 a:hover { color: var(--accent); text-decoration: underline; }
.host { margin: .125rem 0 0; font-size: .8125rem; color: var(--muted); }
.summary { margin: .5rem 0 0; font-size: .9375rem; color: var(--muted); }
.tags { list-style: none; margin: .625rem 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: .375rem; }
.tags li { padding: .125rem .5rem; border-radius: 999px; background: var(--tag); color: var(--tag-text);
  font-size: .75rem; font-weight: 500; }
.empty { padding: 2.5rem 1.5rem; text-align: center; color: var(--muted); background: var(--card);
  border: 1px dashed var(--line); border-radius: .875rem; }
.empty strong { display: block; margin-bottom: .25rem; color: var(--text); font-size: 1.0625rem; }
.pages { display: flex; justify-content: space-between; gap: 1rem; margin: 1.5rem 0 0; font-weight: 500; }
footer { padding: 2.5rem 0 3rem; color: var(--muted); font-size: .8125rem; }
`;

/** The style is the page's own text, not a value: kept as it is (its hash is in the policy below). */
const OWN_STYLE = new Markup(STYLE);

/** The Content-Security-Policy of the public pages: no script of any kind, nothing from elsewhere. */
export const PUBLIC_PAGE_CSP = [
  "default-src 'none'",
  "img-src 'self'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const COUNT = new Intl.NumberFormat('en');

/** Links leave the page without telling the site where from, and lend it no standing with search engines. */
const OUTBOUND = 'noopener noreferrer nofollow ugc';

const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

/** Where the page's pictures are: the server's own copies (previews/), never the image's host. */
const previewSrc = (base: string, link: PublicLink, imageUrl: string, width: number) =>
  `${base}/preview/${encodeURIComponent(link.id)}?w=${width}&v=${previewVersion(imageUrl)}`;

/** The link's picture, linked to its page like the title (and hidden from screen readers, which have the title). */
function pictureOf(base: string, link: PublicLink, href: string, image: string): Markup {
  const srcset = PREVIEW_WIDTHS.map((width) => `${previewSrc(base, link, image, width)} ${width}w`).join(
    ', ',
  );
  return markup`<a class="thumb" href="${href}" rel="${OUTBOUND}" tabindex="-1" aria-hidden="true"><img src="${previewSrc(base, link, image, 320)}" srcset="${srcset}" sizes="(min-width: 560px) 176px, 100vw" width="320" height="168" alt="" loading="lazy"></a>`;
}

function linkItem(base: string, link: PublicLink): Markup {
  // Saved links are http(s) by rule (contracts/urls.ts); one that is not gets no link rather than a risk.
  const href = isHttpUrl(link.url) ? link.url : null;
  const saved = markup`saved <time datetime="${link.createdAt}">${DATE.format(new Date(link.createdAt))}</time>`;
  return markup`<li class="link">${href && link.imageUrl ? pictureOf(base, link, href, link.imageUrl) : null}<div>
<h2>${href ? markup`<a href="${href}" rel="${OUTBOUND}">${link.title}</a>` : link.title}</h2>
<p class="host">${href ? markup`${hostOf(href)} · ${saved}` : saved}</p>
${link.summary ? markup`<p class="summary">${link.summary}</p>` : null}
${link.tags.length > 0 ? markup`<ul class="tags" aria-label="Tags">${link.tags.map((tag) => markup`<li>${tag}</li>`)}</ul>` : null}
</div></li>
`;
}

const EMPTY = markup`<div class="empty"><strong>Nothing here yet</strong>
Links added to this folder will show up on this page and in its feed.</div>`;
const PAST_THE_END = markup`<div class="empty"><strong>No older links</strong>This is the end of the folder.</div>`;

/** The page's links, or what stands for none. */
function linkList(view: PublicFolderView, base: string, firstPage: boolean): Markup {
  if (view.links.length === 0) return firstPage ? EMPTY : PAST_THE_END;
  return markup`<ol class="links">${view.links.map((link) => linkItem(base, link))}</ol>`;
}

/** Back to the newest links (after the first page), and on to older ones (while there are more). */
function pager(view: PublicFolderView, base: string, firstPage: boolean): Markup | null {
  const older = view.nextCursor ? `${base}?after=${encodeURIComponent(view.nextCursor)}` : null;
  if (firstPage && !older) return null;
  // On the first page an empty start keeps "Older links" at the right.
  const newest = firstPage ? markup`<span></span>` : markup`<a href="${base}">← Newest links</a>`;
  return markup`<nav class="pages" aria-label="Pages">${newest}${older ? markup`<a href="${older}">Older links →</a>` : null}</nav>`;
}

/** An HTML page under /s/: its head (noindex, no referrer, the page's own style) and `body`. */
function document(title: string, body: Markup, feed: Markup | null = null): string {
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<title>${title} · Linkvault</title>
${feed}<style>${OWN_STYLE}</style>
</head>
<body>
<div class="wrap">
${body}</div>
</body>
</html>
`.text;
}

/**
 * The public page of a folder (GET /s/:token): server-rendered HTML with no script, noindex, its links
 * newest first a page at a time (`after`: the page's place, lib/cursor.ts), with a link to the Atom feed.
 * Every value goes through `markup`, which escapes it.
 */
export function publicPage(view: PublicFolderView, base: string, firstPage: boolean): string {
  const count = `${COUNT.format(view.total)} ${view.total === 1 ? 'link' : 'links'}`;
  return document(
    view.name,
    markup`<header>
<p class="kicker">Public folder</p>
<h1>${view.name}</h1>
<p class="meta">${count} · <a href="${base}/feed.atom">Atom feed</a></p>
</header>
<main>
${linkList(view, base, firstPage)}
${pager(view, base, firstPage)}
</main>
<footer>A read-only page of a folder in Linkvault, shared by its owner.</footer>
`,
    markup`<link rel="alternate" type="application/atom+xml" title="${view.name}" href="${base}/feed.atom">
`,
  );
}

/** What a public address that leads nowhere shows: the same words whatever the reason. */
export function missingPage(status: number, message: string): string {
  return document(
    'Not available',
    markup`<header><p class="kicker">Public folder</p><h1>${status === 404 ? 'Not available' : 'Cannot show this page'}</h1></header>
<main><div class="empty"><strong>${message}</strong>If someone gave you this address, ask them for a new one.</div></main>
`,
  );
}
