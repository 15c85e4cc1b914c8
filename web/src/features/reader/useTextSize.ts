import { useCallback, useState } from 'react';

/** The reader's text sizes, in px; the choice is this browser's, kept across visits. */
export const TEXT_SIZES = [15, 17, 19, 21, 24] as const;
const KEY = 'linkvault.reader.textSize';
const DEFAULT_INDEX = 2;

function storedIndex(): number {
  const stored = Number(globalThis.localStorage?.getItem(KEY) ?? Number.NaN);
  return Number.isInteger(stored) && stored >= 0 && stored < TEXT_SIZES.length ? stored : DEFAULT_INDEX;
}

/** The reader's text size and the steps to change it (undefined at either end of the scale). */
export function useTextSize() {
  const [index, setIndex] = useState(storedIndex);
  const change = useCallback((step: 1 | -1) => {
    setIndex((current) => {
      const next = Math.min(TEXT_SIZES.length - 1, Math.max(0, current + step));
      localStorage.setItem(KEY, String(next));
      return next;
    });
  }, []);
  return {
    size: TEXT_SIZES[index] ?? TEXT_SIZES[DEFAULT_INDEX],
    smaller: index > 0 ? () => change(-1) : undefined,
    larger: index < TEXT_SIZES.length - 1 ? () => change(1) : undefined,
  };
}
