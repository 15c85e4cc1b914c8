import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Link } from '../../../../contracts/index.js';
import { ALERTS, applyLinkUpdate } from '../../api/library';
import { api } from '../../api/client';
import type { SharedPage } from './sharedPage';

export type SaveState =
  | { state: 'saving' }
  | { state: 'saved' | 'already'; link: Link; snippetSaved: boolean }
  | { state: 'failed'; message: string };

/**
 * Saves a shared page once, as the signed-in user: the link (or the one already saved for that address,
 * never a second copy) and, when text came with it, that text as a snippet of the page.
 */
export function useSaveSharedPage(page: SharedPage | null, enabled: boolean): [SaveState, () => void] {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>({ state: 'saving' });
  const [attempt, setAttempt] = useState(0);
  const done = useRef(-1);

  useEffect(() => {
    if (!page || !enabled || done.current === attempt) return;
    done.current = attempt;
    void (async () => {
      try {
        const existing = await api.get<{ items: Link[] }>(
          `/api/links?limit=1&url=${encodeURIComponent(page.url)}`,
        );
        const already = existing.items[0];
        const link = already ?? (await api.post<Link>('/api/links', { url: page.url, title: page.title }));
        if (page.text) {
          await api.post('/api/snippets', {
            pageUrl: page.url,
            pageTitle: page.title,
            selectedText: page.text,
            linkId: link.id,
          });
        }
        applyLinkUpdate(queryClient, link);
        setState({ state: already ? 'already' : 'saved', link, snippetSaved: Boolean(page.text) });
      } catch (error) {
        console.error(ALERTS.addLink, error);
        setState({ state: 'failed', message: ALERTS.addLink });
      }
    })();
  }, [page, enabled, attempt, queryClient]);

  const retry = () => {
    setState({ state: 'saving' });
    setAttempt((n) => n + 1);
  };
  return [state, retry];
}
