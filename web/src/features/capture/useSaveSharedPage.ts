import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Link } from '../../../../contracts/index.js';
import { ALERTS, applyLinkUpdate } from '../../api/library';
import { api } from '../../api/client';
import type { SharedPage } from './sharedPage';

export type SaveState =
  | { state: 'checking' }
  /** Waiting for the person's click; `existing` is the link already saved for that address, if any. */
  | { state: 'ready'; existing: Link | null }
  | { state: 'saving' }
  | { state: 'saved' | 'already'; link: Link; snippetSaved: boolean }
  | { state: 'failed'; message: string };

/**
 * Saves a shared page as the signed-in user, only when `save` is called: any site can open /share or /save
 * in the person's browser, where the session comes back by itself, so nothing is written before the person
 * asks for it. First it looks up whether the address is already saved (a read, harmless); `save` then adds
 * the link (or keeps the one already saved, never a second copy) and, when text came with it, that text as
 * a snippet of the page.
 */
export function useSaveSharedPage(
  page: SharedPage | null,
  enabled: boolean,
): { saving: SaveState; save: () => void; retry: () => void } {
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
        const found = await api.get<{ items: Link[] }>(
          `/api/links?limit=1&url=${encodeURIComponent(page.url)}`,
        );
        const existing = found.items[0] ?? null;
        // Already saved, and no text to add: there is nothing to ask.
        if (existing && !page.text) setState({ state: 'already', link: existing, snippetSaved: false });
        else setState({ state: 'ready', existing });
      } catch (error) {
        console.error(ALERTS.addLink, error);
        setState({ state: 'failed', message: ALERTS.addLink });
      }
    })();
  }, [page, enabled, attempt]);

  const existing = state.state === 'ready' ? state.existing : undefined;
  const save = useCallback(() => {
    if (!page || existing === undefined || busy.current) return;
    busy.current = true;
    setState({ state: 'saving' });
    void (async () => {
      try {
        const link = existing ?? (await api.post<Link>('/api/links', { url: page.url, title: page.title }));
        if (page.text) {
          await api.post('/api/snippets', {
            pageUrl: page.url,
            pageTitle: page.title,
            selectedText: page.text,
            linkId: link.id,
          });
        }
        applyLinkUpdate(queryClient, link);
        setState({ state: existing ? 'already' : 'saved', link, snippetSaved: Boolean(page.text) });
      } catch (error) {
        console.error(ALERTS.addLink, error);
        setState({ state: 'failed', message: ALERTS.addLink });
      } finally {
        busy.current = false;
      }
    })();
  }, [page, existing, queryClient]);

  const retry = () => {
    setState({ state: 'checking' });
    setAttempt((n) => n + 1);
  };
  return { saving: state, save, retry };
}
