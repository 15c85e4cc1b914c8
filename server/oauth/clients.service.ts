import { z } from 'zod';
import { DEFAULT_OAUTH_APP_NAME, type OAuthClient } from '../../contracts/index.js';
import { AddressPolicy } from '../fetch/address-policy.js';
import { type SafeFetcher, pageText } from '../fetch/safe-fetcher.js';
import { readJson, writeJson } from '../lib/json-column.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/clock.js';
import type { RateLimiter } from '../ratelimit/rate-limit.service.js';
import { OAuthError } from './oauth-errors.js';
import type { AppRow, OAuthRepository } from './oauth.repository.js';
import { redirectUriMatches, redirectUriProblem } from './redirect-uri.js';

const REGISTRATIONS_PER_ADDRESS = { max: 30, windowSeconds: 60 * 60 };
/** Each new metadata document is a fetch the server makes for an anonymous caller: bounded like registration. */
const METADATA_FETCHES_PER_ADDRESS = { max: 30, windowSeconds: 60 * 60 };
/** How long a fetched Client ID Metadata Document is trusted before it is fetched again. */
const METADATA_DOCUMENT_TTL_MS = 60 * 60 * 1000;
const MAX_REDIRECT_URIS = 10;
const NAME_MAX = 100;

/** RFC 7591 §2: unknown metadata is ignored; what we use is checked. */
export const registrationRequest = z.looseObject({
  redirect_uris: z.array(z.string().max(2048)).max(MAX_REDIRECT_URIS).optional(),
  client_name: z.string().max(500).optional(),
  token_endpoint_auth_method: z.string().max(100).optional(),
  grant_types: z.array(z.string().max(100)).max(10).optional(),
  response_types: z.array(z.string().max(100)).max(10).optional(),
  scope: z.string().max(500).optional(),
});
export type RegistrationRequest = z.infer<typeof registrationRequest>;

/** Draft "OAuth Client ID Metadata Document" as the MCP authorization spec (2025-11-25) uses it. */
const metadataDocument = z.looseObject({
  client_id: z.string(),
  client_name: z.string().max(500).optional(),
  redirect_uris: z.array(z.string().max(2048)).min(1).max(MAX_REDIRECT_URIS),
  token_endpoint_auth_method: z.string().optional(),
});

const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/**
 * Who may ask for authorization: clients registered with RFC 7591, and clients that name themselves with a
 * Client ID Metadata Document (API.md "Assistant access"). All are public clients: they prove possession
 * of the code with PKCE, not with a secret.
 */
export class OAuthClients {
  private readonly fetchPolicy: AddressPolicy;

  constructor(
    private readonly repository: OAuthRepository,
    private readonly fetcher: SafeFetcher,
    private readonly limiter: RateLimiter,
    fetchAllow: readonly string[],
  ) {
    this.fetchPolicy = new AddressPolicy(fetchAllow);
  }

  async register(request: RegistrationRequest, address: string) {
    await this.limiter.consume(`oauth-register:address:${address}`, REGISTRATIONS_PER_ADDRESS);
    const redirectUris = request.redirect_uris ?? [];
    if (redirectUris.length === 0) throw new OAuthError('invalid_redirect_uri', 'redirect_uris is required');
    for (const uri of redirectUris) {
      const problem = redirectUriProblem(uri);
      if (problem) throw new OAuthError('invalid_redirect_uri', `Redirect URI ${uri} ${problem}`);
    }
    const unsupportedGrant = request.grant_types?.find((g) => !GRANT_TYPES.includes(g));
    if (unsupportedGrant) {
      throw new OAuthError('invalid_client_metadata', `Grant type ${unsupportedGrant} is not supported`);
    }
    if (request.response_types?.some((t) => t !== 'code')) {
      throw new OAuthError('invalid_client_metadata', 'Only the code response type is supported');
    }
    const row = {
      client_id: newId(),
      name: request.client_name?.trim().slice(0, NAME_MAX) || DEFAULT_OAUTH_APP_NAME,
      redirect_uris: writeJson(redirectUris),
      created_at: nowIso(),
      kind: 'registered' as const,
      fetched_at: null,
    };
    await this.repository.insertApp(row);
    // RFC 7591 §3.2.1: the server may replace requested metadata; every client here is public (PKCE).
    return {
      client_id: row.client_id,
      client_id_issued_at: Math.floor(Date.parse(row.created_at) / 1000),
      client_name: row.name,
      redirect_uris: redirectUris,
      grant_types: GRANT_TYPES,
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(request.scope ? { scope: request.scope } : {}),
    };
  }

