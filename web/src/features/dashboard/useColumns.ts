import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * How many columns a grid fits in the element's width, followed as it is resized; measured before the
 * first paint too (the observer's first report comes a frame later).
 */
export function useColumns(
  ref: RefObject<HTMLElement | null>,
  columnsFor: (width: number) => number,
): number {
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setColumns(columnsFor(element.clientWidth));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setColumns(columnsFor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, columnsFor]);
  return columns;
}
