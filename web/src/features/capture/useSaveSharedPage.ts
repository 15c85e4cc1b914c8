import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Link, routes } from '../../../../contracts/index.js';
import { ALERTS, alreadySavedLink } from '../../api/library';
import { api } from '../../api/client';
import { applyLinkAnswer, withMark } from '../../api/linkNews';
import type { SharedPage } from './sharedPage';

export type SaveState =
  | { state: 'checking' }
  /** Waiting for the person's click; `existing` is the link already saved for that address, if any. */
  | { state: 'ready'; existing: Link | null }
  | { state: 'saving' }
  /** Saved as a new link, or (`already`) the text kept as a snippet of the link saved before. */
  | { state: 'saved' | 'already'; link: Link; snippetSaved: boolean }
  | { state: 'failed'; message: string };

/**
 * Saves a shared page as the signed-in user, only when `save` is called: any site can open /share or /save
 * in the person's browser, where the session comes back by itself, so nothing is written before the person
 * asks for it. First it looks up whether the address is already saved (a read, harmless), so the page can
 * say so ("Already in your vault"). `save()` then adds the link, or keeps the one already saved, and, when
 * text came with it, adds that text as a snippet of the page; `save({ copy: true })` saves the page again
 * all the same (allowDuplicate). A page saved meanwhile elsewhere (the server's 409) becomes the saved one.
 */
export function useSaveSharedPage(
  page: SharedPage | null,
  enabled: boolean,
): { saving: SaveState; save: (options?: { copy?: boolean }) => void; retry: () => void } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const checked = useRef(-1);
  const busy = useRef(false);

  useEffect(() => {
    if (!page || !enabled || checked.current === attempt) return;
    checked.current = attempt;
    void (async () => {
      try {
        const found = await api.call(routes.listLinks, { query: { limit: 1, url: page.url } });
        setState({ state: 'ready', existing: found.items[0] ?? null });
      } catch (error) {
        console.error(ALERTS.addLink, error);
        setState({ state: 'failed', message: ALERTS.addLink });
      }
    })();
  }, [page, enabled, attempt]);

  const existing = state.state === 'ready' ? state.existing : undefined;
  const save = useCallback(
    ({ copy = false } = {}) => {
      if (!page || existing === undefined || busy.current) return;
      busy.current = true;
      setState({ state: 'saving' });
      const kept = copy ? null : existing;
      void (async () => {
        try {
          const link = await withMark(queryClient, async (mark) => {
            const answer =
              kept ??
              (await api.call(routes.createLink, {
                body: { url: page.url, title: page.title, ...(copy && { allowDuplicate: true }) },
              }));
            if (page.text) {
              await api.call(routes.createSnippet, {
                body: {
                  pageUrl: page.url,
                  pageTitle: page.title,
                  selectedText: page.text,
                  linkId: answer.id,
                },
              });
            }
            applyLinkAnswer(queryClient, answer, mark);
            return answer;
          });
          setState({ state: kept ? 'already' : 'saved', link, snippetSaved: Boolean(page.text) });
        } catch (error) {
          const saved = alreadySavedLink(error);
          if (saved) {
            setState({ state: 'ready', existing: saved });
          } else {
            console.error(ALERTS.addLink, error);
            setState({ state: 'failed', message: ALERTS.addLink });
          }
        } finally {
          busy.current = false;
        }
      })();
    },
    [page, existing, queryClient],
  );

  const retry = () => {
    setState({ state: 'checking' });
    setAttempt((n) => n + 1);
  };
  return { saving: state, save, retry };
}
