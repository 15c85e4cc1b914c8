import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Delivery of the weekly insight report (issue 19). insight_delivery: a person's choices, one row once
 * they make one. The weekly e-mail is off until they turn it on (mail nobody asked for is spam); the time
 * zone says when their Monday begins and which week a report covers; next_mail_at is when their next mail
 * is due (their next Monday's midnight, null while the e-mail is off), which the sender's index reads; the
 * private Atom feed's token is kept as its SHA-256 only.
 *
 * insight_mails: one row per person and week, claimed before anything is sent (the unique key makes a
 * second claim of the same week fail, whichever process asks), then kept as the record of what became of
 * it (sent, skipped, failed) with the SHA-256 of the unsubscribe token its mail carried, so that the link
 * in any mail sent keeps working.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('insight_delivery')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('weekly_email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('next_mail_at', time)
    .addColumn('feed_token_hash', 'text', (c) => c.unique())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX insight_delivery_due ON insight_delivery (next_mail_at) WHERE next_mail_at IS NOT NULL`.execute(
    db,
  );
  await db.schema
    .createTable('insight_mails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', time, (c) => c.notNull())
    .addColumn('unsubscribe_hash', 'text', (c) => c.unique())
    .addColumn('last_error', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('sent_at', time)
    .addUniqueConstraint('insight_mails_user_week', ['user_id', 'week'])
    .execute();
  await sql`CREATE INDEX insight_mails_due ON insight_mails (due_at) WHERE status = 'pending'`.execute(db);
}
