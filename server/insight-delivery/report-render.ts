import { type Insights, dayLabel, parseIsoWeek, weekLabel } from '../../contracts/index.js';
import { escapeHtml } from '../lib/html.js';

/**
 * One week's insight report as the e-mail and the Atom feed show it, in plain text and in HTML: the
 * figures, the tags, the week's newest links with their short summaries, older links worth another look,
 * and links back into the app. Everything from the library is escaped: titles and summaries are pages'
 * own words.
 */

/** A report and where the app is (PUBLIC_URL), for its links. */
export interface RenderedWeek {
  report: Insights;
  appUrl: string;
}

/** "Your week in Linkvault: Mar 2 – 8, 2026", the week named as the Insights page names it. */
export function weekTitle(report: Insights): string {
  const week = parseIsoWeek(report.week);
  return `Your week in Linkvault: ${week ? weekLabel(week) : report.week}`;
}

export const weekPageUrl = ({ report, appUrl }: RenderedWeek) => `${appUrl}/app/insights?week=${report.week}`;
const readerUrl = (appUrl: string, linkId: string) => `${appUrl}/app/read/${linkId}`;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
const counted = (items: readonly { name: string; count: number }[]) =>
  items.map((item) => `${item.name} (${item.count})`).join(', ');

/** The lines of figures both parts show, as [label, value]; empty lists are left out. */
function figures(report: Insights): [string, string][] {
  // A busiest day only when one day had more than every other.
  const [busiest, next] = [...report.byDay].sort((a, b) => b.count - a.count);
  const rows: [string, string][] = [
    ['Saved', plural(report.saved, 'link')],
    ['Read', plural(report.read, 'link')],
    ['Still unread', plural(report.unread, 'link')],
  ];
  if (busiest && busiest.count > (next?.count ?? 0))
    rows.push(['Busiest day', `${dayLabel(busiest.date)} (${busiest.count})`]);
  if (report.byFolder.length > 0) rows.push(['Folders', counted(report.byFolder)]);
  if (report.topTags.length > 0)
    rows.push(['Top tags', counted(report.topTags.map((tag) => ({ name: tag.tag, count: tag.count })))]);
  if (report.newTags.length > 0) rows.push(['New tags', report.newTags.map((tag) => tag.tag).join(', ')]);
  return rows;
}

export function reportText(week: RenderedWeek): string {
  const { report, appUrl } = week;
  const lines = [
    weekTitle(report),
    '',
    ...figures(report).map(([label, value]) => `${label}: ${value}`),
    '',
    'Newest links',
    ...report.digest.flatMap((entry) => [
      `- ${entry.title}`,
      ...(entry.summaryShort ? [`  ${entry.summaryShort}`] : []),
      `  ${readerUrl(appUrl, entry.linkId)}`,
    ]),
  ];
  if (report.rediscover.length > 0)
    lines.push(
      '',
      'Worth another look',
      ...report.rediscover.flatMap((link) => [`- ${link.title}`, `  ${readerUrl(appUrl, link.id)}`]),
    );
  lines.push('', `The whole week: ${weekPageUrl(week)}`);
  return lines.join('\n');
}

const MUTED = 'color:#64748b';
const LINK = 'color:#4f46e5';

/** The report as an HTML fragment with inline styles (mail readers drop style sheets). */
export function reportHtml(week: RenderedWeek): string {
  const { report, appUrl } = week;
  const e = escapeHtml;
  const item = (title: string, href: string, summary: string | null) =>
    `<li style="margin:0 0 10px"><a href="${e(href)}" style="${LINK}">${e(title)}</a>${
      summary ? `<br><span style="${MUTED}">${e(summary)}</span>` : ''
    }</li>`;
  const list = (items: string[]) => `<ul style="padding-left:20px;margin:0 0 16px">${items.join('')}</ul>`;
  return [
    `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${figures(report)
      .map(
        ([label, value]) =>
          `<tr><th scope="row" style="text-align:left;padding:2px 16px 2px 0;font-weight:600">${e(label)}</th><td style="padding:2px 0">${e(value)}</td></tr>`,
      )
      .join('')}</table>`,
    `<h2 style="font-size:16px;margin:0 0 8px">Newest links</h2>`,
    list(
      report.digest.map((entry) => item(entry.title, readerUrl(appUrl, entry.linkId), entry.summaryShort)),
    ),
    ...(report.rediscover.length > 0
      ? [
          `<h2 style="font-size:16px;margin:0 0 8px">Worth another look</h2>`,
          list(report.rediscover.map((link) => item(link.title, readerUrl(appUrl, link.id), null))),
        ]
      : []),
    `<p style="margin:0 0 16px"><a href="${e(weekPageUrl(week))}" style="${LINK}">See the whole week in Linkvault</a></p>`,
  ].join('\n');
}
