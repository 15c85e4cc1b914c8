import type { ReactNode, Ref } from 'react';
import { Button } from '../../../../ui/components/controls';
import { FilterInput } from './FilterInput';
import { GlobeIcon, PencilIcon, PlusIcon } from '../../../../ui/components/icons';

/** The main area's header (SPEC.md §2): the view's title and count, the filter, Edit and Public page (folders) and Save Link. */
export function ViewHeader({
  title,
  icon,
  count,
  query,
  onQueryChange,
  filterLabel,
  filterRef,
  onEdit,
  onPublish,
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
  onEdit?: (() => void) | undefined;
  /** A folder's public page (features/folders/PublicPageDialog). */
  onPublish?: (() => void) | undefined;
  onAdd: () => void;
  /** Controls of the view itself (its layout and order), beside the filter. */
  tools?: ReactNode;
  wide?: boolean;
}) {
  return (
    <header className="shrink-0 border-b border-slate-200/80 bg-white px-4 pt-5 pb-4 sm:px-6 lg:px-8 dark:border-slate-800/80 dark:bg-slate-950">
      <div
        className={`mx-auto flex flex-wrap ${wide ? 'max-w-6xl' : 'max-w-4xl'} items-center gap-x-3 gap-y-3`}
      >
        <div className="w-full min-w-0 sm:w-auto sm:min-w-48 sm:flex-1">
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
          {onEdit && (
            <FolderTool onClick={onEdit} title="Edit folder" icon={<PencilIcon className="size-3.5" />}>
              Edit
            </FolderTool>
          )}
          {onPublish && (
            <FolderTool onClick={onPublish} title="Public page" icon={<GlobeIcon className="size-3.5" />}>
              Public page
            </FolderTool>
          )}
          <Button size="sm" className="h-9 whitespace-nowrap" onClick={onAdd} aria-keyshortcuts="n">
            <PlusIcon />
            Save Link
          </Button>
        </div>
      </div>
    </header>
  );
}

/** A folder's action in the header: its icon, and its word from the small breakpoint up (else read aloud only). */
function FolderTool({
  onClick,
  title,
  icon,
  children,
}: {
  onClick: () => void;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Button variant="secondary" size="sm" className="h-9 px-2.5 sm:px-3" onClick={onClick} title={title}>
      {icon}
      <span className="sr-only sm:not-sr-only">{children}</span>
    </Button>
  );
}
