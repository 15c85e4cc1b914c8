/** The addresses the authorization pages send people between (SPEC.md §4 "OAuth flow"). */

export const CONSENT_PATH = '/oauth/consent';

function withQuery(path: string, fields: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** /oauth/login for this request; `error` says why the person is asked to sign in (again). */
export function oauthLoginPath(
  session: string | null,
  clientId: string | null,
  error?: 'authentication_required',
): string {
  return withQuery('/oauth/login', { session, client_id: clientId, error });
}

export function resumePath(session: string): string {
  return withQuery('/oauth/resume', { session });
}

/**
 * The path and query of `url` when it is this app's consent screen (SPEC.md §4: such a redirect stays
 * inside the app), else null: the client's own address, left by a full page navigation.
 */
export function inAppConsentPath(url: string): string | null {
  let target: URL;
  try {
    target = new URL(url, window.location.origin);
  } catch {
    return null;
  }
  if (target.origin !== window.location.origin || target.pathname !== CONSENT_PATH) return null;
  return `${target.pathname}${target.search}`;
}
