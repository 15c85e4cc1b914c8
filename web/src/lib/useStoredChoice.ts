import { useCallback, useState } from 'react';

/**
 * A choice this browser keeps across visits (localStorage): read once, written on each change. `parse`
 * turns what is stored (null when nothing is) into the value, and answers the fallback for anything it
 * does not recognise, so an old or hand-edited entry never breaks the page.
 */
export function useStoredChoice<T>(
  key: string,
  parse: (stored: string | null) => T,
  serialise: (value: T) => string = String,
): [T, (next: T | ((current: T) => T)) => void] {
  const [value, setValue] = useState(() => parse(readStored(key)));
  const set = useCallback(
    (next: T | ((current: T) => T)) => {
      setValue((current) => {
        const value = typeof next === 'function' ? (next as (current: T) => T)(current) : next;
        try {
          localStorage.setItem(key, serialise(value));
        } catch {
          // Storage full or refused (private mode): the choice lasts this visit only.
        }
        return value;
      });
    },
    [key, serialise],
  );
  return [value, set];
}

function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
