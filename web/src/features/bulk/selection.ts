import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Link } from '../../../../contracts/index.js';

/** What a card needs of the list's selection: whether it is chosen, and how to choose it. */
export interface Selection {
  /** Whether anything is chosen: cards then show their checkbox all the time. */
  active: boolean;
  isSelected: (id: string) => boolean;
  /** With `range` (Shift held), every card from the last one chosen to this one takes its new state. */
  toggle: (id: string, range: boolean) => void;
}

export const SelectionContext = createContext<Selection | null>(null);

export const useSelection = () => useContext(SelectionContext);

/**
 * A list's chosen links, by id, among `items` (the links loaded, in the order shown). A link that leaves
 * the list (deleted, moved out elsewhere) leaves the selection with it.
 */
export function useLinkSelection(items: readonly Link[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // The last card chosen, and the list as shown, read by clicks that may come before the next render.
  const anchor = useRef<string | null>(null);
  const shown = useRef(items);
  useEffect(() => {
    shown.current = items;
  }, [items]);
  const present = useMemo(() => new Set(items.map((link) => link.id)), [items]);
  const selected = useMemo(() => items.filter((link) => chosen.has(link.id)), [items, chosen]);

  const toggle = useCallback((id: string, range: boolean) => {
    const list = shown.current;
    const from = range && anchor.current !== null ? list.findIndex((link) => link.id === anchor.current) : -1;
    const to = list.findIndex((link) => link.id === id);
    const ids =
      from === -1 || to === -1
        ? [id]
        : list.slice(Math.min(from, to), Math.max(from, to) + 1).map((link) => link.id);
    anchor.current = id;
    setChosen((current) => {
      const on = !current.has(id);
      const next = new Set(current);
      for (const each of ids) {
        if (on) next.add(each);
        else next.delete(each);
      }
      return next;
    });
  }, []);
  const selectAll = useCallback(() => setChosen(new Set(present)), [present]);
  const clear = useCallback(() => {
    setChosen(new Set());
    anchor.current = null;
  }, []);

  const context = useMemo<Selection>(
    () => ({ active: selected.length > 0, isSelected: (id) => chosen.has(id) && present.has(id), toggle }),
    [selected.length, chosen, present, toggle],
  );
  return { selected, selectAll, clear, context };
}
