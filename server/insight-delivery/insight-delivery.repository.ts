import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { newId } from '../lib/ids.js';

/** A person's delivery choices as kept; the defaults of migration 0028 when they made none. */
export interface DeliveryRow {
  weeklyEmail: boolean;
  timeZone: string;
  nextMailAt: string | null;
  feed: boolean;
}

/** A person whose weekly mail is due: when it fell due, and in which zone their week is counted. */
export interface DueDelivery {
  userId: string;
  nextMailAt: string;
  timeZone: string;
}

/** A mail an attempt holds: `attempts` counts this one, and proves the hold when its outcome is written. */
export interface HeldMail {
  id: string;
  userId: string;
  week: string;
  attempts: number;
}

/** Whom a mail goes to, and whether they still want it. */
export interface Recipient {
  email: string;
  weeklyEmail: boolean;
  timeZone: string;
}

/** How an attempt ended: sent, skipped (nothing to tell), cancelled, given up, or due again at `dueAt`. */
export type MailOutcome =
  | { status: 'sent' | 'skipped' | 'cancelled'; at: string }
  | { status: 'failed'; error: string }
  | { status: 'pending'; dueAt: string; error: string };

const DEFAULTS: DeliveryRow = { weeklyEmail: false, timeZone: 'UTC', nextMailAt: null, feed: false };

/** The SQL of the weekly report's delivery (migration 0028): choices, the feed's token, the mails. */
export class InsightDeliveryRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  async get(userId: string): Promise<DeliveryRow> {
    const row = await this.db
      .selectFrom('insight_delivery')
      .select(['weekly_email', 'time_zone', 'next_mail_at', 'feed_token_hash'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return DEFAULTS;
    return {
      weeklyEmail: Number(row.weekly_email) === 1,
      timeZone: row.time_zone,
      nextMailAt: row.next_mail_at,
      feed: row.feed_token_hash !== null,
    };
  }

  /**
   * Writes the person's choices (the row is made on their first). Turning the e-mail off also cancels a
   * mail of theirs not yet sent: "off" holds from the moment it is said.
   */
  async save(
    userId: string,
    choices: { weeklyEmail: boolean; timeZone: string; nextMailAt: string | null },
    now: string,
  ): Promise<void> {
    const row = {
      weekly_email: choices.weeklyEmail ? 1 : 0,
      time_zone: choices.timeZone,
      next_mail_at: choices.nextMailAt,
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('insight_delivery')
        .values({ user_id: userId, ...row })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
      if (!choices.weeklyEmail) await cancelPending(trx, userId);
    });
  }

