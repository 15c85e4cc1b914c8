import type { OAuthScope } from '../contracts/index.js';
import type { Database } from '../server/db/database.js';
import { isoIn, nowIso } from '../server/lib/clock.js';
import { hashSecret, newSecret } from '../server/lib/secrets.js';

/**
 * An assistant's access token as the authorization server stores it (access_tokens with scopes and an
 * RFC 8707 audience), minted straight into the database so resource-server tests need no OAuth flow.
 */
export async function mintOAuthToken(
  database: Database,
  fields: { userId: string; scopes: OAuthScope[]; audience: string | null; expiresInSeconds?: number },
): Promise<string> {
  const token = newSecret('oauthAccessToken');
  await database.db
    .insertInto('access_tokens')
    .values({
      token_hash: hashSecret(token),
      user_id: fields.userId,
      session_id: null,
      scopes: fields.scopes.join(' '),
      expires_at: isoIn(fields.expiresInSeconds ?? 3600),
      created_at: nowIso(),
      grant_id: null,
      audience: fields.audience,
    })
    .execute();
  return token;
}
