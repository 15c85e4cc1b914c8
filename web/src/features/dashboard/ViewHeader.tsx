import type { ReactNode, Ref } from 'react';
import { Button } from '../../../../ui/components/controls';
import { FilterInput } from './FilterInput';
import { PlusIcon } from '../../../../ui/components/icons';

/**
 * The main area's header (SPEC.md §2): the view's title and count, the filter, the folder's menu (Edit…,
 * Share…) and Save Link.
 */
export function ViewHeader({
  title,
  icon,
  count,
  query,
  onQueryChange,
  filterLabel,
  filterRef,
  note,
  menu,
  onAdd,
  tools,
  wide = false,
}: {
  title: string;
  icon?: ReactNode;
  count: ReactNode;
  query: string;
  onQueryChange: (q: string) => void;
  filterLabel: string;
  filterRef: Ref<HTMLInputElement>;
  /** A line under the count that does not change as the list does (a shared folder's owner and role). */
  note?: ReactNode;
  /** What can be done to the view itself (a folder's menu). */
  menu?: ReactNode;
  /** Absent where nothing can be saved (a folder shared with the person as a viewer). */
  onAdd?: (() => void) | undefined;
  /** Controls of the view itself (its layout and order), beside the filter. */
  tools?: ReactNode;
  wide?: boolean;
}) {
  return (
    <header className="shrink-0 border-b border-slate-200/80 bg-white px-4 pt-5 pb-4 sm:px-6 lg:px-8 dark:border-slate-800/80 dark:bg-slate-950">
      <div
        className={`mx-auto flex flex-wrap ${wide ? 'max-w-6xl' : 'max-w-4xl'} items-center gap-x-3 gap-y-3`}
      >
        <div className="w-full min-w-0 sm:w-auto sm:min-w-28 sm:flex-1">
          <h1 className="flex min-w-0 items-center gap-2.5 text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl dark:text-white">
            {icon}
            <span className="truncate">{title}</span>
          </h1>
          <p
            className="mt-0.5 line-clamp-2 text-sm wrap-anywhere text-slate-500 dark:text-slate-400"
            aria-live="polite"
          >
            {count}
          </p>
        </div>
        <div className={`min-w-0 sm:flex-none ${tools ? 'w-full sm:w-auto' : 'flex-1'}`}>
          <FilterInput value={query} onChange={onQueryChange} label={filterLabel} inputRef={filterRef} />
        </div>
        {tools}
        <div className="ml-auto flex items-center gap-2">
          {menu}
          {onAdd && (
            <Button size="sm" className="h-9 whitespace-nowrap" onClick={onAdd} aria-keyshortcuts="n">
              <PlusIcon />
              Save Link
            </Button>
          )}
        </div>
      </div>
      {/* Its own line, the header's whole width: beside the tools the title's column can be narrow. */}
      {note && <div className={`mx-auto ${wide ? 'max-w-6xl' : 'max-w-4xl'}`}>{note}</div>}
    </header>
  );
}
