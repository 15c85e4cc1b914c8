import { createHash } from 'node:crypto';
import { markup } from '../lib/markup.js';
import { type RenderedWeek, reportHtml, weekPageUrl, weekTitle } from './report-render.js';

/** A week of the feed: its report, and when it ended (its entry's `updated`, RFC 3339). */
export interface FeedWeek extends RenderedWeek {
  endedAt: string;
}

/**
 * A lasting id made from `name` (RFC 4287 §4.2.6: an entry's id never changes): a UUID of its SHA-256
 * (RFC 9562's version 8, for ids of one's own making), so rotating the feed's URL keeps every id.
 */
function uuidOf(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A person's private Atom feed (RFC 4287) of their weekly reports, newest first, each as an entry whose
 * content is the report in HTML (escaped into the XML, type="html"). Its own URL, which holds the token,
 * is its rel="self" link: a feed reader keeps it, and whoever has the document has the URL already.
 */
export function insightFeed(options: {
  userId: string;
  appUrl: string;
  feedUrl: string;
  weeks: readonly FeedWeek[];
  /** When the feed last changed when it has no entry: when it was asked for. */
  now: string;
}): string {
  const { userId, appUrl, feedUrl, weeks } = options;
  // `markup` rather than plain escaping: it also drops the characters XML forbids (a page's title may
  // hold one), which would make the whole feed unreadable to a feed reader.
  const entries = weeks.map(
    (week) => markup`  <entry>
    <id>${uuidOf(`linkvault insights ${userId} ${week.report.week}`)}</id>
    <title>${weekTitle(week.report)}</title>
    <updated>${week.endedAt}</updated>
    <link rel="alternate" type="text/html" href="${weekPageUrl(week)}"/>
    <content type="html">${reportHtml(week)}</content>
  </entry>
`,
  );
  return markup`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${uuidOf(`linkvault insights ${userId}`)}</id>
  <title>Linkvault weekly insights</title>
  <updated>${weeks[0]?.endedAt ?? options.now}</updated>
  <author><name>Linkvault</name></author>
  <link rel="self" type="application/atom+xml" href="${feedUrl}"/>
  <link rel="alternate" type="text/html" href="${`${appUrl}/app/insights`}"/>
${entries}</feed>
`.text;
}
