import { Writable } from 'node:stream';
import type { ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InsightDelivery } from '../../contracts/index.js';
import { type Client, clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { useSmtpServer } from '../../test/smtp.js';
import type { Config } from '../config.js';
import { createLogger } from '../logging/logger.js';
import { InsightDeliveryRepository } from './insight-delivery.repository.js';
import { InsightMailer } from './insight-mailer.js';

/**
 * Issue 19: the weekly insight e-mail, sent to a real SMTP server the test starts, on dates the test sets
 * (Date is faked; every timer is real). 2026-W10 runs from Monday 2 to Sunday 8 March 2026; New York's
 * clocks went forward on 8 March, so its Monday began at 04:00 UTC.
 */
describe('the weekly insight e-mail', () => {
  const smtp = useSmtpServer();
  const config: Partial<Config> = {};
  beforeAll(() => {
    config.mail = { smtpUrl: smtp.url, from: 'Linkvault <linkvault@example.com>' };
    config.publicUrl = 'https://vault.example';
  });
  const ctx = useTestApp(config);
  const mailer = () => ctx.services.mailer as InsightMailer;

  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-04T12:00:00.000Z'));
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  const at = (iso: string) => vi.setSystemTime(new Date(iso));
  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to && toText(mail) === email);
  const toText = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text);

  interface Person {
    me: Client;
    userId: string;
    email: string;
  }
  async function person(choices?: { weeklyEmail: boolean; timeZone?: string }): Promise<Person> {
    const session = await signUp(ctx.app);
    const me = clientFor(ctx.app, session);
    if (choices) {
      const res = await me.patch('/api/insights/delivery', choices);
      expect(res.statusCode, res.body).toBe(200);
    }
    return { me, userId: session.user.id, email: session.user.email };
  }
  /** A link saved at `at` (dates cannot be set over HTTP: the row is aged in the database). */
  async function savedAt(who: Person, when: string, title: string) {
    const link = await who.me.link({ title });
    await ctx.database.db.updateTable('links').set({ created_at: when }).where('id', '=', link.id).execute();
    return link;
  }
  const mailRows = (userId: string) =>
    ctx.database.db.selectFrom('insight_mails').selectAll().where('user_id', '=', userId).execute();

  let utc: Person;
  let newYork: Person;
  let idle: Person;
  let quiet: Person;
  beforeAll(async () => {
    utc = await person({ weeklyEmail: true });
    newYork = await person({ weeklyEmail: true, timeZone: 'America/New_York' });
    idle = await person();
    quiet = await person({ weeklyEmail: true });
    await savedAt(utc, '2026-03-02T09:00:00.000Z', 'Fish & <Chips>');
    await savedAt(utc, '2026-03-04T09:00:00.000Z', 'Second page');
    await savedAt(utc, '2026-03-08T22:00:00.000Z', 'Sunday night');
    // Saved before W10 in UTC; in New York, Sunday 1 March: week 9 there.
    await savedAt(newYork, '2026-03-02T03:00:00.000Z', 'Late in New York');
    await savedAt(newYork, '2026-03-05T15:00:00.000Z', 'New York Thursday');
    await savedAt(idle, '2026-03-03T10:00:00.000Z', 'Never mailed');
  });

  it('schedules the mail for the next Monday in the person’s zone', async () => {
    const delivery = (await utc.me.get('/api/insights/delivery')).json<InsightDelivery>();
    expect(delivery).toMatchObject({ weeklyEmail: true, emailAvailable: true, timeZone: 'UTC', feed: false });
    expect(delivery.nextMailAt).toBe('2026-03-09T00:00:00.000Z');
    const nyc = (await newYork.me.get('/api/insights/delivery')).json<InsightDelivery>();
    expect(nyc.nextMailAt).toBe('2026-03-09T04:00:00.000Z');
  });

  it('sends nothing before Monday', async () => {
    at('2026-03-08T23:59:00.000Z');
    await mailer().runOnce();
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends each opted-in person one mail of the week just ended, once Monday begins where they are', async () => {
    at('2026-03-09T00:05:00.000Z');
    // Two processes at once: each claims in the database, so each week is mailed once.
    const other = new InsightMailer(
      new InsightDeliveryRepository(ctx.database.db, ctx.database.dialect),
      ctx.services.insights,
      {
        transport: nodemailer.createTransport(smtp.url),
        from: 'Linkvault <linkvault@example.com>',
        appUrl: 'https://vault.example',
        smtpPassword: '',
      },
      ctx.app.log,
    );
    await Promise.all([mailer().runOnce(), other.runOnce()]);
    await other.close();
    expect(mailsTo(utc.email)).toHaveLength(1);
    expect(mailsTo(newYork.email)).toHaveLength(0);
    expect(mailsTo(idle.email)).toHaveLength(0);
    // Nothing saved that week: no mail, and the week is recorded as skipped.
    expect(mailsTo(quiet.email)).toHaveLength(0);
    expect((await mailRows(quiet.userId)).map((row) => [row.week, row.status])).toEqual([
      ['2026-W10', 'skipped'],
    ]);

    const [mail] = mailsTo(utc.email) as [ParsedMail];
    expect(mail.subject).toBe('Your week in Linkvault: Mar 2 – 8, 2026');
    expect(mail.from?.value).toEqual([{ name: 'Linkvault', address: 'linkvault@example.com' }]);
    expect(mail.text).toContain('Saved: 3 links');
    expect(mail.text).toContain('- Fish & <Chips>');
    expect(mail.text).toContain('The whole week: https://vault.example/app/insights?week=2026-W10');
    expect(mail.html).toContain('Fish &amp; &lt;Chips&gt;');
    expect(mail.html).not.toContain('<Chips>');
    expect(mail.html).toContain('href="https://vault.example/app/insights?week=2026-W10"');
    expect(unsubscribeUrl(mail)).toMatch(/^https:\/\/vault\.example\/api\/insights\/unsubscribe\?token=lvu_/);
    expect(header(mail, 'list-unsubscribe')).toBe(`List-Unsubscribe: <${unsubscribeUrl(mail)}>`);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.text).toContain(unsubscribeUrl(mail));
    expect(mail.html).toContain(`href="${unsubscribeUrl(mail).replaceAll('&', '&amp;')}"`);

    at('2026-03-09T04:01:00.000Z');
    await mailer().runOnce();
    const [nyc] = mailsTo(newYork.email) as [ParsedMail];
    expect(nyc.subject).toBe('Your week in Linkvault: Mar 2 – 8, 2026');
    // Sunday 1 March 22:00 in New York belongs to week 9 there.
    expect(nyc.text).toContain('Saved: 1 link\n');
    expect(nyc.text).toContain('New York Thursday');
    expect(nyc.text).not.toContain('Late in New York');
  });

  it('sends nothing more the same week', async () => {
    const before = smtp.messages.length;
    at('2026-03-12T10:00:00.000Z');
    await mailer().runOnce();
    await mailer().runOnce();
    expect(smtp.messages).toHaveLength(before);
    expect((await mailRows(utc.userId)).map((row) => [row.week, row.status])).toEqual([['2026-W10', 'sent']]);
  });

  it('mails by UTC someone whose stored zone this server no longer knows, and everyone after them', async () => {
    const lost = await person({ weeklyEmail: true });
    await ctx.database.db
      .updateTable('insight_delivery')
      .set({ time_zone: 'Atlantis/Lost_City', next_mail_at: '2026-03-16T00:00:00.000Z' })
      .where('user_id', '=', lost.userId)
      .execute();
    await savedAt(lost, '2026-03-11T09:00:00.000Z', 'Found again');
    const after = await person({ weeklyEmail: true });
    await savedAt(after, '2026-03-12T09:00:00.000Z', 'Week eleven');
    at('2026-03-16T00:05:00.000Z');
    await mailer().runOnce();
    const [mail] = mailsTo(lost.email) as [ParsedMail];
    expect(mail.subject).toBe('Your week in Linkvault: Mar 9 – 15, 2026');
    expect(mail.text).toContain('Found again');
    expect(mailsTo(after.email).map((m) => m.subject)).toEqual(['Your week in Linkvault: Mar 9 – 15, 2026']);
  });

  it('unsubscribes from the mail’s link without signing in: the page asks, its button (or one click) does it', async () => {
    const url = new URL(unsubscribeUrl(mailsTo(utc.email)[0] as ParsedMail));
    const path = `${url.pathname}${url.search}`;
    const page = await ctx.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Stop the weekly e-mail?');
    expect(page.body).toContain(utc.email);
    expect(page.body).toContain(`<form method="post" action="${path.replaceAll('&', '&amp;')}">`);
    // Opening the link (as a mail scanner does) changes nothing.
    expect((await ctx.services.insightDelivery.get(utc.userId)).weeklyEmail).toBe(true);

    const done = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Unsubscribed');
    expect(await ctx.services.insightDelivery.get(utc.userId)).toMatchObject({
      weeklyEmail: false,
      nextMailAt: null,
    });

    const nycUrl = new URL(unsubscribeUrl(mailsTo(newYork.email)[0] as ParsedMail));
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: `${nycUrl.pathname}${nycUrl.search}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    expect((await ctx.services.insightDelivery.get(newYork.userId)).weeklyEmail).toBe(false);
  });

  it('answers 404 to an unsubscribe link that belongs to no mail', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await ctx.app.inject({
        method,
        url: `/api/insights/unsubscribe?token=lvu_${'x'.repeat(43)}`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Link not valid');
    }
    const bare = await ctx.app.inject({ method: 'GET', url: '/api/insights/unsubscribe' });
    expect(bare.statusCode).toBe(400);
  });

  it('tries again later when the mail server is down, and sends once it is back', async () => {
    at('2026-03-13T12:00:00.000Z');
    const paris = await person({ weeklyEmail: true, timeZone: 'Europe/Paris' });
    await savedAt(paris, '2026-03-13T08:00:00.000Z', 'Friday in Paris');
    await smtp.down();
    at('2026-03-15T23:30:00.000Z'); // Monday 00:30 in Paris
    await mailer().runOnce();
    const [pending] = await mailRows(paris.userId);
    expect(pending).toMatchObject({ week: '2026-W11', status: 'pending', attempts: 1 });
    expect(pending?.last_error).toContain('ECONNREFUSED');
    // The retry waits: a round now sends nothing and does not throw.
    await smtp.up();
    await mailer().runOnce();
    expect(mailsTo(paris.email)).toHaveLength(0);
    at('2026-03-15T23:36:00.000Z');
    await mailer().runOnce();
    expect(mailsTo(paris.email)).toHaveLength(1);
    expect((await mailRows(paris.userId))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    // Those unsubscribed get no mail of W11.
    expect(mailsTo(utc.email)).toHaveLength(1);
  });
});

/** A header's line as the mail carries it, unfolded (RFC 5322 §2.2.3). */
const header = (mail: ParsedMail, key: string) =>
  mail.headerLines.find((line) => line.key === key)?.line.replace(/\r\n(?=[ \t])/g, '');

/** The URL of the mail's List-Unsubscribe header (RFC 2369: <url>), as mailparser reads it. */
function unsubscribeUrl(mail: ParsedMail): string {
  const list = mail.headers.get('list') as { unsubscribe?: { url?: string } } | undefined;
  return list?.unsubscribe?.url ?? '';
}

describe('the weekly insight e-mail when the SMTP server refuses its password', () => {
  const smtp = useSmtpServer({ refuseLogin: true });
  const PASSWORD = 'smtp-pass-w0rd';
  const config: Partial<Config> = {};
  const lines: string[] = [];
  const logger = createLogger(
    'info',
    'json',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  beforeAll(() => {
    config.mail = { smtpUrl: `smtp://vault:${PASSWORD}@127.0.0.1:${smtp.port}`, from: 'vault@example.com' };
  });
  const ctx = useTestApp(config, logger);
  afterAll(() => {
    vi.useRealTimers();
  });

  it('keeps the mail for later, and logs why without the password', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-04T12:00:00.000Z'));
    const session = await signUp(ctx.app);
    const me = clientFor(ctx.app, session);
    expect((await me.patch('/api/insights/delivery', { weeklyEmail: true })).statusCode).toBe(200);
    const link = await me.link({ title: 'A page' });
    await ctx.database.db
      .updateTable('links')
      .set({ created_at: '2026-03-03T10:00:00.000Z' })
      .where('id', '=', link.id)
      .execute();

    vi.setSystemTime(new Date('2026-03-09T06:00:00.000Z'));
    await (ctx.services.mailer as InsightMailer).runOnce();
    const row = await ctx.database.db
      .selectFrom('insight_mails')
      .selectAll()
      .where('user_id', '=', session.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toContain('EAUTH');
    expect(row.last_error).not.toContain(PASSWORD);
    const warning = lines.find((line) => line.includes('weekly insight e-mail not sent'));
    expect(warning).toContain('[Redacted]');
    expect(lines.join('')).not.toContain(PASSWORD);
    expect(smtp.messages).toHaveLength(0);
  });
});
