import { createHash, randomBytes } from 'node:crypto';
import { PERSONAL_TOKEN_PREFIX } from '../../contracts/index.js';

/**
 * Every kind of secret the server hands out, by its prefix: the prefix tells a leaked token's kind at a
 * glance (secret scanners use it), and the test run's log check looks for each (test/log-check.ts).
 */
export const SECRET_PREFIXES = {
  accessToken: 'lva',
  refreshToken: 'lvr',
  personalToken: PERSONAL_TOKEN_PREFIX,
  oauthAccessToken: 'lvo',
  /** An authorization request's handle while the person decides on the consent page. */
  oauthRequest: 'lvs',
  oauthCode: 'lvc',
  /** An invite or a password-reset link an admin hands out. */
  oneTimeLink: 'lvl',
  /** A public folder page's address (/s/<token>): whoever has it reads the folder. */
  publicFolder: 'lvf',
  /** A private Atom feed of a person's weekly insight reports: the feed URL's only credential. */
  insightFeed: 'lvi',
  /** The unsubscribe link of one weekly insight e-mail, which works without signing in. */
  insightUnsubscribe: 'lvu',
} as const;
export type SecretKind = keyof typeof SECRET_PREFIXES;

/** Characters after the prefix and its `_`: 256 random bits, URL-safe. */
export const SECRET_BODY_LENGTH = 43;

export const newSecret = (kind: SecretKind): string =>
  `${SECRET_PREFIXES[kind]}_${randomBytes(32).toString('base64url')}`;

/** Tokens are stored only as hashes; SHA-256 suffices for 256-bit random secrets (no dictionary to attack). */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
