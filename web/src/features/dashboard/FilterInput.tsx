import { type Ref, useEffect, useState } from 'react';
import { QUERY_MAX_LENGTH } from '../search/queryProblem';
import { SearchIcon, XIcon } from '../../../../ui/components/icons';

const DEBOUNCE_MS = 250;

/**
 * The main header's filter: sets ?q= (debounced, replacing the history entry) and follows the URL when
 * it changes elsewhere (another view, back and forward). '/' focuses it; Escape clears it.
 */
export function FilterInput({
  value,
  onChange,
  label,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  inputRef: Ref<HTMLInputElement>;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChange(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);

  return (
    <div className="relative w-full sm:w-56 lg:w-72">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
      <input
        ref={inputRef}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            if (text) {
              setText('');
              onChange('');
            } else event.currentTarget.blur();
          }
          if (event.key === 'Enter') onChange(text);
        }}
        placeholder={label}
        aria-label={label}
        autoComplete="off"
        spellCheck={false}
        maxLength={QUERY_MAX_LENGTH}
        className="h-9 w-full rounded-lg border border-slate-200 bg-white pr-9 pl-9 text-sm text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 hover:border-slate-300 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/25 focus:outline-none dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:hover:border-slate-700 [&::-webkit-search-cancel-button]:hidden"
      />
      {text ? (
        <button
          type="button"
          onClick={() => {
            setText('');
            onChange('');
          }}
          aria-label="Clear filter"
          className="absolute top-1/2 right-1.5 grid size-6 -translate-y-1/2 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <XIcon className="size-3.5" />
        </button>
      ) : (
        <kbd
          className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border border-slate-200 bg-slate-50 px-1.5 font-sans text-[11px] leading-5 text-slate-500 sm:block dark:border-slate-700 dark:bg-slate-800 dark:text-slate-400"
          aria-hidden="true"
        >
          /
        </kbd>
      )}
    </div>
  );
}
