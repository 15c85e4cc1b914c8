import { type ReactNode, useState } from 'react';
import { type BulkLinksBody, type Folder, LIMITS, type Link } from '../../../../contracts/index.js';
import { useBulkLinks } from '../../api/bulk';
import { Dialog } from '../../components/Dialog';
import { Button } from '../../../../ui/components/controls';
import {
  ArchiveIcon,
  BookOpenIcon,
  CheckIcon,
  FolderMoveIcon,
  RefreshIcon,
  StarIcon,
  TagIcon,
  TrashIcon,
  XIcon,
} from '../../../../ui/components/icons';
import { formatCount } from '../../../../ui/lib/format';
import { FolderPicker } from '../links/MoveLinkDialog';
import { TagInput } from '../tags/TagInput';

type Open = 'move' | 'tag' | 'untag' | null;
/** An action without its ids (the selection's): each member of the union on its own. */
type Action<T = BulkLinksBody> = T extends unknown ? Omit<T, 'ids'> : never;

const barButton =
  'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white';

/**
 * What can be done to the chosen links at once (POST /api/links/bulk): move, tag, untag, mark read,
 * unread or archived, favourite, queue enrichment again, delete (with undo). Shown above the list while
 * anything is chosen; Escape clears the choice.
 */
export function BulkBar({
  wide,
  selected,
  folders,
  total,
  canSelectMore,
  onSelectAll,
  onClear,
  onDelete,
}: {
  /** As wide as the list (the Cards layout's is wider). */
  wide: boolean;
  selected: Link[];
  folders: Folder[];
  /** How many links the view shows (loaded), for "Select all". */
  total: number;
  /** Whether more of the view is still to load: "Select all" then loads it first. */
  canSelectMore: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onDelete: (links: Link[]) => void;
}) {
  const bulk = useBulkLinks();
  const [open, setOpen] = useState<Open>(null);
  const [tags, setTags] = useState<string[]>([]);
  const ids = selected.map((link) => link.id);
  const tooMany = ids.length > LIMITS.bulkIds;
  const run = (action: Action) => {
    bulk.mutate({ ...action, ids }, { onSuccess: onClear });
  };
  const folderIds = new Set(selected.map((link) => link.folderId));
  const allFavourite = selected.every((link) => link.favorite);
  const everyLoaded = ids.length === total && !canSelectMore;

  const button = (label: string, icon: ReactNode, onClick: () => void, extra = '') => (
    <button
      type="button"
      className={`${barButton} ${extra}`}
      onClick={onClick}
      disabled={bulk.isPending || tooMany}
      title={label}
    >
      {icon}
      <span className="sr-only md:not-sr-only">{label}</span>
    </button>
  );

  return (
    <div
      role="toolbar"
      aria-label="Selected links"
      className="shrink-0 border-b border-brand-100 bg-brand-50/70 px-4 py-2 sm:px-6 lg:px-8 dark:border-brand-500/20 dark:bg-brand-500/10"
    >
      <div
        className={`mx-auto flex ${wide ? 'max-w-6xl' : 'max-w-4xl'} flex-wrap items-center gap-x-1 gap-y-1.5`}
      >
        <p className="mr-2 text-sm font-semibold text-slate-900 dark:text-white" aria-live="polite">
          {formatCount(ids.length)} selected
          {tooMany && (
            <span className="ml-2 font-normal text-red-700 dark:text-red-300">
              (at most {formatCount(LIMITS.bulkIds)} at once)
            </span>
          )}
        </p>
        {!everyLoaded && (
          <button
            type="button"
            className={`${barButton} text-brand-700 dark:text-brand-100`}
            onClick={onSelectAll}
          >
            <CheckIcon />
            {canSelectMore ? 'Select all in this view' : `Select all ${formatCount(total)}`}
          </button>
        )}
        <span className="mx-1 hidden h-5 w-px bg-slate-300 sm:block dark:bg-slate-700" aria-hidden="true" />
        {button('Move', <FolderMoveIcon />, () => setOpen('move'))}
        {button('Tag', <TagIcon />, () => {
          setTags([]);
          setOpen('tag');
        })}
        {button('Untag', <TagIcon className="size-4 opacity-60" />, () => {
          setTags([]);
          setOpen('untag');
        })}
        {button('Mark read', <BookOpenIcon />, () => run({ action: 'state', state: 'read' }))}
        {button('Mark unread', <BookOpenIcon className="size-4 opacity-60" />, () =>
          run({ action: 'state', state: 'unread' }),
        )}
        {button('Archive', <ArchiveIcon />, () => run({ action: 'state', state: 'archived' }))}
        {button(
          allFavourite ? 'Unfavourite' : 'Favourite',
          <StarIcon fill={allFavourite ? 'currentColor' : 'none'} />,
          () => run({ action: 'favorite', favorite: !allFavourite }),
        )}
        {button('Enrich again', <RefreshIcon />, () => run({ action: 'enrich' }))}
        {button(
          'Delete',
          <TrashIcon />,
          () => onDelete(selected),
          'hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-500/15 dark:hover:text-red-300',
        )}
        <button
          type="button"
          className={`${barButton} ml-auto`}
          onClick={onClear}
          aria-keyshortcuts="Escape"
          title="Clear the selection (Esc)"
        >
          <XIcon />
          <span className="sr-only sm:not-sr-only">Clear</span>
        </button>
      </div>

      <Dialog
        open={open === 'move'}
        onClose={() => setOpen(null)}
        title={`Move ${formatCount(ids.length)} ${ids.length === 1 ? 'link' : 'links'}`}
        description="Choose the folder they go to."
        size="sm"
      >
        {open === 'move' && (
          <FolderPicker
            folders={folders}
            current={folderIds.size === 1 ? [...folderIds][0] : undefined}
            onChoose={(folderId) => {
              setOpen(null);
              run({ action: 'move', folderId });
            }}
          />
        )}
      </Dialog>

      <Dialog
        open={open === 'tag' || open === 'untag'}
        onClose={() => setOpen(null)}
        title={open === 'untag' ? 'Remove tags' : 'Add tags'}
        description={
          open === 'untag'
            ? `The tags to take off the ${formatCount(ids.length)} selected links.`
            : `The tags to put on the ${formatCount(ids.length)} selected links, beside the ones they have.`
        }
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(null)}>
              Cancel
            </Button>
            <Button
              disabled={tags.length === 0}
              onClick={() => {
                const action = open === 'untag' ? 'untag' : 'tag';
                setOpen(null);
                run({ action, tags });
              }}
            >
              {open === 'untag' ? 'Remove tags' : 'Add tags'}
            </Button>
          </>
        }
      >
        <TagInput tags={tags} onChange={setTags} />
      </Dialog>
    </div>
  );
}
