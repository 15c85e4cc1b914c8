import {
  type InsightDelivery,
  type InsightFeed,
  type UpdateInsightDeliveryBody,
  currentWeek,
  shiftWeek,
} from '../../contracts/index.js';
import { AppError, notFound } from '../http/errors.js';
import type { InsightsService } from '../insights/insights.service.js';
import { endOf, nextMondayAfter, weekSpan } from '../insights/week-span.js';
import { nowIso } from '../lib/clock.js';
import { hashSecret, newSecret } from '../lib/secrets.js';
import { type FeedWeek, insightFeed } from './insight-feed.js';
import type { InsightDeliveryRepository } from './insight-delivery.repository.js';

/** How many weeks back the feed looks: about two months, each a report computed on the feed's request. */
const FEED_WEEKS = 8;

export interface DeliveryOptions {
  /** PUBLIC_URL: the feed's and the unsubscribe links' base. */
  appUrl: string;
  /** Whether this server sends mail (SMTP_URL). */
  emailAvailable: boolean;
}

/**
 * The delivery of the weekly insight report besides its page (issue 19): the weekly e-mail's choices,
 * the private Atom feed (its token is its URL's only credential, kept hashed), and unsubscribing from a
 * mail's link without signing in.
 */
export class InsightDeliveryService {
  constructor(
    private readonly delivery: InsightDeliveryRepository,
    private readonly insights: InsightsService,
    private readonly options: DeliveryOptions,
  ) {}

  async get(userId: string): Promise<InsightDelivery> {
    return { ...(await this.delivery.get(userId)), emailAvailable: this.options.emailAvailable };
  }

  /**
   * Turning the e-mail on schedules the next Monday's mail in the person's zone (the week then ended is
   * its report), and changing the zone while on moves it; turning it off cancels a mail not yet sent.
   */
  async update(userId: string, body: UpdateInsightDeliveryBody): Promise<InsightDelivery> {
    const known = await this.delivery.get(userId);
    const weeklyEmail = body.weeklyEmail ?? known.weeklyEmail;
    const timeZone = body.timeZone ?? known.timeZone;
    if (weeklyEmail && !known.weeklyEmail && !this.options.emailAvailable)
      throw new AppError(409, 'conflict', 'This server sends no e-mail: its operator has not set SMTP_URL');
    const unchanged = weeklyEmail === known.weeklyEmail && timeZone === known.timeZone;
    const nextMailAt = !weeklyEmail
      ? null
      : unchanged
        ? known.nextMailAt
        : new Date(nextMondayAfter(Date.now(), timeZone)).toISOString();
    await this.delivery.save(userId, { weeklyEmail, timeZone, nextMailAt }, nowIso());
    return this.get(userId);
  }

  /** A new private feed URL, in place of the one before (which then answers 404). */
  async createFeed(userId: string): Promise<InsightFeed> {
    const token = newSecret('insightFeed');
    await this.delivery.setFeedHash(userId, hashSecret(token), nowIso());
    return { url: `${this.options.appUrl}/api/insights/feed.atom?token=${token}` };
  }

  async deleteFeed(userId: string): Promise<void> {
    await this.delivery.setFeedHash(userId, null, nowIso());
  }

  /**
   * The Atom feed the token opens: the weeks of the last FEED_WEEKS complete ones in which anything was
   * saved, newest first, counted in the owner's zone. An unknown token is a 404 like any missing page.
   */
  async feed(token: string): Promise<string> {
    const owner = await this.delivery.feedOwner(hashSecret(token));
    if (!owner) throw notFound('Feed');
    const now = Date.now();
    const current = currentWeek(now, owner.timeZone);
    const weeks: FeedWeek[] = [];
    // One week after another: a feed reader's poll should not take a connection per week at once.
    for (let back = 1; back <= FEED_WEEKS; back += 1) {
      const week = shiftWeek(current, -back);
      const report = await this.insights.get(owner.userId, { week, tz: owner.timeZone });
      if (report.saved > 0)
        weeks.push({ report, appUrl: this.options.appUrl, endedAt: endOf(weekSpan(week, owner.timeZone)) });
    }
    return insightFeed({
      userId: owner.userId,
      appUrl: this.options.appUrl,
      feedUrl: `${this.options.appUrl}/api/insights/feed.atom?token=${token}`,
      weeks,
      now: new Date(now).toISOString(),
    });
  }

  /** The address a mail's unsubscribe token stands for, or null when it stands for none. */
  async unsubscribeTarget(token: string): Promise<string | null> {
    return (await this.delivery.unsubscribeTarget(hashSecret(token)))?.email ?? null;
  }

  /** Turns the weekly e-mail off for the token's person; their address, or null for an unknown token. */
  async unsubscribe(token: string): Promise<string | null> {
    const target = await this.delivery.unsubscribeTarget(hashSecret(token));
    if (!target) return null;
    const { timeZone } = await this.delivery.get(target.userId);
    await this.delivery.save(target.userId, { weeklyEmail: false, timeZone, nextMailAt: null }, nowIso());
    return target.email;
  }
}
