import { describe, expect, it } from 'vitest';
import { clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { QueryKeeper, planOf } from '../../test/plans.js';
import { IngestQueue } from './ingest-queue.js';

// Migration 0021: the queue's indexes hold only the jobs waiting or running, and every read of the queue
// goes through one of them, never through the table's every job.
describe("the queue's reads", () => {
  const ctx = useTestApp();

  it('find waiting and running jobs through their own indexes', async () => {
    const me = await signUp(ctx.app);
    const link = await clientFor(ctx.app, me).link({ url: 'https://queued.example/' });
    const { db, dialect } = ctx.database;
    const keeper = new QueryKeeper();
    const queue = new IngestQueue(db.withPlugin(keeper), dialect);
    const now = new Date().toISOString();
    await queue.enqueueBacklog(db.withPlugin(keeper), me.user.id, [link.id], now);
    const lease = new Date(Date.now() + 60_000).toISOString();
    const claim = (options: Parameters<IngestQueue['claim']>[2]) =>
      queue.claim(new Date(Date.now() + 1000).toISOString(), lease, options, () => Promise.resolve({}));
    await claim({ freshOnly: true, skipUsers: ['someone else'] });
    await claim({});
    const plans = await Promise.all(keeper.queries.map((query) => planOf(db, dialect, query)));
    const queueReads = plans.filter((plan) => plan.includes('link_ingest_jobs'));
    expect(queueReads.length).toBeGreaterThanOrEqual(4);
    const all = queueReads.join('\n');
    for (const index of [
      'link_ingest_jobs_queued',
      'link_ingest_jobs_user_queued',
      'link_ingest_jobs_running',
    ])
      expect(all).toContain(index);
    expect(all).not.toMatch(/SCAN link_ingest_jobs"|Seq Scan on link_ingest_jobs/);
  });
});
