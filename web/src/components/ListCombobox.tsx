import { SearchIcon } from '../../../ui/components/icons';

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