  /** Keeps `hash` as the feed's token (null: no feed), in place of the one before. */
  async setFeedHash(userId: string, hash: string | null, now: string): Promise<void> {
    await this.db
      .insertInto('insight_delivery')
      .values({ user_id: userId, feed_token_hash: hash, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ feed_token_hash: hash, updated_at: now }))
      .execute();
  }

  /**
   * Whose feed a token's hash opens, and the zone their weeks are in; none while an admin has the account
   * disabled, as none of its other credentials works then.
   */
  async feedOwner(hash: string): Promise<{ userId: string; timeZone: string } | undefined> {
    return this.db
      .selectFrom('insight_delivery')
      .innerJoin('users', 'users.id', 'insight_delivery.user_id')
      .select(['insight_delivery.user_id as userId', 'insight_delivery.time_zone as timeZone'])
      .where('insight_delivery.feed_token_hash', '=', hash)
      .where('users.disabled_at', 'is', null)
      .executeTakeFirst();
  }

  /** People whose weekly mail fell due by `now`, the longest waiting first. */
  async due(now: string, limit: number): Promise<DueDelivery[]> {
    const rows = await this.db
      .selectFrom('insight_delivery')
      .select(['user_id', 'next_mail_at', 'time_zone'])
      .where('next_mail_at', 'is not', null)
      .where('next_mail_at', '<=', now)
      .orderBy('next_mail_at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      userId: row.user_id,
      nextMailAt: row.next_mail_at as string,
      timeZone: row.time_zone,
    }));
  }

  /**
   * Claims `week`'s mail for a person whose mail fell due at `due.nextMailAt`: moves their next one to
   * `nextMailAt` only if no one else did meanwhile, and records the week's mail as pending, which the
   * unique (user_id, week) allows once. True when this call made the mail; every process may ask at once.
   */
  async claimWeek(due: DueDelivery, week: string, nextMailAt: string, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('insight_delivery')
        .set({ next_mail_at: nextMailAt })
        .where('user_id', '=', due.userId)
        .where('next_mail_at', '=', due.nextMailAt)
        .where('weekly_email', '=', 1)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return false;
      const made = await trx
        .insertInto('insight_mails')
        .values({
          id: newId(),
          user_id: due.userId,
          week,
          status: 'pending',
          due_at: now,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'week']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return made !== undefined;
    });
  }

  /**
   * Takes up to `limit` pending mails due by `now`, holding each until `leaseUntil` (a process that stops
   * mid-send leaves it to be tried again then), in one statement, so that each process takes others (on
   * PostgreSQL rows another holds are skipped, not waited for).
   */
  async claimMails(now: string, leaseUntil: string, limit: number): Promise<HeldMail[]> {
    const lock = this.dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
    const { rows } = await sql<HeldMail>`
      UPDATE insight_mails SET due_at = ${leaseUntil}, attempts = attempts + 1
      WHERE id IN (SELECT id FROM insight_mails WHERE status = 'pending' AND due_at <= ${now}
                   ORDER BY due_at LIMIT ${limit} ${lock})
      RETURNING id, user_id AS "userId", week, attempts`.execute(this.db);
    return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
  }

  async recipient(userId: string): Promise<Recipient | undefined> {
    const row = await this.db
      .selectFrom('users')
      .leftJoin('insight_delivery', 'insight_delivery.user_id', 'users.id')
      .select([
        'users.email',
        'users.disabled_at',
        'insight_delivery.weekly_email',
        'insight_delivery.time_zone',
      ])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      email: row.email,
      // A disabled account gets no mail, as it can do nothing else.
      weeklyEmail: Number(row.weekly_email) === 1 && row.disabled_at === null,
      timeZone: row.time_zone ?? DEFAULTS.timeZone,
    };
  }

  /** The unsubscribe token the held mail is about to carry, as its hash; false when the hold was lost. */
  async setUnsubscribeHash(mail: HeldMail, hash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('insight_mails')
      .set({ unsubscribe_hash: hash })
      .where('id', '=', mail.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', mail.attempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Writes how the attempt ended, unless its hold was lost: the mail was cancelled meanwhile, or the hold
   * ran out and another attempt took the mail (its count of attempts is then higher).
   */
  async finish(mail: HeldMail, outcome: MailOutcome): Promise<void> {
    await this.db
      .updateTable('insight_mails')
      .set(
        outcome.status === 'pending'
          ? { due_at: outcome.dueAt, last_error: outcome.error }
          : outcome.status === 'failed'
            ? { status: 'failed', last_error: outcome.error }
            : {
                status: outcome.status,
                sent_at: outcome.status === 'sent' ? outcome.at : null,
                last_error: null,
              },
      )
      .where('id', '=', mail.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', mail.attempts)
      .execute();
  }

  /** The person and address of the mail whose unsubscribe token has this hash. */
  async unsubscribeTarget(hash: string): Promise<{ userId: string; email: string } | undefined> {
    return this.db
      .selectFrom('insight_mails')
      .innerJoin('users', 'users.id', 'insight_mails.user_id')
      .select(['users.id as userId', 'users.email'])
      .where('insight_mails.unsubscribe_hash', '=', hash)
      .executeTakeFirst();
  }
}

/** Cancels a person's mails not yet sent (their e-mail was turned off). */
async function cancelPending(executor: Kysely<DB>, userId: string): Promise<void> {
  await executor
    .updateTable('insight_mails')
    .set({ status: 'cancelled' })
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
}
