import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type UpdateInsightDeliveryBody, routes } from '../../../contracts/index.js';
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

const deliveryKey = ['account', 'insight-delivery'] as const;

/** GET /api/insights/delivery: the weekly e-mail's choice, its zone, and whether a private feed exists. */
export function useInsightDelivery() {
  return useQuery({ queryKey: deliveryKey, queryFn: () => api.call(routes.insightDelivery) });
}

/** PATCH /api/insights/delivery; the answer is the settings as they now are. */
export function useUpdateInsightDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateInsightDeliveryBody) => api.call(routes.updateInsightDelivery, { body }),
    onSuccess: (delivery) => queryClient.setQueryData(deliveryKey, delivery),
  });
}

/** POST /api/insights/feed: a new feed URL (the old one stops working), shown once by the caller. */
export function useCreateInsightFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.createInsightFeed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKey }),
  });
}

export function useDeleteInsightFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.deleteInsightFeed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKey }),
  });
}
