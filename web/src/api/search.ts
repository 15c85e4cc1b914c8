import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes } from '../../../contracts/index.js';
import { api } from './client';

export interface SearchParams {
  q: string;
  scope: 'all' | 'folders';
  limit: number;
}

/** Outside the library's keys: the library's cache updates (linkCache.ts) know only their own shapes. */
export const searchKeys = {
  all: ['search'] as const,
  of: (params: SearchParams) => ['search', params] as const,
};

/** Going back to a search within this long shows its answer at once, without asking again. */
const SEARCH_STALE_MS = 10_000;

/**
 * A search (SPEC.md §5), in the app's one query cache, which sign-out clears: one request per search at a
 * time, and the previous search's answer kept on screen (isPlaceholderData) while the next one loads, so
 * that the results do not flicker while a person types. Null: nothing to ask.
 */
export function useSearch(params: SearchParams | null) {
  return useQuery({
    queryKey: params ? searchKeys.of(params) : searchKeys.all,
    queryFn: () => api.call(routes.search, { query: params ?? {} }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: SEARCH_STALE_MS,
  });
}
