import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Folder, Link, OAuthScope } from '../../contracts/index.js';
import { clientFor, tick } from '../../test/api.js';
import { signUp } from '../../test/app.js';
import { useListeningApp } from '../../test/listening-app.js';
import { callTool, connectMcp, toolError } from '../../test/mcp-client.js';
import { mintOAuthToken } from '../../test/oauth-tokens.js';

const BOTH: OAuthScope[] = ['read:folders', 'read:links'];

describe('MCP server at /mcp', () => {
  const ctx = useListeningApp();
  const resource = () => `${ctx.origin}/mcp`;
  const metadataUrl = () => `${ctx.origin}/.well-known/oauth-protected-resource/mcp`;

  let alice: { id: string; session: string };
  let bob: { id: string; session: string };
  let reading: Folder;
  let bobsFolder: Folder;
  let links: Link[]; // Alice's, oldest first
  let bobsLink: Link;

  beforeAll(async () => {
    const [a, b] = [await signUp(ctx.app), await signUp(ctx.app)];
    alice = { id: a.user.id, session: a.access_token };
    bob = { id: b.user.id, session: b.access_token };
    const me = clientFor(ctx.app, a);
    reading = await me.folder({ name: 'Reading list' });
    links = [];
    for (const body of [
      { url: 'https://example.com/rust', title: 'Rust ownership explained', folderId: reading.id },
      { url: 'https://example.com/gardening', title: 'Gardening in clay soil' },
      { url: 'https://example.com/zig', title: 'Zig comptime tour', folderId: reading.id },
    ]) {
      links.push(await me.link(body));
      await tick();
    }
    await ctx.database.db
      .updateTable('links')
      .set({
        summary_short: 'How Rust tracks ownership.',
        summary_long: 'A long read on moves, borrows and lifetimes.',
        key_points: JSON.stringify(['Each value has one owner']),
        highlights: JSON.stringify(['Borrowing is checked at compile time']),
        tags: JSON.stringify(['rust', 'memory']),
        enrichment_status: 'enriched',
      })
      .where('id', '=', links[0]!.id)
      .execute();
    const them = clientFor(ctx.app, b);
    bobsFolder = await them.folder({ name: 'Reading secrets' });
    bobsLink = await them.link({ url: 'https://example.com/rust-secret', title: 'Rust secret plans' });
  });

  const open: Client[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });
  const connect = async (token: string) => {
    const { client } = await connectMcp(ctx.origin, { token });
    open.push(client);
    return client;
  };
  const oauthToken = (userId: string, scopes = BOTH, audience: string | null = resource()) =>
    mintOAuthToken(ctx.database, { userId, scopes, audience });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${ctx.origin}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  };
  const callRequest = (name: string, args: Record<string, unknown> = {}) => ({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name, arguments: args },
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: unknown } }).error;

  describe('authentication (MCP authorization, RFC 6750, RFC 9728)', () => {
    it('answers a request without a token with 401 and a challenge pointing to the resource metadata', async () => {
      for (const method of ['POST', 'GET', 'DELETE']) {
        const res = await fetch(`${ctx.origin}/mcp`, {
          method,
          headers: { 'content-type': 'application/json' },
          ...(method === 'POST' && { body: JSON.stringify(initialize) }),
        });
        expect(res.status, method).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe(
          `Bearer scope="read:folders read:links", resource_metadata="${metadataUrl()}"`,
        );
        expect(await res.json()).toEqual({
          error: { code: 'unauthenticated', message: 'User not authenticated' },
        });
      }
    });

    it('refuses an unknown or expired token with invalid_token', async () => {
      const expired = await mintOAuthToken(ctx.database, {
        userId: alice.id,
        scopes: BOTH,
        audience: resource(),
        expiresInSeconds: -1,
      });
      for (const token of ['not-a-token', expired]) {
        const res = await post(initialize, bearer(token));
        expect(res.status).toBe(401);
        const challenge = res.headers.get('www-authenticate');
        expect(challenge).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", /);
        expect(challenge).toContain(`resource_metadata="${metadataUrl()}"`);
      }
    });

    it('refuses an assistant token issued for another resource, and one without an audience', async () => {
      for (const audience of ['https://elsewhere.example/mcp', `${ctx.origin}/other`, null]) {
        const res = await post(initialize, bearer(await oauthToken(alice.id, BOTH, audience)));
        expect(res.status, String(audience)).toBe(401);
        expect(res.headers.get('www-authenticate')).toContain(
          'error="invalid_token", error_description="The access token was not issued for this server"',
        );
      }
    });

    it('accepts tokens issued for the MCP resource or the server itself', async () => {
      for (const audience of [resource(), ctx.origin, `${ctx.origin}/`]) {
        const client = await connect(await oauthToken(alice.id, BOTH, audience));
        expect((await client.listTools()).tools).toHaveLength(4);
      }
    });

    it("accepts the user's own session token, with full access", async () => {
      const client = await connect(alice.session);
      const { folders } = await callTool<{ folders: Folder[] }>(client, 'list_folders');
      expect(folders.map((f) => f.id)).toEqual([reading.id]);
      expect((await callTool<{ links: Link[] }>(client, 'list_links')).links).toHaveLength(3);
    });

    it('offers no server stream and no session to end: GET and DELETE get 405 once authenticated', async () => {
      const token = await oauthToken(alice.id);
      for (const method of ['GET', 'DELETE']) {
        const res = await fetch(`${ctx.origin}/mcp`, {
          method,
          headers: { ...bearer(token), accept: 'text/event-stream' },
        });
        expect(res.status, method).toBe(405);
        expect(res.headers.get('allow')).toBe('POST');
        expect((await errorOf(res)).code).toBe(-32000);
      }
    });
    it('answers in plain JSON, without a session, with the security headers of every response', async () => {
      const res = await post(initialize, bearer(await oauthToken(alice.id)));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('mcp-session-id')).toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(((await res.json()) as { result: { serverInfo: object } }).result.serverInfo).toMatchObject({
        name: 'linkvault',
      });
    });

    it('is in the OpenAPI document', async () => {
      const doc = (await fetch(`${ctx.origin}/api/openapi.json`).then((r) => r.json())) as {
        paths: Record<string, object>;
      };
      expect(Object.keys(doc.paths['/mcp'] ?? {}).sort()).toEqual(['delete', 'get', 'post']);
    });
  });

  describe('tools', () => {
    it('lists the four read-only tools with descriptions and input and output schemas', async () => {
      const client = await connect(await oauthToken(alice.id));
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['get_link', 'list_folders', 'list_links', 'search']);
      for (const tool of tools) {
        expect(tool.description?.length, tool.name).toBeGreaterThan(40);
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type).toBe('object');
        expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      }
      const listLinks = tools.find((t) => t.name === 'list_links');
      expect(Object.keys(listLinks?.inputSchema.properties ?? {}).sort()).toEqual([
        'availability',
        'cursor',
        'favorite',
        'folderId',
        'limit',
        'state',
        'tag',
      ]);
      expect(client.getInstructions()).toMatch(/only read/);
    });

    it("list_folders returns the user's folders with their link counts, and only theirs", async () => {
      const client = await connect(await oauthToken(alice.id));
      const { folders } = await callTool<{ folders: Folder[] }>(client, 'list_folders');
      expect(folders).toEqual([{ ...reading, linkCount: 2, totalCount: 2 }]);
      const theirs = await connect(await oauthToken(bob.id));
      expect((await callTool<{ folders: Folder[] }>(theirs, 'list_folders')).folders).toEqual([
        { ...bobsFolder, linkCount: 0, totalCount: 0 },
      ]);
    });

    it('list_links pages through the links newest first, by folder or uncategorized', async () => {
      const client = await connect(await oauthToken(alice.id));
      const ids = async (args: Record<string, unknown>) =>
        (await callTool<{ links: Link[]; nextCursor: string | null }>(client, 'list_links', args)).links.map(
          (l) => l.id,
        );
      const newestFirst = links.map((l) => l.id).reverse();
      expect(await ids({})).toEqual(newestFirst);
      expect(await ids({ folderId: reading.id })).toEqual([links[2]!.id, links[0]!.id]);
      expect(await ids({ folderId: 'uncategorized' })).toEqual([links[1]!.id]);

      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { links: Link[]; nextCursor: string | null } = await callTool(client, 'list_links', {
          limit: 1,
          ...(cursor && { cursor }),
        });
        expect(page.links).toHaveLength(1);
        paged.push(...page.links.map((l) => l.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged).toEqual(newestFirst);

      const [first] = (
        await callTool<{ links: Record<string, unknown>[] }>(client, 'list_links', { limit: 1 })
      ).links;
      expect(Object.keys(first ?? {}).sort()).toEqual(
        [
          'createdAt',
          'description',
          'enrichmentStatus',
          'favorite',
          'folderId',
          'id',
          'platform',
          'shared',
          'state',
          'summaryShort',
          'tags',
          'title',
          'url',
        ].sort(),
      );
    });

    it('list_links and search narrow to a reading state or to favourites, and list_links to a tag', async () => {
      const carol = await signUp(ctx.app);
      const me = clientFor(ctx.app, carol);
      const [read, starred, fresh] = [
        await me.link({ title: 'Tide tables, read' }),
        await me.link({ title: 'Tide pools, starred' }),
        await me.link({ title: 'Tide clocks, fresh' }),
      ];
      await me.patch(`/api/links/${read.id}`, { state: 'read' });
      await me.patch(`/api/links/${starred.id}`, { favorite: true, state: 'archived' });
      const client = await connect(await oauthToken(carol.user.id));
      const listed = async (args: Record<string, unknown>) =>
        (await callTool<{ links: Link[] }>(client, 'list_links', args)).links.map((l) => l.id);
      const found = async (args: Record<string, unknown>) =>
        (await callTool<{ links: Link[] }>(client, 'search', { query: 'tide', ...args })).links.map(
          (l) => l.id,
        );

      expect(await listed({ state: 'unread' })).toEqual([fresh.id]);
      expect(await listed({ state: 'archived' })).toEqual([starred.id]);
      expect(await listed({ favorite: true })).toEqual([starred.id]);
      expect(await listed({ favorite: false })).toEqual([fresh.id, read.id]);
      expect(await found({ state: 'read' })).toEqual([read.id]);
      expect(await found({ favorite: true })).toEqual([starred.id]);
      expect(await toolError(client, 'list_links', { state: 'later' })).toMatch(/state/);

      await me.patch(`/api/links/${read.id}`, { tags: ['Tides'] });
      expect(await listed({ tag: 'tides' })).toEqual([read.id]);
      expect(await listed({ tag: 'moon' })).toEqual([]);
    });

    it("list_links never reaches another user's folder, and says why", async () => {
      const client = await connect(await oauthToken(alice.id));
      expect(await toolError(client, 'list_links', { folderId: bobsFolder.id })).toBe('Folder not found');
      expect(await toolError(client, 'list_links', { cursor: 'garbage' })).toBe('Invalid cursor');
    });

    it('search finds links by substring, folders only with read:folders, never the data of others', async () => {
      const both = await connect(await oauthToken(alice.id));
      const found = await callTool<{ folders: Folder[]; links: Link[]; snippets: unknown[] }>(
        both,
        'search',
        {
          query: 'READING',
        },
      );
      expect(found.folders.map((f) => f.id)).toEqual([reading.id]);
      expect(found.links).toEqual([]);

      const rust = await callTool<{ links: Link[] }>(both, 'search', { query: 'rust' });
      expect(rust.links.map((l) => l.id)).toEqual([links[0]!.id]);

      const linksOnly = await connect(await oauthToken(alice.id, ['read:links']));
      const narrow = await callTool<{ folders: Folder[]; links: Link[] }>(linksOnly, 'search', {
        query: 'r',
      });
      expect(narrow.folders).toEqual([]);
      expect(narrow.links.map((l) => l.id).sort()).toEqual(links.map((l) => l.id).sort());
      expect(await toolError(both, 'search', { query: '   ' })).toMatch(/query/);
    });

    it('get_link returns one link in full with its summaries, key points, highlights and tags', async () => {
      const client = await connect(await oauthToken(alice.id, ['read:links']));
      const { link } = await callTool<{ link: Link }>(client, 'get_link', { id: links[0]!.id });
      expect(link).toMatchObject({
        id: links[0]!.id,
        url: 'https://example.com/rust',
        title: 'Rust ownership explained',
        folderId: reading.id,
        summaryShort: 'How Rust tracks ownership.',
        summaryLong: 'A long read on moves, borrows and lifetimes.',
        keyPoints: ['Each value has one owner'],
        highlights: ['Borrowing is checked at compile time'],
        tags: ['rust', 'memory'],
        platform: 'generic',
        enrichmentStatus: 'enriched',
        snippetCount: 0,
      });
      expect(await toolError(client, 'get_link', { id: bobsLink.id })).toBe('Link not found');
    });
  });

  describe('scopes', () => {
    it('a read:folders token lists folders; the link tools answer 403 insufficient_scope', async () => {
      const token = await oauthToken(alice.id, ['read:folders']);
      const client = await connect(token);
      expect((await client.listTools()).tools).toHaveLength(4);
      expect((await callTool<{ folders: Folder[] }>(client, 'list_folders')).folders).toHaveLength(1);
      for (const [name, args] of [
        ['list_links', {}],
        ['search', { query: 'rust' }],
        ['get_link', { id: links[0]!.id }],
      ] as const) {
        const refused = await client.callTool({ name, arguments: args }).catch((e: unknown) => e);
        expect(refused, name).toBeInstanceOf(StreamableHTTPError);
        expect((refused as StreamableHTTPError).code).toBe(403);
        expect((refused as Error).message).toContain(`the ${name} tool needs the read:links scope`);

        const res = await post(callRequest(name, args), bearer(token));
        expect(res.status).toBe(403);
        expect(res.headers.get('www-authenticate')).toBe(
          `Bearer error="insufficient_scope", error_description="insufficient_scope: the ${name} tool needs the read:links scope", scope="read:folders read:links", resource_metadata="${metadataUrl()}"`,
        );
        expect((await errorOf(res)).code).toBe('insufficient_scope');
      }
    });

    it('a read:links token is refused list_folders, asking for read:folders beside what it has', async () => {
      const token = await oauthToken(alice.id, ['read:links']);
      const res = await post(callRequest('list_folders'), bearer(token));
      expect(res.status).toBe(403);
      expect(res.headers.get('www-authenticate')).toContain('scope="read:folders read:links"');
      const refusedInBatch = await post(
        [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, callRequest('list_folders')],
        bearer(token),
      );
      expect(refusedInBatch.status).toBe(403);
    });
  });

  describe('bad input gets a JSON-RPC error or a 4xx, never a 500', () => {
    it.each([
      ['not JSON', '{"jsonrpc": ', 400],
      ['an empty object', {}, 400],
      ['null', 'null', 400],
      ['a string', '"tools/list"', 400],
      ['a request without a method', { jsonrpc: '2.0', id: 1 }, 400],
      ['a tools/call without params', { jsonrpc: '2.0', id: 1, method: 'tools/call' }, 200],
      ['an unknown method', { jsonrpc: '2.0', id: 1, method: 'links/delete' }, 200],
      // The SDK transport takes a batch without requests as notifications only.
      ['an empty batch', [], 202],
    ])('%s: %i', async (_name, body, status) => {
      const res = await post(body, bearer(await oauthToken(alice.id)));
      expect(res.status).toBe(status);
      if (status === 200) expect((await errorOf(res)).code).toEqual(expect.any(Number));
    });

    it('refuses a body that is not JSON with 415', async () => {
      const res = await fetch(`${ctx.origin}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', ...bearer(await oauthToken(alice.id)) },
        body: 'tools/list',
      });
      expect(res.status).toBe(415);
    });

    it('answers bad tool arguments and unknown tools with an error result', async () => {
      const client = await connect(await oauthToken(alice.id));
      expect(await toolError(client, 'list_links', { limit: 'ten' })).toMatch(/limit/);
      expect(await toolError(client, 'list_links', { limit: 1000 })).toMatch(/limit/);
      expect(await toolError(client, 'get_link', {})).toMatch(/id/);
      expect(await toolError(client, 'delete_link', { id: links[0]!.id })).toMatch(/not found/);
    });
  });
});
