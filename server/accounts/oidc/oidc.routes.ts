import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGNIN_ERROR_COOKIE, errorSchema, routes } from '../../../contracts/index.js';
import { endpoint } from '../../http/endpoint.js';
import { AppError, notFound } from '../../http/errors.js';
import { clientOf, setSessionCookies } from '../accounts.routes.js';
import type { AccountsService } from '../accounts.service.js';
import { type OidcFlow, type OidcProvider, flowSchema } from './oidc-provider.js';

/** The flow's cookie: sent back on the provider's redirect (a top-level GET from another site, so Lax). */
const FLOW_COOKIE = 'lv_oidc';
const FLOW_PATH = '/api/auth/oidc';
/** Time enough to sign in at the provider, perhaps with a second factor. */
const FLOW_SECONDS = 10 * 60;

const EXPIRED = 'The sign-in took too long or was started in another browser. Try again.';
const FAILED = 'Signing in with your identity provider did not complete. Try again.';

/**
 * Sign-in with an OpenID provider (API.md: GET /api/auth/oidc/start and /callback). Both are browser
 * navigations, not API calls: they answer with redirects, and a failure reaches the sign-in page as a
 * message in a short-lived cookie.
 */
export function registerOidcRoutes(
  app: FastifyInstance,
  accounts: AccountsService,
  provider: OidcProvider | null,
  options: { publicUrl: string; secureCookies: boolean },
): void {
  const cookie = { httpOnly: true, sameSite: 'lax', secure: options.secureCookies, path: FLOW_PATH } as const;

  const failed = (reply: FastifyReply, message: string) =>
    reply
      .setCookie(SIGNIN_ERROR_COOKIE, message, {
        path: '/',
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: 60,
      })
      .redirect('/app');

  /** The provider's address for this browser's sign-in, its flow kept in the cookie. */
  const start = async (reply: FastifyReply, invite: string | undefined) => {
    if (!provider) throw notFound('Single sign-on');
    const { url, flow } = await provider.start(invite);
    const value = Buffer.from(JSON.stringify(flow)).toString('base64url');
    reply.setCookie(FLOW_COOKIE, value, { ...cookie, maxAge: FLOW_SECONDS });
    return url;
  };
  // The sign-in page's link: the browser follows the redirect.
  app.get('/api/auth/oidc/start', { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect(await start(reply, undefined)),
  );
  // The invite page's button: the invite goes in the body, never a URL (proxies log URLs), and the page
  // goes to the address answered (a form posted here could not follow a redirect to another site under
  // the page's Content-Security-Policy form-action 'self').
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpoint(routes.startSingleSignOn, {
      errors: { 400: errorSchema, 404: errorSchema, 503: errorSchema },
      tags: ['accounts'],
    }),
    handler: async (request, reply) => ({ url: await start(reply, request.body?.invite) }),
  });

  app.get('/api/auth/oidc/callback', { schema: { hide: true } }, async (request, reply) => {
    if (!provider) throw notFound('Single sign-on');
    const flow = readFlow(request.cookies[FLOW_COOKIE]);
    // Used once: a callback reloaded or replayed finds no flow.
    reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
    if (!flow) return failed(reply, EXPIRED);
    let identity;
    try {
      identity = await provider.finish(new URL(request.url, options.publicUrl), flow);
    } catch (err) {
      request.log.warn({ err }, 'sign-in with the OpenID provider failed');
      return failed(reply, err instanceof AppError ? err.message : FAILED);
    }
    try {
      const session = await accounts.signInWithIdentity(identity, flow.invite, clientOf(request));
      return setSessionCookies(reply, session, options.secureCookies).redirect('/app');
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return failed(reply, err.message);
      throw err;
    }
  });
}

function readFlow(value: string | undefined): OidcFlow | null {
  if (!value) return null;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
