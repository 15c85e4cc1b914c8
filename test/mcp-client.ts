import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  type StreamableHTTPClientTransportOptions,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';

/** The official MCP SDK client connected to `${origin}/mcp`, with a fixed bearer token or an OAuth provider. */
export async function connectMcp(
  origin: string,
  auth: { token: string } | Pick<StreamableHTTPClientTransportOptions, 'authProvider'>,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(
    new URL('/mcp', origin),
    'token' in auth ? { requestInit: { headers: { authorization: `Bearer ${auth.token}` } } } : auth,
  );
  const client = new Client({ name: 'linkvault-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** Calls a tool that must succeed and returns its structured content, checking the text twin matches it. */
export async function callTool<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
  return result.structuredContent as T;
}

/** Calls a tool that must refuse and returns the message it gives. */
export async function toolError(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result)).toBe(true);
  const [first] = result.content as { type: string; text: string }[];
  return first?.text ?? '';
}
