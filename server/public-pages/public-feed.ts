import { markup } from '../lib/markup.js';
import type { PublicLink } from './public-pages.service.js';

/**
 * The Atom feed of a public folder (RFC 4287; GET /s/:token/feed.atom), its newest links first. The feed's
 * id is its own address, so a new address (publishing again) is a new feed; each entry's id is its link's
 * (urn:uuid), the same on every address. An entry's `updated` is when the link was saved: the row's
 * updated_at also moves when its owner reads or stars it, which is theirs to know. The feed's author is
 * the folder (RFC 4287 §4.1.1 wants one): the owner's name and address are not the reader's to know.
 */
export function publicFeed(
  view: { name: string; publishedAt: string; links: PublicLink[] },
  pageUrl: string,
): string {
  const feedUrl = `${pageUrl}/feed.atom`;
  const updated = [view.publishedAt, ...view.links.map((link) => link.createdAt)].reduce((a, b) =>
    a > b ? a : b,
  );
  return markup`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${feedUrl}</id>
<title>${view.name}</title>
<updated>${updated}</updated>
<author><name>${view.name}</name></author>
<generator>Linkvault</generator>
<link rel="self" type="application/atom+xml" href="${feedUrl}"/>
<link rel="alternate" type="text/html" href="${pageUrl}"/>
${view.links.map(
  (link) => markup`<entry>
<id>urn:uuid:${link.id}</id>
<title>${link.title}</title>
<link rel="alternate" href="${link.url}"/>
<published>${link.createdAt}</published>
<updated>${link.createdAt}</updated>
${link.summary ? markup`<summary>${link.summary}</summary>` : null}
${link.tags.map((tag) => markup`<category term="${tag}"/>`)}
</entry>
`,
)}</feed>
`.text;
}
