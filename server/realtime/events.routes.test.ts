import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Import } from '../../contracts/index.js';
import { signUp, useTestApp } from '../../test/app.js';
import { type Received, openStream as openEventStream, waitFor } from '../../test/event-stream.js';
import { multipart } from '../../test/multipart.js';

describe('GET /api/events', () => {
  const ctx = useTestApp();
  let origin = '';
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  const openStream = (headers: Record<string, string>) => openEventStream(origin, headers);

  it('streams the signed-in user’s own link and job events, authenticated by the refresh cookie', async () => {
    const me = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const mine = await openStream({ cookie: `lv_refresh=${me.refresh_token}` });
    const theirs = await openStream({ authorization: `Bearer ${other.access_token}` });
    expect(mine.res.statusCode).toBe(200);
    expect(mine.res.headers['content-type']).toMatch(/^text\/event-stream/);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: me.auth,
      payload: { url: 'https://example.com/live' },
    });
    const id = created.json().id as string;
    await waitFor(() => mine.received.some((e) => e.event === 'link'));
    expect(mine.received).toContainEqual({ event: 'job', data: { linkId: id, status: 'queued' } });
    expect(mine.received.find((e) => e.event === 'link')?.data).toMatchObject({
      id,
      enrichmentStatus: 'queued',
    });

    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/links/${id}`,
      headers: me.auth,
      payload: { title: 'Renamed' },
    });
    await waitFor(() =>
      mine.received.some((e) => e.event === 'link' && (e.data as { title: string }).title === 'Renamed'),
    );

    await ctx.app.inject({ method: 'DELETE', url: `/api/links/${id}`, headers: me.auth });
    await waitFor(() => mine.received.some((e) => e.event === 'link-deleted'));
    expect(mine.received).toContainEqual({ event: 'link-deleted', data: { id } });

    expect(theirs.received).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('sends events in the order they were published, a link read first included', async () => {
    const me = await signUp(ctx.app);
    const stream = await openStream({ authorization: `Bearer ${me.access_token}` });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: me.auth,
      payload: { url: 'https://example.com/ordered' },
    });
    const linkId = created.json().id as string;
    await waitFor(() => stream.received.some((e) => e.event === 'link'));
    stream.received.length = 0;

    // As a worker announces a claim: the link as it now is, then the job's status.
    const { bus } = ctx.services;
    const userId = me.user.id;
    bus.publish({ type: 'link', userId, linkId });
    bus.publish({ type: 'job', userId, linkId, status: 'running' });
    bus.publish({ type: 'link-deleted', userId, linkId });
    await waitFor(() => stream.received.length === 3);
    expect(stream.received.map((e) => e.event)).toEqual(['link', 'job', 'link-deleted']);
    stream.close();
  });

  it('refuses a stream without a session, with a rotated cookie, or with a garbage token', async () => {
    const me = await signUp(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: me.refresh_token },
    });
    const attempts: Record<string, string>[] = [
      {},
      { cookie: `lv_refresh=${me.refresh_token}` },
      { authorization: 'Bearer nope' },
    ];
    for (const headers of attempts) {
      const stream = await openStream(headers);
      expect(stream.res.statusCode).toBe(401);
      stream.close();
    }
  });

  it('streams the progress of the user’s own imports as `import` events with the Import', async () => {
    const me = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const mine = await openStream({ authorization: `Bearer ${me.access_token}` });
    const theirs = await openStream({ authorization: `Bearer ${other.access_token}` });
    const { payload, headers } = multipart([
      {
        name: 'file',
        filename: 'bookmarks.html',
        content:
          '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p><DT><A HREF="https://live.example/">Live</A></DL>',
      },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload,
      headers: { ...headers, ...me.auth },
    });
    expect(res.statusCode, res.body).toBe(202);
    while (await ctx.services.importRunner.runOnce());
    const done = (e: Received) => e.event === 'import' && (e.data as Import).status === 'done';
    await waitFor(() => mine.received.some(done));
    expect(mine.received.find(done)?.data).toEqual(
      (
        await ctx.app.inject({ method: 'GET', url: `/api/imports/${res.json().id}`, headers: me.auth })
      ).json(),
    );
    expect(mine.received.filter((e) => e.event === 'import').length).toBeGreaterThanOrEqual(3);
    expect(theirs.received.filter((e) => e.event === 'import')).toEqual([]);
    mine.close();
    theirs.close();
  });
});
