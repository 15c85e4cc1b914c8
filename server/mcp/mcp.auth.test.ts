import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Folder, Link } from '../../contracts/index.js';
import { clientFor } from '../../test/api.js';
import { signUp } from '../../test/app.js';
import { useListeningApp } from '../../test/listening-app.js';
import { callTool, connectMcp } from '../../test/mcp-client.js';
import { type Person, PersonAtTheKeyboard } from '../../test/mcp-oauth-provider.js';
import { hashSecret } from '../lib/secrets.js';
import { TEST_PASSWORD } from '../../test/credentials.js';

/**
 * The official MCP TypeScript SDK, with its own OAuth client code, connects to a
 * running Linkvault knowing only its URL (MCP authorization spec 2025-11-25): 401 -> protected resource
 * metadata -> authorization server metadata -> dynamic registration -> PKCE authorization, with the person
 * signing in and consenting through the pages' JSON calls -> code exchange -> tools; then refresh,
 * revocation, and a narrower grant.
 */
describe('an MCP client connects with nothing but the URL', () => {
  const ctx = useListeningApp();
  const mcpUrl = () => new URL('/mcp', ctx.origin);
  const alice: Person = { email: `alice-${Date.now()}@example.com`, password: TEST_PASSWORD };
  let aliceFolder: Folder;
  let aliceLink: Link;
  let bobLink: Link;

  beforeAll(async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app, alice));
    aliceFolder = await me.folder({ name: 'Papers' });
    aliceLink = await me.link({
      url: 'https://example.com/attention',
      title: 'Attention papers',
      folderId: aliceFolder.id,
    });
    const bob = clientFor(ctx.app, await signUp(ctx.app));
    await bob.folder({ name: 'Papers of Bob' });
    bobLink = await bob.link({ url: 'https://example.com/attention-bob', title: 'Attention, said Bob' });
  });

  /** Connects as an MCP client does: a first attempt that ends at the authorization, then the code. */
  async function connectWithOAuth(person: PersonAtTheKeyboard): Promise<Client> {
    const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: person });
    await expect(new Client({ name: 'acceptance', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    await first.finishAuth(person.code());
    return (await connectMcp(ctx.origin, { authProvider: person })).client;
  }

  let person: PersonAtTheKeyboard;
  let client: Client;

  it('discovers, registers, authorizes with PKCE after login and consent, and exchanges the code', async () => {
    person = new PersonAtTheKeyboard(ctx.origin, alice);
    client = await connectWithOAuth(person);
    expect(person.consentScreens).toBe(1);
    const [authorization] = person.authorizationUrls;
    expect(authorization?.href.split('?')[0]).toBe(`${ctx.origin}/oauth/authorize`);
    expect(Object.fromEntries(authorization?.searchParams ?? [])).toMatchObject({
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'read:folders read:links',
      resource: `${ctx.origin}/mcp`,
      redirect_uri: person.redirectUrl,
    });
    expect(person.callback?.iss).toBe(ctx.origin);
    expect(person.tokens()).toMatchObject({
      token_type: expect.stringMatching(/^bearer$/i),
      scope: 'read:folders read:links',
    });
  });

  it("lists the tools and calls each one, seeing the user's data and only theirs", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['get_link', 'list_folders', 'list_links', 'search']);

    const { folders } = await callTool<{ folders: Folder[] }>(client, 'list_folders');
    expect(folders).toEqual([{ ...aliceFolder, linkCount: 1, totalCount: 1 }]);
    const { links } = await callTool<{ links: Link[] }>(client, 'list_links', { folderId: aliceFolder.id });
    expect(links.map((l) => l.id)).toEqual([aliceLink.id]);
    const found = await callTool<{ folders: Folder[]; links: Link[] }>(client, 'search', {
      query: 'attention',
    });
    expect(found.links.map((l) => l.id)).toEqual([aliceLink.id]);
    const { link } = await callTool<{ link: Link }>(client, 'get_link', { id: aliceLink.id });
    expect(link).toMatchObject({
      id: aliceLink.id,
      title: 'Attention papers',
      keyPoints: [],
      highlights: [],
      tags: [],
    });
    expect((await client.callTool({ name: 'get_link', arguments: { id: bobLink.id } })).isError).toBe(true);
  });

  it('refreshes through the SDK when the access token has expired, rotating the refresh token', async () => {
    const before = person.tokens();
    await ctx.database.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashSecret(before?.access_token ?? ''))
      .execute();
    expect((await callTool<{ links: Link[] }>(client, 'list_links')).links).toHaveLength(1);
    const after = person.tokens();
    expect(after?.access_token).not.toBe(before?.access_token);
    expect(after?.refresh_token).not.toBe(before?.refresh_token);
    expect(person.authorizationUrls).toHaveLength(1);
  });

  it('after revocation (RFC 7009) the tokens are refused with 401 and the client must authorize again', async () => {
    const revoked = person.tokens();
    const res = await fetch(`${ctx.origin}/oauth/revoke`, {
      method: 'POST',
      body: new URLSearchParams({
        token: revoked?.refresh_token ?? '',
        client_id: person.clientInformation()?.client_id ?? '',
      }),
    });
    expect(res.status).toBe(200);

    const raw = await fetch(mcpUrl(), {
      method: 'POST',
      headers: { authorization: `Bearer ${revoked?.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toContain('error="invalid_token"');

    person.present = false;
    await expect(client.callTool({ name: 'list_folders', arguments: {} })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(person.authorizationUrls).toHaveLength(2);
    await client.close();
  });

  it('a grant of read:folders alone lists folders; the link tools are refused with insufficient_scope', async () => {
    const narrow = new PersonAtTheKeyboard(ctx.origin, alice);
    expect(await auth(narrow, { serverUrl: mcpUrl(), scope: 'read:folders' })).toBe('REDIRECT');
    expect(await auth(narrow, { serverUrl: mcpUrl(), authorizationCode: narrow.code() })).toBe('AUTHORIZED');
    expect(narrow.tokens()?.scope).toBe('read:folders');

    const { client: folderReader } = await connectMcp(ctx.origin, { authProvider: narrow });
    expect((await callTool<{ folders: Folder[] }>(folderReader, 'list_folders')).folders).toHaveLength(1);
    for (const [name, args] of [
      ['list_links', {}],
      ['search', { query: 'attention' }],
      ['get_link', { id: aliceLink.id }],
    ] as const) {
      // The SDK tries step-up authorization once (a refresh, which never widens the grant), then gives up.
      const refused = await folderReader.callTool({ name, arguments: args }).catch((e: unknown) => e);
      expect(refused, name).toBeInstanceOf(StreamableHTTPError);
      expect((refused as StreamableHTTPError).code).toBe(403);
    }
    expect(narrow.tokens()?.scope).toBe('read:folders');
    await folderReader.close();
  });
});
