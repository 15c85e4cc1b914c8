import { OAUTH_SCOPE_DESCRIPTIONS, type OAuthScope } from '../../../../contracts/constants.js';

/** Short names of the scopes, for places too small for their descriptions (the connected-apps list). */
export const SCOPE_LABELS: Record<OAuthScope, string> = {
  'read:folders': 'Folders',
  'read:links': 'Links',
};

export function isKnownScope(scope: string): scope is OAuthScope {
  return Object.hasOwn(OAUTH_SCOPE_DESCRIPTIONS, scope);
}

/** The scope parameter is space-separated; duplicates and stray spaces say nothing more. */
export function parseScopes(scope: string | null): string[] {
  return [...new Set((scope ?? '').split(' ').filter(Boolean))];
}
