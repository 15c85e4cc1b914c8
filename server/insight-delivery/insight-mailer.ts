import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { currentWeek, formatIsoWeek, isTimeZone, parseIsoWeek, shiftWeek } from '../../contracts/index.js';
import type { InsightsService } from '../insights/insights.service.js';
import { nextMondayAfter } from '../insights/week-span.js';
import { PollingLoop } from '../lib/polling-loop.js';
import { hashSecret, newSecret } from '../lib/secrets.js';
import type { HeldMail, InsightDeliveryRepository } from './insight-delivery.repository.js';
import { insightMail } from './insight-mail.js';

export interface MailerOptions {
  /** People scheduled, and mails taken, per round. */
  batch: number;
  /** The wait when nothing is due. */
  idleMs: number;
  /** How long an attempt holds its mail: longer than any SMTP exchange, short enough to retry a lost one. */
  leaseMs: number;
  /** The first retry's wait after a failure; each next one waits twice as long, up to maxRetryMs. */
  retryMs: number;
  maxRetryMs: number;
  /** Attempts before a mail is given up (with the defaults, about 18 hours of trying). */
  maxAttempts: number;
}

export const MAILER_DEFAULTS: MailerOptions = {
  batch: 20,
  idleMs: 60_000,
  leaseMs: 10 * 60_000,
  retryMs: 5 * 60_000,
  maxRetryMs: 4 * 3600_000,
  maxAttempts: 10,
};

/** Where mail goes out, from whom, and where the app is (for the mails' links). */
export interface MailerSetup {
  transport: Transporter;
  from: string;
  appUrl: string;
  /** SMTP_URL's password, if any: cut from whatever an SMTP error says before it is logged or kept. */
  smtpPassword: string;
}

/**
 * Sends the weekly insight e-mail (issue 19) in the background, in every process with workers, like the
 * availability checks: each round claims the people whose Monday has come (a database compare-and-set,
 * and the week's mail row, unique per person and week, so no week is mailed twice whatever the number of
 * processes), then takes the pending mails (held for a while, like jobs) and sends each. A failed send is
 * tried again later, with a longer wait each time; it never stops the loop or anything else.
 */
/**
 * A zone accepted once may be gone from a later ICU: its person is mailed by UTC rather than stall every
 * round (they would be first in it each time) for everyone after them, or fail their mail until given up.
 */
const usableZone = (zone: string) => (isTimeZone(zone) ? zone : 'UTC');

export class InsightMailer {
  private readonly polling: PollingLoop;

  constructor(
    private readonly delivery: InsightDeliveryRepository,
    private readonly insights: InsightsService,
    private readonly setup: MailerSetup,
    private readonly logger: FastifyBaseLogger,
    private readonly options: MailerOptions = MAILER_DEFAULTS,
  ) {
    this.polling = new PollingLoop(
      () => this.runOnce(),
      options.idleMs,
      (err) => this.logger.warn({ err }, 'weekly insight e-mail round failed'),
    );
  }

  start(): void {
    this.polling.start();
  }

  stop(): Promise<void> {
    return this.polling.stop();
  }

  /** Stops for good: the loop, and the transport's connections. */
  async close(): Promise<void> {
    await this.stop();
    this.setup.transport.close();
  }

  /** One round: schedules the mails fallen due, then tries those pending; false when there was nothing. */
  async runOnce(): Promise<boolean> {
    const scheduled = await this.schedule();
    const now = Date.now();
    const held = await this.delivery.claimMails(
      new Date(now).toISOString(),
      new Date(now + this.options.leaseMs).toISOString(),
      this.options.batch,
    );
    for (const mail of held) await this.deliver(mail);
    return scheduled || held.length > 0;
  }

  /**
   * Each person whose Monday has come gets the week just ended in their zone, and their next mail moves to
   * their next Monday; a server stopped for weeks catches up with the last week only, not a mail per week.
   */
  private async schedule(): Promise<boolean> {
    const now = Date.now();
    const due = await this.delivery.due(new Date(now).toISOString(), this.options.batch);
    for (const person of due) {
      const zone = usableZone(person.timeZone);
      const week = formatIsoWeek(shiftWeek(currentWeek(now, zone), -1));
      const next = new Date(nextMondayAfter(now, zone)).toISOString();
      await this.delivery.claimWeek(person, week, next, new Date(now).toISOString());
    }
    return due.length > 0;
  }

  /** Sends one held mail, or records why not; any failure (SMTP's, or the report's) is tried again later. */
  private async deliver(mail: HeldMail): Promise<void> {
    try {
      await this.send(mail);
    } catch (err) {
      const error = this.describe(err);
      const giveUp = mail.attempts >= this.options.maxAttempts;
      const wait = Math.min(this.options.retryMs * 2 ** (mail.attempts - 1), this.options.maxRetryMs);
      this.logger.warn(
        { userId: mail.userId, week: mail.week, attempt: mail.attempts, error, retry: !giveUp },
        giveUp ? 'weekly insight e-mail given up' : 'weekly insight e-mail not sent; will try again',
      );
      await this.delivery.finish(
        mail,
        giveUp
          ? { status: 'failed', error }
          : { status: 'pending', dueAt: new Date(Date.now() + wait).toISOString(), error },
      );
    }
  }

  private async send(mail: HeldMail): Promise<void> {
    const at = () => new Date().toISOString();
    const recipient = await this.delivery.recipient(mail.userId);
    const week = parseIsoWeek(mail.week);
    if (!recipient?.weeklyEmail || !week)
      return this.delivery.finish(mail, { status: 'cancelled', at: at() });
    const report = await this.insights.get(mail.userId, { week, tz: usableZone(recipient.timeZone) });
    // A week with nothing saved has nothing to tell: no mail (the page still shows it).
    if (report.saved === 0) return this.delivery.finish(mail, { status: 'skipped', at: at() });
    // A token of this attempt's own: only its hash is kept, so a later attempt cannot reuse the one before.
    const token = newSecret('insightUnsubscribe');
    if (!(await this.delivery.setUnsubscribeHash(mail, hashSecret(token)))) return;
    const { appUrl, from, transport } = this.setup;
    const message = insightMail({ report, appUrl }, `${appUrl}/api/insights/unsubscribe?token=${token}`);
    await transport.sendMail({ from, to: recipient.email, ...message });
    await this.delivery.finish(mail, { status: 'sent', at: at() });
  }

  /** What went wrong, in a line: the error's code and message, never the SMTP password. */
  private describe(err: unknown): string {
    const { code, message } = err as { code?: unknown; message?: unknown };
    const text = [typeof code === 'string' ? code : null, typeof message === 'string' ? message : String(err)]
      .filter(Boolean)
      .join(': ')
      .slice(0, 500);
    const password = this.setup.smtpPassword;
    return password ? text.split(password).join('[Redacted]') : text;
  }
}
