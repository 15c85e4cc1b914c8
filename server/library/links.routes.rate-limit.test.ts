import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Import } from '../../contracts/index.js';
import { type Client, clientFor, expectError } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { bookmarkFileUpload } from '../../test/multipart.js';

/** The limit counts in fixed one-minute windows: the clock stands still, so no test straddles two. */
function useStillClock() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

const save = (client: Client, url: string) => client.post('/api/links', { url });

describe('saves per person and minute (a small limit: SAVES_PER_MINUTE=3)', () => {
  const ctx = useTestApp({ savesPerMinute: 3 });
  useStillClock();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));
  const jobCount = async (client: Client) => {
    const { id } = (await client.get('/api/auth/user')).json<{ id: string }>();
    const rows = await ctx.database.db
      .selectFrom('link_ingest_jobs')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    return rows.length;
  };

  it("answers the save over the limit 429 rate_limited with Retry-After, writes nothing, and keeps others' saves and imports going", async () => {
    const me = await newUser();
    for (let i = 0; i < 3; i += 1)
      expect((await save(me, `https://limit.example/${i}`)).statusCode).toBe(201);
    const refused = await save(me, 'https://limit.example/3');
    expectError(refused, 429, 'rate_limited');
    expect(refused.json().error.message).toBe(
      'Too many links saved in a short time. Please try again later.',
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await me.get('/api/links')).json().items).toHaveLength(3);
    expect(await jobCount(me)).toBe(3);

    // Another person's saves are theirs to count.
    expect((await save(await newUser(), 'https://limit.example/3')).statusCode).toBe(201);

    // An import is another path, limited by its file: all of its links are written and queued.
    const { payload, headers } = bookmarkFileUpload(5);
    const upload = await me.send('POST', '/api/imports', payload, { headers });
    expect(upload.statusCode, upload.body).toBe(202);
    while (await ctx.services.importRunner.runOnce());
    const done = (await me.get(`/api/imports/${upload.json<Import>().id}`)).json<Import>();
    expect(done).toMatchObject({ status: 'done', created: 5 });
    expect(await jobCount(me)).toBe(8);
  });

  it('counts saves sent together one by one: those within the limit land, the rest get 429', async () => {
    const me = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => save(me, `https://together.example/${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect((await me.get('/api/links')).json().items).toHaveLength(3);
  });
});

describe('saves per person and minute (the default limit)', () => {
  const ctx = useTestApp();
  useStillClock();

  it('lets a script save 1,000 links in a minute, and refuses the 2,001st', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    for (let round = 0; round < 2; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 1000 }, (_, i) => save(me, `https://script.example/${round}/${i}`)),
      );
      expect(answers.filter((res) => res.statusCode !== 201)).toEqual([]);
    }
    expectError(await save(me, 'https://script.example/one-too-many'), 429, 'rate_limited');
  });
});