  /**
   * The client behind `clientId`, fetching its metadata document (for the caller at `address`) when it
   * names itself by URL; null if unknown.
   */
  async resolve(clientId: string, address: string): Promise<AppRow | null> {
    const stored = await this.repository.findApp(clientId);
    if (!this.isMetadataDocumentId(clientId)) return stored ?? null;
    const fresh = stored?.fetched_at && Date.now() - Date.parse(stored.fetched_at) < METADATA_DOCUMENT_TTL_MS;
    if (fresh && stored) return stored;
    await this.limiter.consume(`oauth-metadata:address:${address}`, METADATA_FETCHES_PER_ADDRESS);
    return this.fetchMetadataDocument(clientId);
  }

  /** What the login and consent pages show; only what is stored, never a fetch on behalf of a stranger. */
  async describe(clientId: string): Promise<OAuthClient | null> {
    const row = await this.repository.findApp(clientId);
    return row ? present(row) : null;
  }

  redirectUriAllowed(app: AppRow, redirectUri: string): boolean {
    return readJson<string[]>(app.redirect_uris, []).some((uri) => redirectUriMatches(uri, redirectUri));
  }

  /** An https URL with a path (http only for hosts FETCH_ALLOW names, i.e. tests). */
  private isMetadataDocumentId(clientId: string): boolean {
    if (!URL.canParse(clientId)) return false;
    const url = new URL(clientId);
    const schemeOk =
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && this.fetchPolicy.explicitlyAllows(url.hostname));
    return schemeOk && url.pathname !== '/' && !url.hash && !url.username && !url.password;
  }

  private async fetchMetadataDocument(clientId: string): Promise<AppRow | null> {
    const page = await this.fetcher.fetch(clientId).catch(() => null);
    const text = page && pageText(page);
    if (!page || page.status !== 200 || text === null || page.truncated) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    const document = metadataDocument.safeParse(parsed);
    // The document must name itself: a URL cannot claim another client's identity.
    if (!document.success || document.data.client_id !== clientId) return null;
    const method = document.data.token_endpoint_auth_method;
    if (method && method !== 'none') return null;
    if (document.data.redirect_uris.some((uri) => redirectUriProblem(uri) !== null)) return null;
    const row = {
      client_id: clientId,
      name: document.data.client_name?.trim().slice(0, NAME_MAX) || new URL(clientId).hostname,
      redirect_uris: writeJson(document.data.redirect_uris),
      created_at: nowIso(),
      kind: 'metadata_document' as const,
      fetched_at: nowIso(),
    };
    await this.repository.saveMetadataApp(row);
    return row;
  }
}

export const present = (row: AppRow): OAuthClient => ({
  clientId: row.client_id,
  name: row.name,
  ...vouchedFor(row.kind, row.client_id),
  redirectUris: readJson<string[]>(row.redirect_uris, []),
});

/**
 * Who vouches for a client (oauthClientSchema): the domain of a metadata document's client_id, which
 * served the document; nobody for a client that registered itself.
 */
export function vouchedFor(kind: string, clientId: string): { verified: boolean; domain: string | null } {
  return kind === 'metadata_document'
    ? { verified: true, domain: new URL(clientId).host }
    : { verified: false, domain: null };
}
