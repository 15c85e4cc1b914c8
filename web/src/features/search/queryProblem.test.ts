import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { QUERY_MAX_LENGTH, queryProblem } from './queryProblem';

describe('queryProblem', () => {
  it('takes text up to the API’s limit, and says how long a longer one is', () => {
    expect(queryProblem('a'.repeat(QUERY_MAX_LENGTH))).toBeNull();
    expect(queryProblem('a'.repeat(1234))).toBe(
      'Search text can be at most 200 characters; this one has 1,234.',
    );
  });

  it('passes on the API’s refusal (400), not a failure to reach it', () => {
    expect(queryProblem('x', new ApiError(400, 'validation_failed', 'q: bad'))).toBe(
      "This search can't be used: q: bad",
    );
    expect(queryProblem('x', new ApiError(0, 'network', 'Could not reach the server.'))).toBeNull();
    expect(queryProblem('x', new ApiError(500, 'internal', 'Oops'))).toBeNull();
  });
});
