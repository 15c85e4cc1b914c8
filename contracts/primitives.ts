import { z } from 'zod';
import { LIMITS } from './constants.js';
import { isHttpUrl } from './urls.js';

export { isHttpUrl };

/**
 * PostgreSQL's text cannot hold U+0000 and SQLite's FTS5 reads it as the end of a query, so no input may
 * carry it (the server refuses it in every request; ids also arrive inside cursors and multipart fields).
 */
export const hasNul = (text: string): boolean => text.includes('\u0000');
export const NUL_MESSAGE = 'must not contain NUL characters (U+0000)';

export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((id) => !hasNul(id), NUL_MESSAGE);

/** Only http and https are links a person saves; javascript:, file:, data: and the rest are refused (SPEC.md §5). */
export const httpUrlSchema = z
  .string()
  .trim()
  .min(1, 'URL is required')
  .max(LIMITS.url, `URL must be at most ${LIMITS.url} characters`)
  .refine(isHttpUrl, 'URL must be a valid http or https address');

export const jsonValueSchema = z.json();

export const isoDateSchema = z.string().describe('ISO-8601 time in UTC');

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(500).optional(),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
