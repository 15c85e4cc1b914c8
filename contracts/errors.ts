import { z } from 'zod';
import { linkSchema } from './entities.js';

/** API.md "Conventions": every error has this shape. */
export const ERROR_CODES = [
  'validation_failed',
  'invalid_credentials',
  'unauthenticated',
  'insufficient_scope',
  'forbidden',
  'not_found',
  'conflict',
  'unsupported_format',
  'request_timeout',
  'payload_too_large',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** For validation errors, which field and why. */
export const fieldErrorsSchema = z.array(z.object({ field: z.string(), message: z.string() }));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: fieldErrorsSchema.optional(),
  }),
});
export type ApiError = z.infer<typeof errorSchema>;

/** Any error answer as a client reads it: the shape, with `details` left to the caller (alreadySaved, fields). */
export const errorAnswerSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

/** API.md "Normalized URL": saving a page already saved answers 409 with the saved link in `details.link`. */
export const alreadySavedSchema = z.object({
  error: z.object({
    code: z.literal('conflict'),
    message: z.string(),
    details: z.object({ link: linkSchema }),
  }),
});
export type AlreadySavedError = z.infer<typeof alreadySavedSchema>;
