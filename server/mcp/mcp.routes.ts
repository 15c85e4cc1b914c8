import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorSchema } from '../../contracts/index.js';
import { principalOf } from '../http/auth.js';
import type { Resources } from '../oauth/resources.js';
import { requireMcpToken, requireToolScopes } from './mcp.auth.js';
import { createMcpServer, type McpLibrary } from './mcp.tools.js';

const jsonRpc = z.object({ jsonrpc: z.literal('2.0') }).loose();
const schema = {
  tags: ['assistant'],
  security: [{ bearer: [] }],
  response: { 401: errorSchema, 403: errorSchema },
};

/**
 * POST /mcp: the MCP Streamable HTTP endpoint (API.md "Assistant access"). It is stateless: each POST gets
 * its own server and transport, bound to the caller, so any web process can answer any request (no
 * session affinity when several share a PostgreSQL database) and nothing outlives the request. Answers
 * are plain JSON (the tools finish at once; there is nothing to stream).
 */
export function registerMcpRoutes(app: FastifyInstance, library: McpLibrary, resources: Resources): void {
  const onRequest = requireMcpToken(resources);

  app.post(
    '/mcp',
    {
      onRequest,
      preHandler: requireToolScopes(resources),
      schema: {
        ...schema,
        description:
          'A JSON-RPC message of the Model Context Protocol (Streamable HTTP); tools list_folders, list_links, search and get_link.',
        response: { ...schema.response, 200: jsonRpc.describe('The JSON-RPC response') },
      },
    },
    async (request, reply) => {
      const server = createMcpServer(library, principalOf(request), request.log);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      // The transport writes the answer itself; Fastify has already parsed (and size-limited) the body.
      reply.hijack();
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );

  // MCP Streamable HTTP: a server that offers no stream of its own (GET) and no sessions to end (DELETE)
  // answers 405. Authentication comes first so that a client without a token still learns where to get one.
  const notOffered = (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; use POST' },
        id: null,
      });
  const notOfferedSchema = {
    ...schema,
    description: 'Not offered: the server is stateless (no server-sent stream, no session to end).',
    response: { ...schema.response, 405: jsonRpc },
  };
  app.get('/mcp', { onRequest, schema: notOfferedSchema }, notOffered);
  app.delete('/mcp', { onRequest, schema: notOfferedSchema }, notOffered);
}
