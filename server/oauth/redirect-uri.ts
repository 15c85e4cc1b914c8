/**
 * Redirect URI rules (RFC 9700 §2.1 and §4.1, RFC 8252 §7.3): https, or http on a loopback address for
 * apps on the user's own machine; no fragment; matched exactly, except that a loopback port may vary
 * (native apps listen on whatever port the system gives them).
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function redirectUriProblem(uri: string): string | null {
  if (!URL.canParse(uri)) return 'is not an absolute URL';
  const url = new URL(uri);
  if (url.hash || uri.includes('#')) return 'must not contain a fragment';
  if (url.username || url.password) return 'must not contain credentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'must use https, or http on a loopback address';
}

export function redirectUriMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  if (!URL.canParse(registered) || !URL.canParse(requested)) return false;
  const a = new URL(registered);
  const b = new URL(requested);
  return (
    a.protocol === 'http:' &&
    b.protocol === 'http:' &&
    LOOPBACK_HOSTS.has(a.hostname) &&
    a.hostname === b.hostname &&
    a.pathname === b.pathname &&
    a.search === b.search &&
    !b.hash &&
    !b.username &&
    !b.password
  );
}
