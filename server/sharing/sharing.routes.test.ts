import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Folder, FolderMember, Link } from '../../contracts/index.js';
import { type Client, clientFor, expectError, expectNotFound } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { TEST_PASSWORD } from '../../test/credentials.js';

/** A person with an account: how they call the API, and who they are. */
interface Person {
  api: Client;
  id: string;
  email: string;
  name: string;
}

describe('shared folders: members and what each role may do', () => {
  const ctx = useTestApp();
  let owner: Person;
  let editor: Person;
  let viewer: Person;
  let outsider: Person;

  const person = async (name: string): Promise<Person> => {
    const email = `${name.toLowerCase()}-${randomUUID()}@example.com`;
    const session = await signUp(ctx.app, { name, email });
    return { api: clientFor(ctx.app, session), id: session.user.id, email, name };
  };
  const share = async (folderId: string, who: Person, role: 'viewer' | 'editor') => {
    const res = await owner.api.post(`/api/folders/${folderId}/members`, { email: who.email, role });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<FolderMember>();
  };
  /** A folder of the owner's shared with the editor and the viewer, holding one link of the owner's. */
  const sharedFolder = async (name = 'Team reading') => {
    const folder = await owner.api.folder({ name });
    const link = await owner.api.link({ title: `In ${name}`, folderId: folder.id });
    await share(folder.id, editor, 'editor');
    await share(folder.id, viewer, 'viewer');
    return { folder, link };
  };
  const folders = async (who: Person) =>
    (await who.api.get('/api/folders')).json<{ items: Folder[] }>().items;
  const stats = async (who: Person) => (await who.api.get('/api/stats')).json();
  const tags = async (who: Person) => (await who.api.get('/api/tags')).json().items;

  beforeAll(async () => {
    owner = await person('Olivia');
    editor = await person('Eddie');
    viewer = await person('Vera');
    outsider = await person('Otto');
  });

  describe('sharing by e-mail', () => {
    it('adds members with their role, lists them to owner and members, changes and removes them', async () => {
      const folder = await owner.api.folder({ name: 'Trips' });
      const added = await share(folder.id, viewer, 'viewer');
      expect(added).toEqual({
        userId: viewer.id,
        email: viewer.email,
        name: 'Vera',
        role: 'viewer',
        addedAt: expect.any(String),
      });
      await share(folder.id, editor, 'editor');
      for (const who of [owner, editor, viewer]) {
        const list = (await who.api.get(`/api/folders/${folder.id}/members`)).json().items;
        expect(list.map((m: FolderMember) => [m.name, m.role])).toEqual([
          ['Vera', 'viewer'],
          ['Eddie', 'editor'],
        ]);
      }
      const changed = await owner.api.patch(`/api/folders/${folder.id}/members/${viewer.id}`, {
        role: 'editor',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().role).toBe('editor');
      expect((await owner.api.delete(`/api/folders/${folder.id}/members/${viewer.id}`)).statusCode).toBe(204);
      const left = (await owner.api.get(`/api/folders/${folder.id}/members`)).json().items;
      expect(left.map((m: FolderMember) => m.userId)).toEqual([editor.id]);
    });

    it('refuses an unknown e-mail, a disabled account, the owner, a second share and a bad role, clearly', async () => {
      const folder = await owner.api.folder({ name: 'Refusals' });
      const unknown = await owner.api.post(`/api/folders/${folder.id}/members`, {
        email: 'nobody-here@example.com',
        role: 'viewer',
      });
      expectError(unknown, 404, 'not_found');
      expect(unknown.json().error.message).toBe(
        'No Linkvault account uses the e-mail nobody-here@example.com',
      );

      const disabled = await person('Dora');
      await ctx.database.db
        .updateTable('users')
        .set({ disabled_at: new Date().toISOString() })
        .where('id', '=', disabled.id)
        .execute();
      const toDisabled = await owner.api.post(`/api/folders/${folder.id}/members`, {
        email: disabled.email,
        role: 'viewer',
      });
      expectError(toDisabled, 404, 'not_found');
      expect(toDisabled.json().error.message).toBe(`No Linkvault account uses the e-mail ${disabled.email}`);

      const self = await owner.api.post(`/api/folders/${folder.id}/members`, {
        email: owner.email.toUpperCase(),
        role: 'editor',
      });
      expectError(self, 400, 'validation_failed');
      expect(self.json().error.details).toEqual([
        { field: 'email', message: 'This is your own folder: share it with someone else' },
      ]);

      await share(folder.id, viewer, 'viewer');
      const twice = await owner.api.post(`/api/folders/${folder.id}/members`, {
        email: viewer.email,
        role: 'editor',
      });
      expectError(twice, 409, 'conflict');
      expect(twice.json().error.message).toBe(`This folder is already shared with ${viewer.email}`);

      const badRole = await owner.api.post(`/api/folders/${folder.id}/members`, {
        email: editor.email,
        role: 'owner',
      });
      expectError(badRole, 400, 'validation_failed');
      expect(badRole.json().error.details[0].message).toBe('Role must be one of editor, viewer');
      expectNotFound(
        await owner.api.patch(`/api/folders/${folder.id}/members/${editor.id}`, { role: 'viewer' }),
      );
      expectNotFound(await owner.api.delete(`/api/folders/${folder.id}/members/${editor.id}`));
    });

    it('lets only the owner share, and answers 404 to someone the folder is not shared with', async () => {
      const { folder } = await sharedFolder('Owner only');
      const body = { email: outsider.email, role: 'viewer' };
      for (const member of [editor, viewer]) {
        const res = await member.api.post(`/api/folders/${folder.id}/members`, body);
        expectError(res, 403, 'forbidden');
        expect(res.json().error.message).toBe("Only the folder's owner can rename, move, share or delete it");
        expectError(
          await member.api.patch(`/api/folders/${folder.id}/members/${viewer.id}`, { role: 'editor' }),
          403,
        );
      }
      expectNotFound(await outsider.api.get(`/api/folders/${folder.id}/members`));
      expectNotFound(await outsider.api.post(`/api/folders/${folder.id}/members`, body));
    });
  });

  describe("the member's folder list", () => {
    it("lists the shared folder with its role and the owner's name; the owner's shows it shared", async () => {
      const parent = await owner.api.folder({ name: 'Parent' });
      const folder = await owner.api.folder({ name: 'Nested share' });
      await owner.api.patch(`/api/folders/${folder.id}`, { parentId: parent.id });
      await owner.api.link({ folderId: folder.id });
      await owner.api.link({ folderId: folder.id });
      await share(folder.id, viewer, 'viewer');
      const seen = (await folders(viewer)).find((f) => f.id === folder.id);
      expect(seen).toEqual({
        id: folder.id,
        name: 'Nested share',
        color: 'blue',
        parentId: null,
        createdAt: folder.createdAt,
        linkCount: 2,
        totalCount: 2,
        role: 'viewer',
        shared: true,
        ownerName: 'Olivia',
      });
      expect((await folders(viewer)).some((f) => f.id === parent.id)).toBe(false);
      const mine = await folders(owner);
      expect(mine.find((f) => f.id === folder.id)).toMatchObject({
        role: 'owner',
        shared: true,
        ownerName: null,
      });
      expect(mine.find((f) => f.id === parent.id)).toMatchObject({ shared: false, totalCount: 2 });
    });

    it('a member may leave; deleting the folder ends every share of it', async () => {
      const { folder } = await sharedFolder('Leaving');
      expect((await viewer.api.delete(`/api/folders/${folder.id}/members/${viewer.id}`)).statusCode).toBe(
        204,
      );
      expect((await folders(viewer)).some((f) => f.id === folder.id)).toBe(false);
      expectNotFound(await viewer.api.get(`/api/links?folderId=${folder.id}`));
      expect((await owner.api.delete(`/api/folders/${folder.id}`)).statusCode).toBe(204);
      expect((await folders(editor)).some((f) => f.id === folder.id)).toBe(false);
      const rows = await ctx.database.db
        .selectFrom('folder_members')
        .selectAll()
        .where('folder_id', '=', folder.id)
        .execute();
      expect(rows).toEqual([]);
    });

    it("deleting the owner's account ends their shares", async () => {
      const leaving = await person('Leo');
      const folder = await leaving.api.folder({ name: 'Gone soon' });
      await leaving.api.post(`/api/folders/${folder.id}/members`, { email: viewer.email, role: 'viewer' });
      expect((await folders(viewer)).some((f) => f.id === folder.id)).toBe(true);
      const res = await leaving.api.send('DELETE', '/api/auth/user', { password: TEST_PASSWORD });
      expect(res.statusCode, res.body).toBe(204);
      expect((await folders(viewer)).some((f) => f.id === folder.id)).toBe(false);
    });
  });

  describe('links of a shared folder', () => {
    it("a viewer reads them with their enrichment but changes nothing; the owner's snippets stay the owner's", async () => {
      const { folder, link } = await sharedFolder('Read only');
      await owner.api.snippet({ pageUrl: link.url, selectedText: 'Owner note', note: 'private' });
      const list = (await viewer.api.get(`/api/links?folderId=${folder.id}`)).json();
      expect(list.items.map((l: Link) => [l.id, l.shared, l.snippetCount])).toEqual([[link.id, true, 0]]);
      expect((await owner.api.get(`/api/links/${link.id}`)).json()).toMatchObject({
        shared: true,
        snippetCount: 1,
      });
      expect((await viewer.api.get('/api/snippets')).json().items).toEqual([]);
      const refused = await viewer.api.patch(`/api/links/${link.id}`, { title: 'Mine now' });
      expectError(refused, 403, 'forbidden');
      expect(refused.json().error.message).toBe(
        'You are a viewer of this shared folder: you can read its links but not change them',
      );
      expectError(
        await viewer.api.post('/api/links', { url: 'https://example.com/v', folderId: folder.id }),
        403,
      );
      expectError(await viewer.api.delete(`/api/links/${link.id}`), 403);
      expect((await owner.api.get(`/api/links/${link.id}`)).json().title).toBe(link.title);
    });

    it("an editor's save into it is the owner's link, counted in the owner's library only", async () => {
      const { folder } = await sharedFolder('Editor saves');
      const [ownerBefore, editorBefore] = [await stats(owner), await stats(editor)];
      const saved = await editor.api.link({ url: 'https://example.com/editor-save', folderId: folder.id });
      expect(saved).toMatchObject({ folderId: folder.id, shared: true });
      expect((await stats(owner)).links).toBe(ownerBefore.links + 1);
      expect((await stats(owner)).folders[folder.id]).toBe(2);
      expect(await stats(editor)).toEqual(editorBefore);
      const listed = (await owner.api.get(`/api/links?folderId=${folder.id}`)).json().items;
      expect(listed.map((l: Link) => l.id)).toContain(saved.id);
      const editorsOwn = (await editor.api.get('/api/links')).json().items;
      expect(editorsOwn.map((l: Link) => l.id)).not.toContain(saved.id);
    });

    it('a link changes hands as an editor moves it in and out: counts and tags follow it', async () => {
      const { folder } = await sharedFolder('Hand over');
      const tag = `handed-${randomUUID().slice(0, 8)}`;
      const own = await editor.api.link({ url: `https://example.com/${tag}` });
      await editor.api.patch(`/api/links/${own.id}`, { tags: [tag] });
      const [ownerBefore, editorBefore] = [await stats(owner), await stats(editor)];

      const moved = await editor.api.patch(`/api/links/${own.id}`, { folderId: folder.id });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ folderId: folder.id, shared: true, tags: [tag] });
      expect((await stats(owner)).links).toBe(ownerBefore.links + 1);
      expect((await stats(editor)).links).toBe(editorBefore.links - 1);
      expect(await tags(owner)).toContainEqual({ name: tag, count: 1 });
      expect(await tags(editor)).not.toContainEqual({ name: tag, count: 1 });
      expect((await owner.api.get(`/api/links?tag=${tag}`)).json().items).toHaveLength(1);

      const back = await editor.api.patch(`/api/links/${own.id}`, { folderId: null });
      expect(back.json()).toMatchObject({ folderId: null, shared: false });
      expect(await stats(owner)).toEqual(ownerBefore);
      expect(await stats(editor)).toEqual(editorBefore);
      expect(await tags(editor)).toContainEqual({ name: tag, count: 1 });
      expect(await tags(owner)).not.toContainEqual({ name: tag, count: 1 });
    });

    it('a bulk move hands links over too, all of them or none', async () => {
      const { folder, link } = await sharedFolder('Bulk hand over');
      const own = await editor.api.link();
      const into = await editor.api.post('/api/links/bulk', {
        ids: [own.id],
        action: 'move',
        folderId: folder.id,
      });
      expect(into.statusCode, into.body).toBe(200);
      expect((await owner.api.get(`/api/links/${own.id}`)).json().folderId).toBe(folder.id);
      const out = await editor.api.post('/api/links/bulk', {
        ids: [own.id, link.id],
        action: 'move',
        folderId: null,
      });
      expect(out.statusCode, out.body).toBe(200);
      const editorsOwn = (await editor.api.get('/api/links?folderId=uncategorized')).json().items;
      expect(editorsOwn.map((l: Link) => l.id)).toEqual(expect.arrayContaining([own.id, link.id]));
      expectNotFound(await owner.api.get(`/api/links/${link.id}`));
      const refused = await viewer.api.post('/api/links/bulk', {
        ids: [own.id],
        action: 'move',
        folderId: folder.id,
      });
      expectNotFound(refused);
    });

    it('only the owner renames, moves or deletes the folder; a role change applies at once', async () => {
      const { folder, link } = await sharedFolder('Roles');
      for (const member of [editor, viewer]) {
        expectError(
          await member.api.patch(`/api/folders/${folder.id}`, { name: 'Renamed' }),
          403,
          'forbidden',
        );
        expectError(await member.api.delete(`/api/folders/${folder.id}`), 403, 'forbidden');
        expectError(
          await member.api.post('/api/folders', { name: 'Inside', color: 'red', parentId: folder.id }),
          403,
          'forbidden',
        );
      }
      await owner.api.patch(`/api/folders/${folder.id}/members/${viewer.id}`, { role: 'editor' });
      const edited = await viewer.api.patch(`/api/links/${link.id}`, {
        title: 'Edited by Vera',
        state: 'read',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await owner.api.get(`/api/links/${link.id}`)).json()).toMatchObject({
        title: 'Edited by Vera',
        state: 'read',
      });
    });

    it('search includes the links of folders shared with the caller, marked shared; not anyone else', async () => {
      const word = `zebra${randomUUID().slice(0, 6)}`;
      const { folder, link } = await sharedFolder(`Search ${word}`);
      for (const member of [viewer, editor]) {
        const found = (await member.api.get(`/api/search?q=${word}`)).json();
        expect(found.links.map((l: Link) => [l.id, l.shared])).toEqual([[link.id, true]]);
        expect(found.folders.map((f: Folder) => [f.id, f.shared])).toEqual([[folder.id, true]]);
      }
      expect((await outsider.api.get(`/api/search?q=${word}`)).json()).toEqual({
        folders: [],
        links: [],
        snippets: [],
      });
    });
  });
});
