import {
  type ApiToken,
  type CreatedApiToken,
  PERSONAL_TOKEN_PREFIX,
  TOKEN_SCOPES,
  type TokenScope,
} from '../../contracts/index.js';
import type { LibraryScope } from '../http/auth.js';
import { notFound } from '../http/errors.js';
import { isoIn, nowIso } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { hashSecret, newSecret } from '../lib/secrets.js';
import type { Principal } from './accounts.service.js';
import type { ApiTokensRepository } from './api-tokens.repository.js';

/** A token's last use is kept to the minute: a script sending 50 requests a second writes once a minute. */
const LAST_USE_RESOLUTION_MS = 60_000;
const DAY_SECONDS = 24 * 60 * 60;

/** What each scope of a token lets it do on the routes (http/auth.ts requireAuth). */
const ROUTE_SCOPES: Record<TokenScope, LibraryScope> = { read: 'library:read', write: 'library:write' };

const scopesOf = (stored: string) =>
  stored.split(' ').filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s));

/**
 * Personal API tokens (API.md "Accounts, tokens and administration"): named, read or read and write, with
 * an optional expiry; the secret is shown once and kept only as its SHA-256, like every token here.
 */
export class ApiTokensService {
  constructor(private readonly repository: ApiTokensRepository) {}

  async create(
    userId: string,
    input: { name: string; scopes: TokenScope[]; expiresInDays?: number | undefined },
  ): Promise<CreatedApiToken> {
    const token = newSecret('personalToken');
    const row = {
      id: newId(),
      user_id: userId,
      name: input.name,
      token_hash: hashSecret(token),
      scopes: [...input.scopes].sort().join(' '),
      created_at: nowIso(),
      expires_at: input.expiresInDays === undefined ? null : isoIn(input.expiresInDays * DAY_SECONDS),
      last_used_at: null,
    };
    await this.repository.insert(row);
    return { ...toApiToken(row), token };
  }

  async list(userId: string): Promise<ApiToken[]> {
    return (await this.repository.list(userId)).map(toApiToken);
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.repository.delete(userId, id))) throw notFound('Token');
  }

  /** The person a personal token acts for, with its scopes as the routes name them; null when unknown or expired. */
  async authenticate(token: string): Promise<Principal | null> {
    const now = Date.now();
    const row = await this.repository.findUsable(hashSecret(token), new Date(now).toISOString());
    if (!row) return null;
    const since = new Date(now - LAST_USE_RESOLUTION_MS).toISOString();
    // Only a stale mark is written: on SQLite even an UPDATE that changes nothing takes the write lock.
    if (!row.last_used_at || row.last_used_at < since) {
      await this.repository.touch(row.id, new Date(now).toISOString(), since);
    }
    return { userId: row.user_id, sessionId: null, scopes: scopesOf(row.scopes).map((s) => ROUTE_SCOPES[s]) };
  }
}

const toApiToken = (row: {
  id: string;
  name: string;
  scopes: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: scopesOf(row.scopes),
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
});

/** Whether a bearer token is a personal API token (its prefix), rather than a session's or an assistant's. */
export const isPersonalToken = (token: string): boolean => token.startsWith(`${PERSONAL_TOKEN_PREFIX}_`);
