import { z } from 'zod';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type OAuthConnection,
  REFRESH_TOKEN_TTL_SECONDS,
} from '../../contracts/index.js';
import type { Principal } from '../accounts/accounts.service.js';
import type { Executor } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { isoIn, nowIso } from '../lib/clock.js';
import { hashSecret, newSecret } from '../lib/secrets.js';
import { vouchedFor } from './clients.service.js';
import { OAuthError } from './oauth-errors.js';
import type { OAuthRepository } from './oauth.repository.js';
import { verifierMatches } from './pkce.js';
import type { Resources } from './resources.js';
import { coversScopes, joinScopes, parseScopes } from './scopes.js';

const param = z.string().max(4096).optional();
/** RFC 6749 §3.2: form parameters; a repeated one arrives as an array and fails here (§3.1). */
export const tokenRequest = z.object({
  grant_type: param,
  code: param,
  redirect_uri: param,
  code_verifier: param,
  client_id: param,
  refresh_token: param,
  scope: param,
  resource: param,
});
export type TokenRequest = z.infer<typeof tokenRequest>;

export const revocationRequest = z.object({
  token: z.string().max(4096).optional(),
  token_type_hint: param,
  client_id: param,
});

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** Used codes are kept this long after they expire, so a late replay still revokes what the code gave. */
const USED_CODE_MEMORY_SECONDS = 60 * 60;
const LAST_USE_RESOLUTION_SECONDS = 60;

const invalidGrant = (why: string) => new OAuthError('invalid_grant', why);
type Outcome = TokenResponse | OAuthError;

/**
 * The token endpoint (RFC 6749 §4.1.3 and §6), revocation (RFC 7009) and the user's connected apps. Every
 * token is 256 random bits stored as its SHA-256 hash. A replayed code or refresh token revokes the grant
 * it belongs to (RFC 9700 §4.2.4 and §4.14.2): whoever holds a copy loses it along with the rightful client.
 */
export class OAuthTokens {
  constructor(
    private readonly repository: OAuthRepository,
    private readonly resources: Resources,
  ) {}

  async exchange(request: TokenRequest): Promise<TokenResponse> {
    if (!request.client_id) throw new OAuthError('invalid_client', 'client_id is required');
    const clientId = request.client_id;
    // The outcome is returned, not thrown, so a revocation made on the way is committed.
    const outcome = await this.repository.db.transaction().execute((trx): Promise<Outcome> => {
      if (request.grant_type === 'authorization_code') return this.redeemCode(trx, clientId, request);
      if (request.grant_type === 'refresh_token') return this.refresh(trx, clientId, request);
      return Promise.resolve(
        new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token'),
      );
    });
    if (outcome instanceof OAuthError) throw outcome;
    return outcome;
  }

  /** RFC 7009: answers the same whatever the token was; a known one ends its whole grant. */
  async revoke(token: string, clientId: string | undefined): Promise<void> {
    const hash = hashSecret(token);
    const refresh = await this.repository.findRefreshToken(this.repository.db, hash);
    const grant = refresh
      ? { id: refresh.grant_id, client_id: refresh.client_id }
      : await this.repository.findAccessTokenGrant(hash);
    // §2.1: a client may revoke only its own tokens.
    if (!grant || (clientId && grant.client_id !== clientId)) return;
    await this.repository.revokeGrant(this.repository.db, grant.id, nowIso());
  }

  /**
   * The last step of authenticating a request: an assistant's token counts only at the resource it was
   * issued for (RFC 8707, RFC 9700 §2.3), and its use is noted for the connected-apps list.
   */
  async admit(principal: Principal | null): Promise<Principal | null> {
    if (!principal?.grantId) return principal;
    if (!principal.audience || !this.resources.accepts(principal.audience)) return null;
    const now = Date.now();
    await this.repository.touchGrant(
      principal.grantId,
      new Date(now).toISOString(),
      new Date(now - LAST_USE_RESOLUTION_SECONDS * 1000).toISOString(),
    );
    return principal;
  }

