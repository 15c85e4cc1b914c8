import { LIMITS } from '../../../../contracts/constants.js';
import { ApiError } from '../../api/client';
import { formatCount } from '../../../../ui/lib/format';

/** The most a search or filter may say: the API's limit on `q` (contracts/requests.ts). */
export const QUERY_MAX_LENGTH = LIMITS.searchQuery;

/**
 * Why a search or filter text cannot be used, in a person's words: longer than the API takes (the inputs
 * stop there, but an address can carry more, so it is not sent), or refused by the API (a 400); else null.
 */
export function queryProblem(q: string, error: unknown = null): string | null {
  if (q.length > QUERY_MAX_LENGTH) {
    return `Search text can be at most ${formatCount(QUERY_MAX_LENGTH)} characters; this one has ${formatCount(q.length)}.`;
  }
  if (error instanceof ApiError && error.status === 400) return `This search can't be used: ${error.message}`;
  return null;
}
