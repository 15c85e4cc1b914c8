import {
  DEFAULT_CODE_CHALLENGE_METHOD,
  OAUTH_SCOPES,
  type OAuthScope,
  type decideAuthorizationBody,
} from '../../contracts/index.js';
import type { z } from 'zod';
import type { Principal } from '../accounts/accounts.service.js';
import { AppError, invalidInput } from '../http/errors.js';
import { isoIn, nowIso } from '../lib/clock.js';
import { hashSecret, newSecret } from '../lib/secrets.js';
import { authorizationResponseUrl } from './authorization-response.js';
import type { OAuthClients } from './clients.service.js';
import { AuthorizePageError, AuthorizeRedirectError } from './oauth-errors.js';
import type { OAuthRepository, RequestRow } from './oauth.repository.js';
import { isS256Challenge } from './pkce.js';
import type { Resources } from './resources.js';
import { coversScopes, joinScopes, parseScopes } from './scopes.js';
import type { Executor } from '../db/schema.js';

/** Time to sign in and decide; the session token in the login URL is worthless after it. */
const REQUEST_TTL_SECONDS = 10 * 60;
/** RFC 9700 §4.2.4 / OAuth 2.1 §4.1.2: short-lived codes ("about 1 minute"). */
export const CODE_TTL_SECONDS = 60;
const STATE_MAX = 2048;

const PROTOCOL_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'resource',
] as const;

export type DecideForm = z.infer<typeof decideAuthorizationBody>;

const expired = () =>
  new AppError(404, 'not_found', 'This authorization request has expired or does not exist');
