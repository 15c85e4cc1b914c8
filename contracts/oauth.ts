import { z } from 'zod';
import { OAUTH_SCOPES } from './constants.js';
import { idSchema, isoDateSchema } from './primitives.js';

/** Bounds on what a client may make us store: enough for real clients, too small to fill the database. */
const OAUTH_TEXT_MAX = 2048;
const oauthText = z.string().max(OAUTH_TEXT_MAX);

/** SPEC.md §7 "oauth-authorize": PATCH, sent after login. */
export const bindAuthorizationBody = z.object({
  session_token: z.string().min(1).max(200),
  user_id: idSchema,
});

/** SPEC.md §7: GET with query session_token. */
export const resumeAuthorizationQuery = z.object({ session_token: z.string().min(1).max(200) });

export const redirectResponse = z.object({ redirect_url: z.string() });

/** SPEC.md §7: POST, form-encoded; every value arrives as a string. */
export const decideAuthorizationBody = z.object({
  action: z.enum(['approve', 'deny']),
  client_id: oauthText.min(1),
  redirect_uri: oauthText.min(1),
  response_type: z.string().max(40),
  code_challenge: z.string().min(1).max(200),
  code_challenge_method: z.string().max(20).default('S256'),
  scopes: z.string().max(200).default(''),
  user_id: idSchema,
  remember_consent: z.enum(['true', 'false']).default('false'),
  state: oauthText.optional(),
  session_token: z.string().max(200).optional(),
});

/** The app an authorization request is for, as the login and consent pages show it. */
export const oauthClientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  /**
   * True only for a Client ID Metadata Document client: its client_id is an https address on its own
   * domain, which served the document. A client that registered itself (RFC 7591) may claim
   * any name, "Claude" included, and is never verified.
   */
  verified: z.boolean(),
  /** The domain that vouches for a verified client (its client_id's host); null otherwise. */
  domain: z.string().nullable(),
  redirectUris: z.array(z.string()),
});
export type OAuthClient = z.infer<typeof oauthClientSchema>;

export const oauthConnectionSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  verified: z.boolean(),
  domain: z.string().nullable(),
  scopes: z.array(z.enum(OAUTH_SCOPES)),
  connectedAt: isoDateSchema,
  lastUsedAt: isoDateSchema.nullable(),
});
export type OAuthConnection = z.infer<typeof oauthConnectionSchema>;

export const clientIdParams = z.object({ clientId: oauthText.min(1) });
