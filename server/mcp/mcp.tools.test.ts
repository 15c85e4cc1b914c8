import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../test/app.js';
import { callTool, toolError } from '../../test/mcp-client.js';
import type { Principal } from '../accounts/accounts.service.js';
import { createMcpServer } from './mcp.tools.js';

/** The tools without HTTP: they refuse by themselves what the token's scopes do not cover. */
describe('MCP tools', () => {
  const ctx = useTestApp();

  async function connectAs(access: Principal) {
    const server = createMcpServer(ctx.services, access, ctx.app.log);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'in-memory', version: '1.0.0' });
    await client.connect(clientSide);
    return client;
  }

  it('each tool checks its own scope', async () => {
    const { user } = await signUp(ctx.app);
    const foldersOnly = await connectAs({ userId: user.id, sessionId: null, scopes: ['read:folders'] });
    expect(await callTool(foldersOnly, 'list_folders')).toEqual({ folders: [] });
    for (const name of ['list_links', 'search', 'get_link']) {
      expect(await toolError(foldersOnly, name, { query: 'x', id: 'x' })).toBe(
        `insufficient_scope: the ${name} tool needs the read:links scope`,
      );
    }
    const linksOnly = await connectAs({ userId: user.id, sessionId: null, scopes: ['read:links'] });
    expect(await toolError(linksOnly, 'list_folders')).toBe(
      'insufficient_scope: the list_folders tool needs the read:folders scope',
    );
    await Promise.all([foldersOnly.close(), linksOnly.close()]);
  });
});
