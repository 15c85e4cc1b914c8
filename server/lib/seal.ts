import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM's key for `purpose`, derived from a secret the server never stores (HKDF, RFC 5869). */
const keyFrom = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `linkvault ${purpose}`, 32));

/**
 * Encrypts `plaintext` so that only whoever holds `secret` can read it again: the database keeps the
 * sealed text and the secret's hash, and a hash gives no key.
 */
export function seal(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plaintext `seal` was given, or null when `secret` or `purpose` differ or the text was altered. */
export function unseal(secret: string, purpose: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret, purpose), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
