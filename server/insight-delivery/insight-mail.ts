import { escapeHtml } from '../lib/html.js';
import { type RenderedWeek, reportHtml, reportText, weekTitle } from './report-render.js';

/** A weekly insight e-mail as nodemailer sends it. */
export interface InsightMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * The weekly e-mail of one report: a plain-text part and an HTML part saying the same, and an unsubscribe
 * link in both and in the headers. The HTML is drawn light on white: a mail reader in dark mode darkens
 * it itself, where colours of our own for dark mode would meet readers that ignore them. List-Unsubscribe with List-Unsubscribe-Post is RFC 8058's one-click
 * unsubscribe: a mail reader's "Unsubscribe" button POSTs to the link and is done, no page, no sign-in.
 */
export function insightMail(week: RenderedWeek, unsubscribeUrl: string): InsightMail {
  const why = 'You get this e-mail because you turned on the weekly insight e-mail in Linkvault.';
  const settings = `${week.appUrl}/app/insights`;
  return {
    subject: weekTitle(week.report),
    text: `${reportText(week)}\n\n--\n${why}\nStop it: ${unsubscribeUrl}\nOr change it on ${settings}\n`,
    html: `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(weekTitle(week.report))}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#0f172a;font:15px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif">
<div style="max-width:600px;margin:0 auto">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(weekTitle(week.report))}</h1>
${reportHtml(week)}
<hr style="border:0;border-top:1px solid #cbd5e1;margin:24px 0 12px">
<p style="font-size:13px;color:#64748b;margin:0">${escapeHtml(why)}
<a href="${escapeHtml(unsubscribeUrl)}" style="color:#4f46e5">Unsubscribe</a> or change it on the <a href="${escapeHtml(settings)}" style="color:#4f46e5">Insights page</a>.</p>
</div>
</body>
</html>
`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
