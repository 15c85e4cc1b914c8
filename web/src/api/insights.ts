import { useQuery } from '@tanstack/react-query';
import { routes } from '../../../contracts/index.js';
import { api } from './client';
import { libraryKeys } from './linkCache';

/**
 * The browser's time zone, in which the report's days and weeks are counted: no zone is kept with an
 * account, so the page names its own (GET /api/insights?tz=), as the person's days are theirs.
 */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * GET /api/insights: one week's report. Under the library's key, so that a change to the library (a
 * save, a reading mark, an import) reads it again as it reads the lists.
 */
export function useInsights(week: string, timeZone: string) {
  return useQuery({
    queryKey: libraryKeys.insights(week, timeZone),
    queryFn: () => api.call(routes.insights, { query: { week, tz: timeZone } }),
    staleTime: 60_000,
  });
}
