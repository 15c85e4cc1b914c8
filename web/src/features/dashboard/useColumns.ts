import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The element's inner width in pixels, followed as it is resized; measured before the first paint too (the
 * observer's first report comes a frame later). 0 until the element is there.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** How many columns a grid fits in the element's width (useElementWidth). */
export const useColumns = (
  ref: RefObject<HTMLElement | null>,
  columnsFor: (width: number) => number,
): number => columnsFor(useElementWidth(ref));