  async connections(userId: string): Promise<OAuthConnection[]> {
    const { grants, consents } = await this.repository.listConnections(userId);
    const byClient = new Map<string, OAuthConnection>();
    const merge = (
      clientId: string,
      name: string,
      kind: string,
      scopes: string,
      since: string,
      used: string | null,
    ) => {
      const known = byClient.get(clientId);
      const lastUsedAt =
        [known?.lastUsedAt, used]
          .filter((t): t is string => !!t)
          .sort()
          .at(-1) ?? null;
      byClient.set(clientId, {
        clientId,
        name,
        ...vouchedFor(kind, clientId),
        scopes: parseScopes(`${known?.scopes.join(' ') ?? ''} ${scopes}`) ?? [],
        connectedAt: known && known.connectedAt < since ? known.connectedAt : since,
        lastUsedAt,
      });
    };
    for (const g of grants) merge(g.client_id, g.name, g.kind, g.scopes, g.created_at, g.last_used_at);
    for (const c of consents) merge(c.client_id, c.name, c.kind, c.scopes, c.updated_at, null);
    return [...byClient.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  async disconnect(userId: string, clientId: string): Promise<void> {
    const ended = await this.repository.db
      .transaction()
      .execute((trx) => this.repository.disconnect(trx, userId, clientId, nowIso()));
    if (!ended) throw notFound('Connected app');
  }

  purgeExpired(): Promise<void> {
    return this.repository.deleteExpired(nowIso(), isoIn(-USED_CODE_MEMORY_SECONDS));
  }

  private async redeemCode(trx: Executor, clientId: string, request: TokenRequest): Promise<Outcome> {
    const { code, redirect_uri: redirectUri, code_verifier: verifier } = request;
    if (!code || !redirectUri || !verifier) {
      return new OAuthError('invalid_request', 'code, redirect_uri and code_verifier are required');
    }
    const hash = hashSecret(code);
    const now = nowIso();
    const row = await this.repository.findCode(trx, hash);
    if (!row || row.client_id !== clientId) return invalidGrant('The authorization code is not valid');
    if (row.used_at !== null) return this.replayedCode(trx, hash, now);
    if (row.expires_at <= now) return invalidGrant('The authorization code has expired');
    if (row.redirect_uri !== redirectUri)
      return invalidGrant('redirect_uri differs from the authorization request');
    if (!verifierMatches(verifier, row.code_challenge)) return invalidGrant('PKCE verification failed');
    if (request.resource && request.resource !== row.resource) {
      return new OAuthError('invalid_target', 'resource differs from the authorization request');
    }
    const grantId = newId();
    await this.repository.insertGrant(trx, {
      id: grantId,
      user_id: row.user_id,
      client_id: row.client_id,
      scopes: row.scopes,
      resource: row.resource,
      created_at: now,
      last_used_at: now,
      revoked_at: null,
    });
    if (!(await this.repository.markCodeUsed(trx, hash, now, grantId))) {
      await this.repository.revokeGrant(trx, grantId, now);
      return this.replayedCode(trx, hash, now);
    }
    return this.issue(
      trx,
      { grantId, userId: row.user_id, scopes: row.scopes, resource: row.resource },
      row.scopes,
      now,
    );
  }

  private async replayedCode(trx: Executor, hash: string, now: string): Promise<Outcome> {
    const used = await this.repository.findCode(trx, hash);
    if (used?.grant_id) await this.repository.revokeGrant(trx, used.grant_id, now);
    return invalidGrant('The authorization code was already used');
  }

  private async refresh(trx: Executor, clientId: string, request: TokenRequest): Promise<Outcome> {
    if (!request.refresh_token) return new OAuthError('invalid_request', 'refresh_token is required');
    const hash = hashSecret(request.refresh_token);
    const now = nowIso();
    const row = await this.repository.findRefreshToken(trx, hash);
    if (!row || row.revoked_at !== null || row.client_id !== clientId || row.expires_at <= now) {
      return invalidGrant('The refresh token is not valid');
    }
    if (row.rotated_at !== null) return this.reusedRefreshToken(trx, row.grant_id, now);
    // Checked before rotating: the outcome commits, and a refused request must leave its token usable.
    const granted = parseScopes(row.scopes) ?? [];
    // RFC 6749 §6: a refresh may narrow the scope, never widen it.
    const wanted = request.scope === undefined ? granted : parseScopes(request.scope);
    if (!wanted || wanted.length === 0 || !coversScopes(granted, wanted)) {
      return new OAuthError('invalid_scope', 'A refresh cannot ask for scopes the grant does not have');
    }
    if (request.resource && request.resource !== row.resource) {
      return new OAuthError('invalid_target', 'resource differs from the grant');
    }
    if (!(await this.repository.markRefreshRotated(trx, hash, now))) {
      return this.reusedRefreshToken(trx, row.grant_id, now);
    }
    return this.issue(
      trx,
      { grantId: row.grant_id, userId: row.user_id, scopes: row.scopes, resource: row.resource },
      joinScopes(wanted),
      now,
    );
  }

  private async reusedRefreshToken(trx: Executor, grantId: string, now: string): Promise<Outcome> {
    await this.repository.revokeGrant(trx, grantId, now);
    return invalidGrant('The refresh token was already used');
  }

  private async issue(
    trx: Executor,
    grant: { grantId: string; userId: string; scopes: string; resource: string },
    accessScopes: string,
    now: string,
  ): Promise<TokenResponse> {
    const accessToken = newSecret('oauthAccessToken');
    const refreshToken = newSecret('refreshToken');
    await this.repository.insertAccessToken(trx, {
      token_hash: hashSecret(accessToken),
      user_id: grant.userId,
      session_id: null,
      scopes: accessScopes,
      expires_at: isoIn(ACCESS_TOKEN_TTL_SECONDS),
      created_at: now,
      grant_id: grant.grantId,
      audience: grant.resource,
    });
    await this.repository.insertRefreshToken(trx, {
      token_hash: hashSecret(refreshToken),
      grant_id: grant.grantId,
      created_at: now,
      expires_at: isoIn(REFRESH_TOKEN_TTL_SECONDS),
      rotated_at: null,
    });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh_token: refreshToken,
      scope: accessScopes,
    };
  }
}
