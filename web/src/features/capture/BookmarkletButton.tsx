import { type MouseEvent, useLayoutEffect, useRef, useState } from 'react';
import { BookmarkIcon } from '../../../../ui/components/icons';
import { bookmarkletHref } from './bookmarklet';

/**
 * The draggable "Save to Linkvault" bookmarklet. React refuses javascript: URLs in href, so the address is
 * set on the element directly. Clicked here it would do nothing useful (and this page's CSP blocks it), so a
 * click explains what to do instead.
 */
export function BookmarkletButton() {
  const ref = useRef<HTMLAnchorElement>(null);
  const [hint, setHint] = useState(false);
  useLayoutEffect(() => {
    ref.current?.setAttribute('href', bookmarkletHref(window.location.origin));
  }, []);
  const explain = (event: MouseEvent) => {
    event.preventDefault();
    setHint(true);
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <a
        ref={ref}
        onClick={explain}
        draggable
        title="Drag me to your bookmarks bar"
        className="inline-flex h-10 cursor-grab items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700 active:cursor-grabbing"
      >
        <BookmarkIcon />
        Save to Linkvault
      </a>
      <span role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {hint
          ? 'Drag the button to your bookmarks bar, then click it on any page.'
          : '← drag to your bookmarks bar'}
      </span>
    </div>
  );
}
