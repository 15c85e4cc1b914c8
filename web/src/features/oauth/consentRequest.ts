import { DEFAULT_CODE_CHALLENGE_METHOD, DEFAULT_OAUTH_APP_NAME } from '../../../../contracts/constants.js';
import { parseScopes } from './scopes';

/** The authorization request the consent screen shows, read from its address (SPEC.md §2 /oauth/consent). */
export interface ConsentRequest {
  clientId: string;
  redirectUri: string;
  responseType: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  scopes: string[];
  state: string | null;
  /** The name the address gives; the registered name wins over it (see useOAuthClient). */
  appName: string;
  sessionToken: string | null;
}

/** Null when client_id, redirect_uri, response_type or code_challenge is missing (SPEC.md §5). */
export function readConsentRequest(params: URLSearchParams): ConsentRequest | null {
  const clientId = params.get('client_id');
  const redirectUri = params.get('redirect_uri');
  const responseType = params.get('response_type');
  const codeChallenge = params.get('code_challenge');
  if (!clientId || !redirectUri || !responseType || !codeChallenge) return null;
  return {
    clientId,
    redirectUri,
    responseType,
    codeChallenge,
    codeChallengeMethod: params.get('code_challenge_method') || DEFAULT_CODE_CHALLENGE_METHOD,
    scopes: parseScopes(params.get('scope')),
    state: params.get('state'),
    appName: params.get('app_name')?.trim() || DEFAULT_OAUTH_APP_NAME,
    sessionToken: params.get('session_token') || null,
  };
}
