import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type BulkLinksBody, type Link, routes } from '../../../contracts/index.js';
import { api } from './client';
import { fail } from './library';
import { libraryKeys, removeFromCaches } from './linkCache';

/** SPEC.md §8's way: a failed action is logged and said in an alert. */
export const BULK_ALERT = 'Failed to update the selected links. Please try again.';
/** How long a bulk delete can be undone before it is sent. */
export const UNDO_MS = 6_000;

const refetchLibrary = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: libraryKeys.all });

/** POST /api/links/bulk (all or nothing); every list, count and tag is read again once it is done. */
export function useBulkLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkLinksBody) => api.call(routes.bulkLinks, { body }),
    onError: fail(BULK_ALERT),
    onSettled: () => refetchLibrary(queryClient),
  });
}

/** A delete waiting out its undo time: the links, gone from the lists, and the cache to put back. */
interface PendingDelete {
  links: Link[];
  saved: [readonly unknown[], unknown][];
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Bulk delete with undo (issue "Organise a big library by hand"): the links leave every list at once and
 * the delete is sent UNDO_MS later, unless undone first. A page hidden or closed meanwhile sends it at once
 * (keepalive), so what the person saw go is gone. A second delete sends the first at once.
 */
export function useUndoableDelete() {
  const queryClient = useQueryClient();
  const bulk = useBulkLinks();
  const pending = useRef<PendingDelete | null>(null);
  const [waiting, setWaiting] = useState<Link[] | null>(null);

  const send = useCallback(() => {
    const current = pending.current;
    if (!current) return;
    clearTimeout(current.timer);
    pending.current = null;
    setWaiting(null);
    bulk.mutate(
      { ids: current.links.map((link) => link.id), action: 'delete' },
      { onError: () => restore(queryClient, current) },
    );
    // bulk.mutate is stable; the mutation object is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bulk.mutate, queryClient]);

  const remove = useCallback(
    (links: Link[]) => {
      send();
      void queryClient.cancelQueries({ queryKey: libraryKeys.all });
      const saved = queryClient.getQueriesData({ queryKey: libraryKeys.all });
      for (const link of links) removeFromCaches(queryClient, link.id);
      pending.current = { links, saved, timer: setTimeout(send, UNDO_MS) };
      setWaiting(links);
    },
    [queryClient, send],
  );

  const undo = useCallback(() => {
    const current = pending.current;
    if (!current) return;
    clearTimeout(current.timer);
    pending.current = null;
    setWaiting(null);
    restore(queryClient, current);
  }, [queryClient]);

  useEffect(() => {
    const leaving = () => {
      const current = pending.current;
      if (!current) return;
      clearTimeout(current.timer);
      pending.current = null;
      api.sendAsLeaving(routes.bulkLinks, {
        body: { ids: current.links.map((link) => link.id), action: 'delete' },
      });
    };
    // The page hidden (another tab, the phone locked, leaving) is the last moment sure to come; pagehide
    // is not always dispatched when a tab is discarded or closed.
    const hidden = () => {
      if (document.visibilityState === 'hidden') leaving();
    };
    window.addEventListener('pagehide', leaving);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leaving);
      document.removeEventListener('visibilitychange', hidden);
      // Leaving the dashboard for another screen of the app: the delete goes now.
      send();
    };
  }, [send]);

  return { remove, undo, sendNow: send, waiting };
}

function restore(queryClient: QueryClient, deleted: PendingDelete) {
  for (const [key, data] of deleted.saved) queryClient.setQueryData(key, data);
  refetchLibrary(queryClient);
}
