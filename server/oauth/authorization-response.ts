/** RFC 6749 §4.1.2: parameters added to the client's redirect URI, `state` exactly as sent, and RFC 9207's `iss`. */
export function authorizationResponseUrl(
  redirectUri: string,
  params: Record<string, string>,
  state: string | null | undefined,
  issuer: string,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (state !== null && state !== undefined) url.searchParams.set('state', state);
  url.searchParams.set('iss', issuer);
  return url.toString();
}
