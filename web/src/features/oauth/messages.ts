import { ApiError } from '../../api/client';
import { serverMessage } from '../auth/authErrors';

/** SPEC.md §8, word for word: what the authorization pages say when the flow cannot go on. */

const NO_REDIRECT = 'Authorization completed but redirect URL not provided';

export const LOGIN_ERRORS = {
  missingSessionParameter: 'Missing session parameter. Please restart the authorization flow.',
  missingSessionToken: 'Missing session token. Please restart the authorization flow.',
  signInFailed: 'Failed to sign in',
} as const;

export const RESUME_ERRORS = {
  missingSession: 'Missing session parameter',
  notAuthenticated: 'Not authenticated. Please try logging in again.',
  failed: 'Failed to resume authorization',
  noRedirect: NO_REDIRECT,
} as const;

export const CONSENT_ERRORS = {
  invalidRequestTitle: 'Invalid Request',
  missingParameters: 'Missing required OAuth parameters',
  noUser: 'No active user. Please log in again.',
  noSession: 'No active session. Please log in again.',
  noAccessToken: 'Unable to get access token from session',
  failed: 'Failed to process authorization',
  noRedirect: NO_REDIRECT,
  unexpected: 'An error occurred during authorization',
} as const;

/** SPEC.md §8: a failed sign-in shows the server's message, else 'Failed to sign in'. */
export function signInError(error: unknown): string {
  return serverMessage(error) ?? LOGIN_ERRORS.signInFailed;
}

/** SPEC.md §8: the server's error.message, else 'Failed to resume authorization'. */
export function resumeError(error: unknown): string {
  return serverMessage(error) ?? RESUME_ERRORS.failed;
}

/**
 * The consent decision failed. 401 means the server no longer knows the user (the session was ended
 * elsewhere, and the API client's refresh failed too); other refusals carry the server's own sentence;
 * an answer without one is a failure to process; no answer at all (network) is the catch-all.
 */
export function consentError(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return CONSENT_ERRORS.unexpected;
  if (error.status === 401) return CONSENT_ERRORS.noUser;
  return serverMessage(error) ?? CONSENT_ERRORS.failed;
}
