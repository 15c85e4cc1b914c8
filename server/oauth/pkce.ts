import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * PKCE with S256 only (OAuth 2.1 §4.1.1, RFC 9700 §2.1.1): node:crypto is all it takes, so no library.
 * A verifier is 43–128 characters of the unreserved set (RFC 7636 §4.1); an S256 challenge is the
 * base64url SHA-256 of it, 43 characters.
 */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const S256_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export const isS256Challenge = (challenge: string): boolean => S256_CHALLENGE.test(challenge);

export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
