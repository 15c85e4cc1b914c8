import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Link, routes } from '../../../contracts/index.js';
import { api } from './client';
import { fail } from './library';
import { placeInCaches } from './linkCache';

/** The alerts a failed suggestion action shows (SPEC.md §8's way). */
export const ORGANISE_ALERTS = {
  dismiss: 'Failed to dismiss the suggestion. Please try again.',
} as const;

/**
 * DELETE /api/links/:id/suggestion: the chip goes at once, and the suggestion never comes back for the
 * link; a failure puts it back with the alert.
 */
export function useDismissSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: Link) => api.call(routes.dismissSuggestion, { params: { id: link.id } }),
    onMutate: (link: Link) => {
      placeInCaches(queryClient, { ...link, suggestedFolderId: null });
    },
    onError: (error, link) => {
      placeInCaches(queryClient, link);
      fail(ORGANISE_ALERTS.dismiss)(error);
    },
  });
}

/** POST /api/links/organise: Auto-organise's suggestions for the Uncategorized links (nothing is moved). */
export function useOrganise() {
  return useMutation({ mutationFn: () => api.call(routes.organiseLinks) });
}
