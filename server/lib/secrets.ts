import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe; the prefix tells a leaked token's kind at a glance (secret scanners use it). */
export const newSecret = (prefix: string): string => `${prefix}_${randomBytes(32).toString('base64url')}`;

/** Tokens are stored only as hashes; SHA-256 suffices for 256-bit random secrets (no dictionary to attack). */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