const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The authorization endpoint and the three calls of the login, resume and consent pages (SPEC.md §4 "OAuth
 * flow", §7 "oauth-authorize"). A request lives in oauth_requests from /oauth/authorize until the user
 * decides; the pages know it by its session token, and only its hash is stored.
 */
export class AuthorizationService {
  constructor(
    private readonly repository: OAuthRepository,
    private readonly clients: OAuthClients,
    private readonly resources: Resources,
  ) {}

  /** GET /oauth/authorize: checks the request (RFC 6749 §4.1.1, RFC 7636, RFC 8707) and returns the login page path. */
  async start(query: Record<string, unknown>, address: string): Promise<string> {
    const clientId = single(query.client_id);
    if (!clientId) throw new AuthorizePageError('The request does not name a client (client_id is missing).');
    const app = await this.clients.resolve(clientId, address);
    if (!app) throw new AuthorizePageError('The application asking for access is not known to this server.');
    const redirectUri = single(query.redirect_uri);
    if (!redirectUri || !this.clients.redirectUriAllowed(app, redirectUri)) {
      throw new AuthorizePageError('The application gave a redirect address it has not registered.');
    }
    const state = single(query.state);
    const fail = (
      code: 'invalid_request' | 'unsupported_response_type' | 'invalid_scope' | 'invalid_target',
      why: string,
    ) => new AuthorizeRedirectError(code, why, redirectUri, state);

    const repeated = PROTOCOL_PARAMS.find((name) => Array.isArray(query[name]));
    if (repeated) throw fail('invalid_request', `${repeated} is given more than once`);
    if (state !== undefined && state.length > STATE_MAX) throw fail('invalid_request', 'state is too long');
    if (query.response_type !== 'code') throw fail('unsupported_response_type', 'response_type must be code');
    const challenge = single(query.code_challenge);
    if (!challenge) throw fail('invalid_request', 'code_challenge is required (PKCE)');
    const method = single(query.code_challenge_method) ?? DEFAULT_CODE_CHALLENGE_METHOD;
    if (method !== 'S256') throw fail('invalid_request', 'code_challenge_method must be S256');
    if (!isS256Challenge(challenge)) throw fail('invalid_request', 'code_challenge is not an S256 challenge');
    const scopes = parseScopes(single(query.scope) ?? joinScopes(OAUTH_SCOPES));
    if (!scopes) throw fail('invalid_scope', `Known scopes are ${joinScopes(OAUTH_SCOPES)}`);
    if (scopes.length === 0) throw fail('invalid_scope', 'No scope was requested');
    const resource = single(query.resource) ?? this.resources.mcp;
    if (!this.resources.accepts(resource))
      throw fail('invalid_target', 'This server does not serve that resource');

    const sessionToken = newSecret('oauthRequest');
    await this.repository.insertRequest({
      session_hash: hashSecret(sessionToken),
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: method,
      scopes: joinScopes(scopes),
      state: state ?? null,
      resource,
      user_id: null,
      created_at: nowIso(),
      expires_at: isoIn(REQUEST_TTL_SECONDS),
    });
    return `/oauth/login?${new URLSearchParams({ session: sessionToken, client_id: clientId }).toString()}`;
  }

  /** PATCH: ties the request to the user who just signed in. */
  async bind(principal: Principal, sessionToken: string, userId: string): Promise<void> {
    this.checkUser(principal, userId);
    await this.requestOf(principal, sessionToken);
  }

  /** GET: the consent page, or, when the user already agreed to these scopes, the client with a code. */
  async resume(principal: Principal, sessionToken: string): Promise<string> {
    const request = await this.requestOf(principal, sessionToken);
    const consent = await this.repository.findConsent(
      this.repository.db,
      principal.userId,
      request.client_id,
    );
    const remembered = consent ? (parseScopes(consent.scopes) ?? []) : [];
    if (coversScopes(remembered, this.scopesOf(request))) return this.approve(request, sessionToken, false);
    const app = await this.repository.findApp(request.client_id);
    const params = new URLSearchParams({
      client_id: request.client_id,
      redirect_uri: request.redirect_uri,
      response_type: request.response_type,
      code_challenge: request.code_challenge,
      code_challenge_method: request.code_challenge_method,
      scope: request.scopes,
      ...(request.state !== null ? { state: request.state } : {}),
      app_name: app?.name ?? '',
      session_token: sessionToken,
    });
    return `/oauth/consent?${params.toString()}`;
  }

  /** POST: the user's decision. The form repeats the request; it must match what the client asked for. */
  async decide(principal: Principal, form: DecideForm): Promise<string> {
    this.checkUser(principal, form.user_id);
    if (!form.session_token) throw invalidInput('session_token', 'session_token is required');
    const request = await this.requestOf(principal, form.session_token);
    const mismatch = (
      [
        ['client_id', form.client_id, request.client_id],
        ['redirect_uri', form.redirect_uri, request.redirect_uri],
        ['response_type', form.response_type, request.response_type],
        ['code_challenge', form.code_challenge, request.code_challenge],
        ['code_challenge_method', form.code_challenge_method, request.code_challenge_method],
        ['state', form.state ?? null, request.state],
      ] as const
    ).find(([, sent, stored]) => sent !== stored);
    if (mismatch) invalidField(mismatch[0]);
    const requested = this.scopesOf(request);
    const approved = form.scopes ? parseScopes(form.scopes) : requested;
    if (!approved || approved.length === 0 || !coversScopes(requested, approved)) invalidField('scopes');

    if (form.action === 'deny') {
      if (!(await this.repository.deleteRequest(this.repository.db, hashSecret(form.session_token)))) {
        throw expired();
      }
      return this.clientRedirect(request, {
        error: 'access_denied',
        error_description: 'The user denied access',
      });
    }
    return this.approve(
      { ...request, scopes: joinScopes(approved) },
      form.session_token,
      form.remember_consent === 'true',
    );
  }

  private async approve(request: RequestRow, sessionToken: string, remember: boolean): Promise<string> {
    const userId = request.user_id as string;
    const code = newSecret('oauthCode');
    const now = nowIso();
    await this.repository.db.transaction().execute(async (trx) => {
      // Consuming the request first makes a double submission fail instead of minting two codes.
      if (!(await this.repository.deleteRequest(trx, hashSecret(sessionToken)))) throw expired();
      if (remember) await this.rememberConsent(trx, userId, request, now);
      await this.repository.insertCode(trx, {
        code_hash: hashSecret(code),
        client_id: request.client_id,
        user_id: userId,
        redirect_uri: request.redirect_uri,
        code_challenge: request.code_challenge,
        scopes: request.scopes,
        resource: request.resource,
        expires_at: isoIn(CODE_TTL_SECONDS),
        used_at: null,
        grant_id: null,
      });
    });
    return this.clientRedirect(request, { code });
  }

  /** Remembered consent grows with each approval, so asking again for what was agreed skips the screen. */
  private async rememberConsent(trx: Executor, userId: string, request: RequestRow, now: string) {
    const previous = await this.repository.findConsent(trx, userId, request.client_id);
    const union = parseScopes(`${previous?.scopes ?? ''} ${request.scopes}`) ?? this.scopesOf(request);
    await this.repository.saveConsent(trx, userId, request.client_id, joinScopes(union), now);
  }

  private clientRedirect(request: RequestRow, params: Record<string, string>): string {
    return authorizationResponseUrl(request.redirect_uri, params, request.state, this.resources.issuer);
  }

  /** The live request behind a session token, bound to this user (binding it now if nobody has). */
  private async requestOf(principal: Principal, sessionToken: string): Promise<RequestRow> {
    const sessionHash = hashSecret(sessionToken);
    const request = await this.repository.findRequest(this.repository.db, sessionHash, nowIso());
    if (!request) throw expired();
    if (request.user_id === principal.userId) return request;
    // Another user's request answers like a missing one (API.md: never reveal what exists).
    if (request.user_id !== null || !(await this.repository.bindRequest(sessionHash, principal.userId))) {
      throw expired();
    }
    return { ...request, user_id: principal.userId };
  }

  /** The form names its user (SPEC.md §7); it must be the one whose session sends it. */
  private checkUser(principal: Principal, userId: string): void {
    if (userId !== principal.userId) throw invalidInput('user_id', 'user_id is not the signed-in user');
  }

  private scopesOf(request: RequestRow): OAuthScope[] {
    return parseScopes(request.scopes) ?? [];
  }
}

function invalidField(field: string): never {
  throw invalidInput(field, `${field} does not match the authorization request`);
}
