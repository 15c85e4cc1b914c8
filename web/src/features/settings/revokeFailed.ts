import { ApiError } from '../../api/client';

/**
 * Whether revoking something (an app's access, a token) failed. A 404 is no failure: it was revoked
 * already, from another tab, and what the person asked for is done.
 */
export function revokeFailed(error: Error | null): boolean {
  return error !== null && !(error instanceof ApiError && error.status === 404);
}
