import { useId } from 'react';
import type { LinkSort } from '../../../../contracts/constants.js';
import { ChevronDownIcon, GridIcon, ListIcon, RowsIcon } from '../../../../ui/components/icons';
import type { LinkLayout } from './linkDisplay';

const LAYOUTS: { value: LinkLayout; label: string; Icon: typeof ListIcon }[] = [
  { value: 'list', label: 'List', Icon: ListIcon },
  { value: 'cards', label: 'Cards', Icon: GridIcon },
  { value: 'compact', label: 'Compact', Icon: RowsIcon },
];

const SORTS: { value: LinkSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'title', label: 'Title A–Z' },
];

/** The list's layout (a set of radio buttons drawn as a segmented control) and its order (a select). */
export function DisplayControls({
  layout,
  onLayout,
  sort,
  onSort,
}: {
  layout: LinkLayout;
  onLayout: (layout: LinkLayout) => void;
  sort: LinkSort;
  onSort: (sort: LinkSort) => void;
}) {
  const name = useId();
  const sortId = useId();
  return (
    <div className="flex items-center gap-2">
      <fieldset className="flex h-9 items-center rounded-lg border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900">
        <legend className="sr-only">Layout</legend>
        {LAYOUTS.map(({ value, label, Icon }) => (
          <label key={value} title={label} className="relative">
            <input
              type="radio"
              name={name}
              value={value}
              checked={layout === value}
              onChange={() => onLayout(value)}
              aria-label={label}
              className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-md opacity-0"
            />
            <span
              className="grid h-7 w-7 place-items-center sm:w-8 rounded-md text-slate-500 peer-checked:bg-slate-100 peer-checked:text-slate-900 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 hover:text-slate-900 dark:text-slate-400 dark:peer-checked:bg-slate-800 dark:peer-checked:text-white dark:hover:text-white"
              aria-hidden="true"
            >
              <Icon />
            </span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={sortId} className="sr-only">
        Sort
      </label>
      <div className="relative">
        <select
          id={sortId}
          value={sort}
          onChange={(event) => onSort(event.target.value as LinkSort)}
          className="h-9 appearance-none rounded-lg border border-slate-300 bg-white pr-7 pl-2.5 text-sm text-slate-700 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
        >
          {SORTS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 text-slate-500" />
      </div>
    </div>
  );
}
