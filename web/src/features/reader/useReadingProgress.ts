import { useEffect, useRef, useState } from 'react';
import { routes } from '../../../../contracts/index.js';
import { api } from '../../api/client';
import { throttle } from '../../lib/throttle';

/** Scrolled this far, the article counts as read to the end (the last lines sit above the bottom edge). */
const END = 0.98;
/** Progress is saved at most this often while the person scrolls, and once more when they leave. */
const SAVE_EVERY_MS = 3_000;

/** How far down the page the window is, 0 to 1; 1 when there is nothing to scroll. */
function scrolledShare(): number {
  const room = document.documentElement.scrollHeight - window.innerHeight;
  if (room <= 0) return 1;
  return Math.min(1, Math.max(0, window.scrollY / room));
}

/**
 * Remembers how far the person has read (API.md readingProgress): the page opens where they stopped, and
 * the position is saved as they scroll; reaching the end saves 1, which the server takes as read. Saving
 * is best effort: a failed save is made good by the next one, so it raises no alert. `keep` false: the
 * person may only read the link (a folder shared with them as a viewer), so nothing is saved.
 */
export function useReadingProgress(
  linkId: string,
  savedProgress: number | undefined,
  ready: boolean,
  keep = true,
) {
  const [progress, setProgress] = useState(0);
  const restored = useRef(false);
  // Where reading started: later changes to the link (this page's own saves, echoed) move nothing.
  const startedAt = useRef(savedProgress);
  startedAt.current ??= savedProgress;

  useEffect(() => {
    if (!ready || restored.current || savedProgress === undefined) return;
    restored.current = true;
    if (savedProgress > 0 && savedProgress < 1) {
      const room = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo({ top: savedProgress * room, behavior: 'instant' });
    }
  }, [ready, savedProgress]);

  useEffect(() => {
    if (!ready) return;
    let sent = startedAt.current ?? 0;
    let latest = sent;
    const save = () => {
      if (!keep || latest === sent || (latest !== 1 && Math.abs(latest - sent) < 0.01)) return;
      sent = latest;
      void api
        .call(routes.updateLink, { params: { id: linkId }, body: { readingProgress: latest } })
        .catch(() => {
          sent = -1;
        });
    };
    const throttled = throttle(save, SAVE_EVERY_MS);
    const onScroll = () => {
      // Nothing to scroll is no reading: a short article is marked read by its button, not by opening it.
      if (document.documentElement.scrollHeight <= window.innerHeight) return;
      const share = scrolledShare();
      latest = share >= END ? 1 : Math.round(share * 1000) / 1000;
      setProgress(share);
      if (latest === 1) save();
      else throttled();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
      throttled.cancel();
      save();
    };
  }, [linkId, ready, keep]);

  return progress;
}
