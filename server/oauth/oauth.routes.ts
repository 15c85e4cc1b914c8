import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ZodTypeProvider, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorizationResponseUrl } from './authorization-response.js';
import type { AuthorizationService } from './authorization.service.js';
import { type OAuthClients, registrationRequest } from './clients.service.js';
import { authorizeErrorPage } from './error-page.js';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.js';
import { AuthorizePageError, AuthorizeRedirectError, OAuthError } from './oauth-errors.js';
import type { Resources } from './resources.js';
import { type OAuthTokens, revocationRequest, tokenRequest } from './tokens.service.js';

export interface OAuthDeps {
  clients: OAuthClients;
  authorization: AuthorizationService;
  tokens: OAuthTokens;
  resources: Resources;
}

/** RFC 6749 §5.1 and RFC 9700: nothing that carries a code or token may be cached. */
export const noStore = (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
  void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  done();
};

/**
 * The authorization server's protocol endpoints (API.md "Assistant access"). They speak the OAuth RFCs:
 * form bodies, and errors as {error, error_description}, in their own scope so the API's JSON-only
 * bodies and error shape stay as they are elsewhere.
 */
export async function registerOAuthProtocolRoutes(parent: FastifyInstance, deps: OAuthDeps): Promise<void> {
  const { clients, authorization, tokens, resources } = deps;
  await parent.register(async (scope) => {
    await scope.register(fastifyFormbody);
    scope.setErrorHandler((err, request, reply) => {
      if (err instanceof AuthorizeRedirectError) {
        const params = { error: err.code, error_description: err.description };
        return reply.redirect(authorizationResponseUrl(err.redirectUri, params, err.state, resources.issuer));
      }
      if (err instanceof AuthorizePageError) {
        return reply.code(400).type('text/html; charset=utf-8').send(authorizeErrorPage(err.message));
      }
      if (err instanceof OAuthError) return reply.code(err.status).send(err.body());
      if (hasZodFastifySchemaValidationErrors(err)) {
        const code = request.url.startsWith('/oauth/register')
          ? 'invalid_client_metadata'
          : 'invalid_request';
        const issue = err.validation[0];
        const field = issue?.instancePath.replace(/^\//, '') ?? '';
        const description = `${field ? `${field}: ` : ''}${issue?.message ?? 'is invalid'}`;
        return reply.code(400).send({ error: code, error_description: description });
      }
      throw err;
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['oauth'];

    app.get('/.well-known/oauth-authorization-server', { schema: { tags } }, () =>
      authorizationServerMetadata(resources),
    );
    app.get('/.well-known/oauth-protected-resource', { schema: { tags } }, () =>
      protectedResourceMetadata(resources, resources.issuer),
    );
    app.get('/.well-known/oauth-protected-resource/mcp', { schema: { tags } }, () =>
      protectedResourceMetadata(resources, resources.mcp),
    );

    app.post(
      '/oauth/register',
      { onRequest: noStore, schema: { tags, body: registrationRequest } },
      async (request, reply) => reply.code(201).send(await clients.register(request.body, request.ip)),
    );

    app.get(
      '/oauth/authorize',
      { onRequest: noStore, schema: { tags, querystring: z.record(z.string(), z.unknown()) } },
      async (request, reply) => reply.redirect(await authorization.start(request.query, request.ip)),
    );

    app.post('/oauth/token', { onRequest: noStore, schema: { tags, body: tokenRequest } }, async (request) =>
      tokens.exchange({ ...request.body, client_id: clientIdOf(request, request.body.client_id) }),
    );

    app.post(
      '/oauth/revoke',
      { onRequest: noStore, schema: { tags, body: revocationRequest } },
      async (request) => {
        if (!request.body.token) throw new OAuthError('invalid_request', 'token is required');
        await tokens.revoke(request.body.token, clientIdOf(request, request.body.client_id));
        return {};
      },
    );
  });
}

/** A public client names itself in the body; some libraries send HTTP Basic instead (RFC 6749 §2.3.1). */
function clientIdOf(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!basic) return fromBody;
  const user = Buffer.from(basic, 'base64').toString('utf8').split(':')[0] ?? '';
  let fromHeader: string;
  try {
    fromHeader = decodeURIComponent(user.replaceAll('+', ' '));
  } catch {
    throw new OAuthError('invalid_client', 'The Authorization header is malformed');
  }
  if (fromBody && fromBody !== fromHeader) {
    throw new OAuthError(
      'invalid_request',
      'client_id differs between the body and the Authorization header',
    );
  }
  return fromHeader;
}
