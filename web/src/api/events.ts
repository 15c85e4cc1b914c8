import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LINK_STATUS_FOR_JOB } from '../../../contracts/constants.js';
import { EVENTS_PATH, type StreamEvent, type StreamEventName, eventData } from '../../../contracts/index.js';
import { api } from './client';
import { importEventHandler } from './imports';
import { invalidateMembers } from './sharing';
import { invalidateCounts, libraryKeys } from './linkCache';
import { applyLinkStatus, applyLinkUpdate, removeLink } from './linkNews';

const RECONNECT_MS = 5_000;

/**
 * Keeps the library caches live from GET /api/events (API.md "Realtime"). EventSource sends the refresh
 * cookie by itself (it cannot send headers); when the server refuses the stream (the cookie rotated or
 * expired), the session is refreshed and the stream reopened. Closed when the user signs out or changes.
 */
export function useLiveEvents(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const onImport = importEventHandler(queryClient);

    const open = () => {
      const stream = new EventSource(EVENTS_PATH);
      source = stream;
      // An event outside the contract (a server of another version) is passed over, not half-applied.
      const on = <N extends StreamEventName>(name: N, handle: (data: StreamEvent<N>) => void) =>
        stream.addEventListener(name, (event) => {
          const data = eventData(name, event.data);
          if (data) handle(data);
        });
      on('link', (link) => applyLinkUpdate(queryClient, link));
      on('link-deleted', ({ id }) => removeLink(queryClient, id));
      // Many links at once (a bulk action, a tag renamed, maybe in another tab): every list is read again.
      on('links-changed', () => void queryClient.invalidateQueries({ queryKey: libraryKeys.all }));
      on('job', ({ linkId, status }) => applyLinkStatus(queryClient, linkId, LINK_STATUS_FOR_JOB[status]));
      on('import', onImport);
      // A folder shared with the person, changed or taken away by its owner (or one of theirs they
      // were removed from): the folder list says what they have now, and the counts follow. A folder
      // gone from it takes its open view back to All Links (the Dashboard).
      on('folders', ({ folderId }) => {
        invalidateCounts(queryClient);
        invalidateMembers(queryClient, folderId);
      });
      source.onerror = () => {
        // EventSource retries dropped connections itself; a refused one (401) ends CLOSED and needs us.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        retry = setTimeout(() => {
          void api.refresh().then((session) => {
            if (session && !stopped) open();
          });
        }, RECONNECT_MS);
      };
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      onImport.stop();
      source?.close();
    };
  }, [userId, queryClient]);
}
