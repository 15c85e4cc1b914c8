import { describe, expect, it } from 'vitest';
import { clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { QueryKeeper, planOf } from '../../test/plans.js';
import { MetricsRepository } from './metrics.repository.js';

// A scrape every 15 s must cost the work waiting, not the history: a link's job stays once done, and the
// jobs table holds a row per link ever saved.
describe("the metrics' reads", () => {
  const ctx = useTestApp();

  it('count queued and running jobs and imports under way through indexes of their own', async () => {
    await clientFor(ctx.app, await signUp(ctx.app)).link({ url: 'https://queued.example/' });
    const { db, dialect } = ctx.database;
    const keeper = new QueryKeeper();
    await new MetricsRepository(db.withPlugin(keeper)).read(new Date().toISOString());
    const plans = await Promise.all(keeper.queries.map((query) => planOf(db, dialect, query)));
    expect(plans).toHaveLength(3);
    const all = plans.join('\n');
    // Either index of queued jobs (migration 0021) holds those alone; the planners pick differently.
    expect(all).toMatch(/link_ingest_jobs_(user_)?queued/);
    expect(all).toContain('link_ingest_jobs_running');
    expect(all).toContain('imports_status');
    expect(all).not.toMatch(/SCAN (link_ingest_jobs|imports)"|Seq Scan on (link_ingest_jobs|imports)/);
  });
});
