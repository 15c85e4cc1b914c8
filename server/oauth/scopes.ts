import { OAUTH_SCOPES, type OAuthScope } from '../../contracts/index.js';

/** A space-separated scope string (RFC 6749 §3.3) as a sorted set of known scopes, or null if any is unknown. */
export function parseScopes(scope: string): OAuthScope[] | null {
  const names = [...new Set(scope.split(' ').filter(Boolean))];
  if (!names.every((name): name is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(name)))
    return null;
  return OAUTH_SCOPES.filter((known) => names.includes(known));
}

export const joinScopes = (scopes: readonly OAuthScope[]): string => scopes.join(' ');

export const coversScopes = (granted: readonly OAuthScope[], wanted: readonly OAuthScope[]): boolean =>
  wanted.every((scope) => granted.includes(scope));
