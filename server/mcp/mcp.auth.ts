import type { FastifyRequest } from 'fastify';
import { NOT_AUTHENTICATED_MESSAGE, OAUTH_SCOPES, type OAuthScope } from '../../contracts/index.js';
import { holdsScope } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import type { Resources } from '../oauth/resources.js';
import { insufficientScopeMessage, TOOL_SCOPES, type ToolName } from './mcp.tools.js';

/**
 * Where clients find the authorization server of the MCP endpoint (RFC 9728 §3.1 and §5.1): the
 * protected resource metadata the OAuth routes serve for `resources.mcp`.
 */
export const resourceMetadataUrl = (resources: Resources) =>
  `${resources.issuer}/.well-known/oauth-protected-resource/mcp`;

/** RFC 6750 §3 challenge; `scope` tells the client what to ask for (MCP authorization, scope selection). */
function challenge(
  resources: Resources,
  fields: { error?: string; description?: string; scopes: readonly OAuthScope[] },
): string {
  const params = [
    fields.error && `error="${fields.error}"`,
    fields.description && `error_description="${fields.description}"`,
    `scope="${fields.scopes.join(' ')}"`,
    `resource_metadata="${resourceMetadataUrl(resources)}"`,
  ];
  return `Bearer ${params.filter(Boolean).join(', ')}`;
}

const refuse = (resources: Resources, description?: string) =>
  new AppError(401, 'unauthenticated', description ?? NOT_AUTHENTICATED_MESSAGE, undefined, {
    'www-authenticate': challenge(resources, {
      error: description && 'invalid_token',
      description,
      scopes: OAUTH_SCOPES,
    }),
  });

/**
 * onRequest hook of /mcp (MCP authorization spec, RFC 6750 §3.1): no token gets a bare challenge that
 * points to the resource metadata; an unknown, expired or revoked token gets invalid_token; so does an
 * assistant's token issued for another resource (RFC 8707: a token must not be replayed elsewhere). The
 * user's own session token (no scopes, no audience) reaches everything, as on the REST API.
 */
export const requireMcpToken =
  (resources: Resources) =>
  (request: FastifyRequest): Promise<void> => {
    const principal = request.principal;
    if (!principal) {
      const given = request.headers.authorization !== undefined;
      return Promise.reject(
        refuse(resources, given ? 'The access token is invalid, expired or revoked' : undefined),
      );
    }
    if (principal.scopes !== null && !resources.accepts(principal.audience ?? '')) {
      return Promise.reject(refuse(resources, 'The access token was not issued for this server'));
    }
    return Promise.resolve();
  };

/**
 * preHandler hook of POST /mcp: a tools/call the token's scopes do not cover gets the MCP authorization
 * spec's 403 insufficient_scope challenge, which clients understand and may answer with step-up
 * authorization. The challenge asks for the scopes the token has plus the missing one, so re-consenting
 * never loses what was granted. tools/list shows every tool (their descriptions name the scope), so a
 * client can discover what a wider grant would offer; the tools refuse by themselves as well.
 */
export const requireToolScopes =
  (resources: Resources) =>
  (request: FastifyRequest): Promise<void> => {
    const principal = request.principal;
    if (!principal) return Promise.resolve();
    const refused = calledTools(request.body).find((tool) => !holdsScope(principal, TOOL_SCOPES[tool]));
    if (!refused) return Promise.resolve();
    const scopes = OAUTH_SCOPES.filter((s) => s === TOOL_SCOPES[refused] || holdsScope(principal, s));
    const description = insufficientScopeMessage(refused);
    return Promise.reject(
      new AppError(403, 'insufficient_scope', description, undefined, {
        'www-authenticate': challenge(resources, { error: 'insufficient_scope', description, scopes }),
      }),
    );
  };

/** The known tools a JSON-RPC message (or batch) calls; anything malformed is left to the transport to refuse. */
function calledTools(body: unknown): ToolName[] {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.flatMap((message) => {
    if (typeof message !== 'object' || message === null) return [];
    const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
    const name = method === 'tools/call' ? params?.name : undefined;
    return isToolName(name) ? [name] : [];
  });
}

const isToolName = (name: unknown): name is ToolName =>
  typeof name === 'string' && Object.hasOwn(TOOL_SCOPES, name);
