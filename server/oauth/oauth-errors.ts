/**
 * Errors of the OAuth endpoints, with the codes of RFC 6749 §4.1.2.1 and §5.2, RFC 7591 §3.2.2,
 * RFC 7009 §2.2.1 and RFC 8707 §2. Their bodies follow those RFCs ({error, error_description}), not
 * API.md's shape: OAuth client libraries read them.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'temporarily_unavailable';

export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    readonly status = code === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
  }

  body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.code, error_description: this.description };
  }
}

/**
 * An authorization request whose client or redirect URI cannot be trusted: the user sees an error page and
 * is never sent to the redirect URI (RFC 6749 §4.1.2.1, RFC 9700 §4.11 open redirectors).
 */
export class AuthorizePageError extends Error {}

/** An authorization request from a known client to its own redirect URI that is otherwise wrong: the client hears of it. */
export class AuthorizeRedirectError extends OAuthError {
  constructor(
    code: OAuthErrorCode,
    description: string,
    readonly redirectUri: string,
    readonly state: string | undefined,
  ) {
    super(code, description);
  }
}
