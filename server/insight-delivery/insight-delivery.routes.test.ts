import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InsightDelivery, InsightFeed } from '../../contracts/index.js';
import { type Client, clientFor, expectError, expectUnauthenticated } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { atomProblems } from '../../test/markup-checks.js';

/**
 * Issue 19: the weekly report's delivery settings and private Atom feed, on a server without SMTP_URL.
 * Date is faked to Wednesday 11 March 2026 (week 11): weeks 9 and 10 are complete.
 */
describe('insight delivery settings and the private feed', () => {
  const ctx = useTestApp({ publicUrl: 'https://vault.example' });
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-11T12:00:00.000Z'));
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  const newPerson = async () => {
    const session = await signUp(ctx.app);
    return { me: clientFor(ctx.app, session), userId: session.user.id };
  };
  async function savedAt(me: Client, at: string, title: string): Promise<void> {
    const link = await me.link({ title });
    await ctx.database.db.updateTable('links').set({ created_at: at }).where('id', '=', link.id).execute();
  }
  const feedOf = async (me: Client) => {
    const res = await me.post('/api/insights/feed');
    expect(res.statusCode, res.body).toBe(201);
    return res.json<InsightFeed>().url;
  };
  /** The feed at `url`, fetched with no session: the token in it is the only credential. */
  const fetchFeed = (url: string) => {
    const { pathname, search } = new URL(url);
    return ctx.app.inject({ method: 'GET', url: `${pathname}${search}` });
  };

  it('answers the defaults: the e-mail off, UTC, no feed, and that this server sends no mail', async () => {
    const { me } = await newPerson();
    const res = await me.get('/api/insights/delivery');
    expect(res.statusCode).toBe(200);
    expect(res.json<InsightDelivery>()).toEqual({
      weeklyEmail: false,
      emailAvailable: false,
      timeZone: 'UTC',
      nextMailAt: null,
      feed: false,
    });
    expectUnauthenticated(await clientFor(ctx.app, null).get('/api/insights/delivery'));
  });

  it('refuses the weekly e-mail without SMTP_URL, saying why, and schedules nothing', async () => {
    const { me, userId } = await newPerson();
    const res = await me.patch('/api/insights/delivery', { weeklyEmail: true });
    expectError(res, 409, 'conflict');
    expect(res.json<{ error: { message: string } }>().error.message).toContain('SMTP_URL');
    expect(ctx.services.mailer).toBeNull();
    const kept = await ctx.database.db
      .selectFrom('insight_delivery')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(kept).toEqual([]);
  });

  it('keeps a time zone, and refuses one that is not', async () => {
    const { me } = await newPerson();
    const res = await me.patch('/api/insights/delivery', { timeZone: 'Europe/Paris' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InsightDelivery>()).toMatchObject({ timeZone: 'Europe/Paris', weeklyEmail: false });
    expectError(await me.patch('/api/insights/delivery', { timeZone: 'Mars/Olympus_Mons' }), 400);
    expectError(await me.patch('/api/insights/delivery', {}), 400);
    expectError(await me.patch('/api/insights/delivery', { weeklyEmail: 'yes' }), 400);
    expectError(await me.patch('/api/insights/delivery', { other: 1 }), 400);
  });

  it('serves a valid Atom feed of its owner’s weeks only, newest first, to its token alone', async () => {
    const ann = await newPerson();
    const bob = await newPerson();
    await savedAt(ann.me, '2026-02-24T10:00:00.000Z', 'Ann in week 9');
    await savedAt(ann.me, '2026-03-03T10:00:00.000Z', 'Ann & <friends> in week 10');
    await savedAt(ann.me, '2026-03-10T10:00:00.000Z', 'Ann this week');
    await savedAt(bob.me, '2026-03-04T10:00:00.000Z', 'Bob in week 10');

    const url = await feedOf(ann.me);
    expect(url).toMatch(/^https:\/\/vault\.example\/api\/insights\/feed\.atom\?token=lvi_[\w-]{43}$/);
    expect((await ann.me.get('/api/insights/delivery')).json<InsightDelivery>().feed).toBe(true);
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await atomProblems(res.body)).toEqual([]);

    const entries = res.body.split('<entry>').slice(1);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toContain('<title>Your week in Linkvault: Mar 2 – 8, 2026</title>');
    expect(entries[0]).toContain('<updated>2026-03-09T00:00:00.000Z</updated>');
    expect(entries[0]).toContain('href="https://vault.example/app/insights?week=2026-W10"');
    // The report's HTML, escaped once more into the XML: the title's own < is &amp;lt; there.
    expect(entries[0]).toContain('Ann &amp;amp; &amp;lt;friends&amp;gt; in week 10');
    expect(entries[1]).toContain('<title>Your week in Linkvault: Feb 23 – Mar 1, 2026</title>');
    expect(res.body).not.toContain('Ann this week');
    expect(res.body).not.toContain('Bob');
    expect(res.body).toContain('<updated>2026-03-09T00:00:00.000Z</updated>\n  <author>');
  });

  it('keeps the feed well-formed XML when a saved title holds a character XML forbids', async () => {
    const { me } = await newPerson();
    await savedAt(me, '2026-03-03T10:00:00.000Z', 'A page title with a control character\u0001 in it');
    const res = await fetchFeed(await feedOf(me));
    expect(res.statusCode).toBe(200);
    expect(await atomProblems(res.body)).toEqual([]);
    expect(res.body).toContain('A page title with a control character in it');
  });

  it('gives an empty feed that is still valid Atom', async () => {
    const { me } = await newPerson();
    const res = await fetchFeed(await feedOf(me));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<entry>');
    expect(await atomProblems(res.body)).toEqual([]);
  });

  it('answers 404 to a rotated, revoked or unknown token, and keeps the entries’ ids across URLs', async () => {
    const { me, userId } = await newPerson();
    await savedAt(me, '2026-03-03T10:00:00.000Z', 'A page');
    const first = await feedOf(me);
    const before = (await fetchFeed(first)).body;
    const second = await feedOf(me);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    const after = await fetchFeed(second);
    expect(after.statusCode).toBe(200);
    const ids = (xml: string) => [...xml.matchAll(/<id>([^<]+)<\/id>/g)].map((match) => match[1]);
    expect(ids(after.body)).toEqual(ids(before));
    expect(ids(before)[0]).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    // An account an admin disabled has no feed while it is disabled.
    const disable = (at: string | null) =>
      ctx.database.db.updateTable('users').set({ disabled_at: at }).where('id', '=', userId).execute();
    await disable(new Date().toISOString());
    expect((await fetchFeed(second)).statusCode).toBe(404);
    await disable(null);

    const deleted = await me.delete('/api/insights/feed');
    expect(deleted.statusCode).toBe(204);
    expect((await fetchFeed(second)).statusCode).toBe(404);
    expect((await me.get('/api/insights/delivery')).json<InsightDelivery>().feed).toBe(false);

    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/insights/feed.atom?token=lvi_${'A'.repeat(43)}`,
    });
    expectError(unknown, 404, 'not_found');
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/insights/feed.atom' }), 400);
  });

  it('lets only a signed-in session make or revoke a feed URL', async () => {
    const nobody = clientFor(ctx.app, null);
    expectUnauthenticated(await nobody.post('/api/insights/feed'));
    expectUnauthenticated(await nobody.delete('/api/insights/feed'));
    const { me } = await newPerson();
    const token = await me.post('/api/tokens', { name: 'script', scopes: ['read', 'write'] });
    expect(token.statusCode, token.body).toBe(201);
    const script = clientFor(ctx.app, { access_token: token.json<{ token: string }>().token });
    expectError(await script.post('/api/insights/feed'), 403, 'insufficient_scope');
  });
});
