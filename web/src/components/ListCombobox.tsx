import { useEffect, useId, useRef, useState } from 'react';
import { SearchIcon } from '../../../ui/components/icons';

/**
 * A picker's place in its listbox, for ListCombobox and the options it points at: the active option
 * (kept within the `count` options shown, and scrolled into view), each option's id, the list's id.
 */
export function useListCursor(count: number) {
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const activeIndex = Math.min(active, Math.max(0, count - 1));
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);
  return {
    active: activeIndex,
    setActive,
    listId,
    listRef,
    optionId: (index: number) => `${listId}-${index}`,
  };
}

/** An option row of such a list, the active one lit. */
export const optionRowClass = (isActive: boolean) =>
  `flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm ${
    isActive
      ? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white'
      : 'text-slate-700 dark:text-slate-300'
  }`;

/**
 * The search box of a picker that owns a listbox (the Move Link picker, the command palette): a combobox
 * whose active option a screen reader follows (aria-activedescendant). Arrow keys move round the options,
 * Home and End go to either end, Enter picks the active one; typing starts again from the first.
 */
export function ListCombobox({
  label,
  placeholder,
  query,
  onQuery,
  listId,
  count,
  active,
  onActive,
  onPick,
}: {
  label: string;
  placeholder: string;
  query: string;
  onQuery: (query: string) => void;
  /** The listbox's id; option `i` is `${listId}-${i}`. */
  listId: string;
  count: number;
  active: number;
  onActive: (index: number) => void;
  onPick: () => void;
}) {
  const keys: Record<string, () => number | 'pick'> = {
    ArrowDown: () => (active + 1) % Math.max(1, count),
    ArrowUp: () => (active - 1 + count) % Math.max(1, count),
    Home: () => 0,
    End: () => Math.max(0, count - 1),
    Enter: () => 'pick',
  };
  return (
    <div className="relative">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
      <input
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={count ? `${listId}-${active}` : undefined}
        value={query}
        onChange={(event) => {
          onQuery(event.target.value);
          onActive(0);
        }}
        onKeyDown={(event) => {
          const key = keys[event.key];
          if (!key || (event.key !== 'Enter' && count === 0)) return;
          event.preventDefault();
          const next = key();
          if (next === 'pick') onPick();
          else onActive(next);
        }}
        placeholder={placeholder}
        autoFocus
        data-autofocus
        autoComplete="off"
        spellCheck={false}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
    </div>
  );
}
