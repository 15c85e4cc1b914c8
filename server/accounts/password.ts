import { hash, verify } from '@node-rs/argon2';

/** The library's default is argon2id (19 MiB, 2 passes, 1 lane): OWASP's recommended minimum. */
export const hashPassword = (password: string): Promise<string> => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a real hash, or a throwaway one when the account does not exist or has no password,
 * so that the time a login takes does not tell whether an e-mail is registered, nor how it signs in.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password');
  // An account without a password (made through single sign-on) stores '': it takes as long as any.
  const target = storedHash || (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return ok && Boolean(storedHash);
}
