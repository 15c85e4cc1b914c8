import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '../../contracts/index.js';
import { type Client, clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { type Received, openStream, waitFor } from '../../test/event-stream.js';

/** Issue 19: a shared folder's changes reach its owner and its members live, and nobody else. */
describe('GET /api/events across the people of a shared folder', () => {
  const ctx = useTestApp();
  let origin = '';
  const people = {} as Record<
    'owner' | 'editor' | 'viewer' | 'outsider',
    { api: Client; email: string; id: string; refresh: string }
  >;

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    for (const role of ['owner', 'editor', 'viewer', 'outsider'] as const) {
      const email = `${role}-${randomUUID()}@example.com`;
      const session = await signUp(ctx.app, { email });
      people[role] = {
        api: clientFor(ctx.app, session),
        email,
        id: session.user.id,
        refresh: session.refresh_token,
      };
    }
  });

  const stream = (role: keyof typeof people) =>
    openStream(origin, { cookie: `lv_refresh=${people[role].refresh}` });
  const share = async (folderId: string, role: 'editor' | 'viewer') => {
    const res = await people.owner.api.post(`/api/folders/${folderId}/members`, {
      email: people[role].email,
      role,
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const linkEvent = (id: string) => (e: Received) => e.event === 'link' && (e.data as Link).id === id;
  const about = (id: string) => (e: Received) => JSON.stringify(e.data).includes(id);
  /** Lets events that would wrongly be sent arrive before checking that none did. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it("a member's save reaches the owner and every member, live; a removed member's open stream gets nothing more", async () => {
    const folder = await people.owner.api.folder({ name: 'Live together' });
    await share(folder.id, 'editor');
    await share(folder.id, 'viewer');
    const [owner, editor, viewer, outsider] = await Promise.all([
      stream('owner'),
      stream('editor'),
      stream('viewer'),
      stream('outsider'),
    ]);

    const saved = await people.editor.api.link({
      url: 'https://example.com/live-share',
      folderId: folder.id,
    });
    for (const open of [owner, editor, viewer]) await waitFor(() => open.received.some(linkEvent(saved.id)));
    expect(viewer.received.find(linkEvent(saved.id))?.data).toMatchObject({
      folderId: folder.id,
      shared: true,
    });
    expect(viewer.received).toContainEqual({ event: 'job', data: { linkId: saved.id, status: 'queued' } });

    // The owner's own links elsewhere are not the members' to hear of.
    const private_ = await people.owner.api.link({ url: 'https://example.com/owner-private' });
    await waitFor(() => owner.received.some(linkEvent(private_.id)));

    // Removed: told at once that their folder list changed, then nothing of the folder any more.
    expect(
      (await people.owner.api.delete(`/api/folders/${folder.id}/members/${people.viewer.id}`)).statusCode,
    ).toBe(204);
    // The very next changes, not waiting for anything: the stream reads membership as it delivers.
    const after = await people.editor.api.link({
      url: 'https://example.com/after-removal',
      folderId: folder.id,
    });
    await people.editor.api.patch(`/api/links/${saved.id}`, { title: 'Renamed after removal' });
    await waitFor(() => viewer.received.some((e) => e.event === 'folders'));
    expect(viewer.received.find((e) => e.event === 'folders')?.data).toEqual({ folderId: folder.id });
    for (const open of [owner, editor]) await waitFor(() => open.received.some(linkEvent(after.id)));
    await waitFor(() =>
      editor.received.some((e) => e.event === 'link' && (e.data as Link).title === 'Renamed after removal'),
    );
    await settle();
    expect(viewer.received.filter(about(after.id))).toEqual([]);
    expect(
      viewer.received.some((e) => e.event === 'link' && (e.data as Link).title === 'Renamed after removal'),
    ).toBe(false);
    for (const open of [viewer, editor, outsider])
      expect(open.received.filter(about(private_.id))).toEqual([]);
    expect(outsider.received).toEqual([]);
    for (const open of [owner, editor, viewer, outsider]) open.close();
  });

  it('a share given while the stream is open is followed at once; moves out and deletions reach the members', async () => {
    const folder = await people.owner.api.folder({ name: 'Joined live' });
    const elsewhere = await people.owner.api.folder({ name: 'Owner only' });
    const link = await people.owner.api.link({ url: 'https://example.com/joined', folderId: folder.id });
    const gone = await people.owner.api.link({ url: 'https://example.com/to-delete', folderId: folder.id });
    const viewer = await stream('viewer');
    await share(folder.id, 'viewer');
    await waitFor(() => viewer.received.some((e) => e.event === 'folders'));

    await people.owner.api.patch(`/api/links/${link.id}`, { favorite: true });
    await waitFor(() => viewer.received.some((e) => linkEvent(link.id)(e) && (e.data as Link).favorite));
    await people.owner.api.patch(`/api/links/${link.id}`, { folderId: elsewhere.id });
    await waitFor(() => viewer.received.some((e) => e.event === 'link-deleted' && about(link.id)(e)));
    await people.owner.api.delete(`/api/links/${gone.id}`);
    await waitFor(() => viewer.received.some((e) => e.event === 'link-deleted' && about(gone.id)(e)));
    // Moved to a folder they cannot see, the link itself is not sent to them.
    expect(
      viewer.received.some((e) => linkEvent(link.id)(e) && (e.data as Link).folderId === elsewhere.id),
    ).toBe(false);
    viewer.close();
  });
});
