import { type ReactNode, type Ref, useEffect, useMemo, useRef, useState } from 'react';
import { useElementWidth } from '../dashboard/useColumns';
import { DisplayControls } from './DisplayControls';
import { type LinkLayout, useLinkDisplay } from './linkDisplay';
import { LinkRow } from './LinkRow';
import { LinkTile } from './LinkTile';
import { LIMITS } from '../../../../contracts/constants.js';
import { useUndoableDelete } from '../../api/bulk';
import { BulkBar } from '../bulk/BulkBar';
import { SelectionContext, useLinkSelection } from '../bulk/selection';
import { UndoToast } from '../bulk/UndoToast';
import type { Folder, Link } from '../../../../contracts/index.js';
import { useLinks, useStats } from '../../api/library';
import { ButtonLink } from '../../components/ButtonLink';
import { Button } from '../../../../ui/components/controls';
import { flattenPages } from '../../lib/linkPages';
import { linksLabel, resultsLabel, savedLinksLabel } from '../../../../ui/lib/format';
import { useDashboardActions } from '../dashboard/DashboardContext';
import { EmptyState } from '../dashboard/EmptyState';
import { ListFilterProblem, ListLoadFailed, ListLoading, ListNoMatches } from '../dashboard/ListStates';
import { DatedVirtualList } from '../dashboard/DatedVirtualList';
import { queryProblem } from '../search/queryProblem';
import {
  ArchiveIcon,
  BookOpenIcon,
  CheckCircleIcon,
  FolderIcon,
  LayersIcon,
  LinkOffIcon,
  PlusIcon,
  StarIcon,
  TagIcon,
  UploadIcon,
} from '../../../../ui/components/icons';
import { tagKey } from '../../../../contracts/tags.js';
import { useTags } from '../../api/tags';
import {
  type DashboardView,
  type ReadingList,
  isReadingList,
  linkFilterOf,
} from '../dashboard/useDashboardView';
import { ViewHeader } from '../dashboard/ViewHeader';
import { FOLDER_COLOR_STYLES } from '../folders/folderColors';
import { FolderMenu } from '../folders/FolderMenu';
import { SharedNote } from '../sharing/SharedNote';
import { writableFolders } from '../sharing/folderAccess';
import { LinkCard, LinkCardSkeleton } from './LinkCard';
import { OrganiseBar } from '../organise/AutoOrganise';

/** While a filter is set every page is fetched so the count is exact, up to this many results. */
const MAX_FILTERED_RESULTS = 1000;

/** What a reading list's header and empty state say. */
const READING_LIST_TEXT: Record<
  ReadingList,
  { title: string; icon: ReactNode; emptyTitle: string; emptyText: string }
> = {
  unread: {
    title: 'Unread',
    icon: <BookOpenIcon className="size-7" />,
    emptyTitle: 'Nothing left to read',
    emptyText: 'Every link you saved is read or archived. New saves arrive here.',
  },
  favorites: {
    title: 'Favourites',
    icon: <StarIcon className="size-7" />,
    emptyTitle: 'No favourites yet',
    emptyText: 'Mark a link with its star (or press F on it) to keep it here.',
  },
  broken: {
    title: 'Broken links',
    icon: <LinkOffIcon className="size-7" />,
    emptyTitle: 'No broken links',
    emptyText:
      'Linkvault checks your links about once a week. A page found gone three times in a row shows up here, its kept copy still readable.',
  },
  archive: {
    title: 'Archive',
    icon: <ArchiveIcon className="size-7" />,
    emptyTitle: 'The archive is empty',
    emptyText:
      'Archive a link when you are done with it (or press E on it): it leaves Unread and waits here.',
  },
};

/** A links view (All Links, Uncategorized, a reading list, or one folder), optionally filtered by ?q=. */
export function LinksView({
  view,
  q,
  onQueryChange,
  folders,
  filterRef,
}: {
  view: Exclude<DashboardView, { kind: 'snippets' }>;
  q: string;
  onQueryChange: (q: string) => void;
  folders: Folder[] | undefined;
  filterRef: Ref<HTMLInputElement>;
}) {
  const actions = useDashboardActions();
  const display = useLinkDisplay();
  const tooLong = queryProblem(q);
  const links = useLinks(linkFilterOf(view, q, display.sort), { enabled: !tooLong });
  const problem = tooLong ?? queryProblem(q, links.error);
  const stats = useStats();
  const items = useMemo(() => flattenPages(links.data), [links.data]);
  const folder = view.kind === 'folder' ? folders?.find((f) => f.id === view.folderId) : undefined;
  const foldersById = useMemo(() => new Map(folders?.map((f) => [f.id, f])), [folders]);
  // A folder shared with the person as a viewer: its links are read, not chosen, saved into or changed.
  const viewOnly = folder?.role === 'viewer';

  const { isFetchingNextPage, fetchNextPage } = links;
  // Placeholder pages belong to the previous filter: never page on from them.
  const hasNextPage = links.hasNextPage && !links.isPlaceholderData;
  const selection = useLinkSelection(items);
  const undoable = useUndoableDelete();
  // "Select all in this view" loads the rest of the view first, up to what one bulk action takes.
  const [selectingAll, setSelectingAll] = useState(false);
  const wantsMore =
    (q !== '' && items.length < MAX_FILTERED_RESULTS) || (selectingAll && items.length < LIMITS.bulkIds);
  useEffect(() => {
    if (wantsMore && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [wantsMore, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const { selectAll, clear } = selection;
  // Once the rest has loaded (derived during render, as React advises for state that follows state).
  if (selectingAll && !(hasNextPage && items.length < LIMITS.bulkIds)) {
    setSelectingAll(false);
    selectAll();
  }
  const choosing = !viewOnly && selection.selected.length > 0;
  useEffect(() => {
    if (!choosing) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      clear();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [choosing, clear]);

  const tags = useTags({ enabled: view.kind === 'tag' });
  const reading = isReadingList(view.kind) ? READING_LIST_TEXT[view.kind] : undefined;
  const title =
    view.kind === 'all'
      ? 'All Links'
      : view.kind === 'uncategorized'
        ? 'Uncategorized'
        : view.kind === 'folder'
          ? (folder?.name ?? 'Folder')
          : view.kind === 'tag'
            ? view.tag
            : (reading?.title ?? '');
  const total =
    view.kind === 'all'
      ? stats.data?.links
      : view.kind === 'uncategorized'
        ? stats.data?.uncategorized
        : view.kind === 'folder'
          ? // The counts are of the person's own folders; a folder shared with them counts its own.
            folder && folder.role !== 'owner'
            ? folder.linkCount
            : (stats.data?.folders[view.folderId] ?? (stats.data ? 0 : folder?.linkCount))
          : view.kind === 'tag' && tags.data
            ? (tags.data.find((tag) => tagKey(tag.name) === tagKey(view.tag))?.count ?? 0)
            : undefined;

  let count: ReactNode;
  if (q && !problem) {
    count =
      links.isPending || links.isPlaceholderData || (hasNextPage && items.length < MAX_FILTERED_RESULTS)
        ? `Searching for "${q}"…`
        : resultsLabel(items.length, q, hasNextPage);
  } else if (total !== undefined) {
    count = savedLinksLabel(total);
  } else if (reading && !links.isPending && !links.isPlaceholderData) {
    // The counts the sidebar shows are kept per folder; a reading list counts what it has loaded.
    count = linksLabel(items.length, hasNextPage);
  } else {
    count = (
      <span className="inline-block h-3.5 w-24 animate-pulse rounded bg-slate-100 align-middle dark:bg-slate-800" />
    );
  }

  const icon =
    view.kind === 'folder' ? (
      <span
        className={`size-3 shrink-0 rounded-full ${folder ? FOLDER_COLOR_STYLES[folder.color].dot : 'bg-slate-300'}`}
        aria-hidden="true"
      />
    ) : view.kind === 'tag' ? (
      <TagIcon className="size-5 text-slate-400 dark:text-slate-500" />
    ) : null;

  let body: ReactNode;
  if (problem) {
    body = <ListFilterProblem problem={problem} onClear={() => onQueryChange('')} />;
  } else if (links.isPending) {
    body = (
      <ListLoading label="Loading links">
        <div className="mx-auto max-w-4xl space-y-2.5 pt-4">
          <div className="mb-3.5 ml-1 h-3 w-14 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
          {Array.from({ length: 6 }, (_, i) => (
            <LinkCardSkeleton key={i} />
          ))}
        </div>
      </ListLoading>
    );
  } else if (links.isError && items.length === 0) {
    body = <ListLoadFailed what="links" onRetry={() => void links.refetch()} />;
  } else if (items.length === 0 && !links.hasNextPage && !links.isPlaceholderData) {
    body = (
      <EmptyView
        view={view}
        q={q}
        onClear={() => onQueryChange('')}
        onAdd={viewOnly ? undefined : actions.addLink}
        sharedBy={folder?.ownerName ?? null}
      />
    );
  } else {
    body = (
      <VirtualLinkList
        key={`${q}:${display.sort}`}
        layout={display.layout}
        grouped={display.sort !== 'title'}
        items={items}
        foldersById={view.kind === 'all' || view.kind === 'tag' ? foldersById : undefined}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
      />
    );
  }

  return (
    <SelectionContext.Provider value={viewOnly ? null : selection.context}>
      <ViewHeader
        title={title}
        icon={icon}
        count={count}
        query={q}
        onQueryChange={onQueryChange}
        filterLabel={
          view.kind === 'folder'
            ? 'Filter this folder'
            : view.kind === 'tag'
              ? 'Filter this tag'
              : 'Filter links'
        }
        filterRef={filterRef}
        note={folder && <SharedNote folder={folder} />}
        menu={folder && <FolderMenu folder={folder} />}
        onAdd={viewOnly ? undefined : actions.addLink}
        wide={display.layout === 'cards'}
        tools={
          <DisplayControls
            layout={display.layout}
            onLayout={display.setLayout}
            sort={display.sort}
            onSort={display.setSort}
          />
        }
      />
      {!choosing && view.kind === 'uncategorized' && items.length > 0 && (
        <OrganiseBar wide={display.layout === 'cards'} />
      )}
      {choosing && (
        <BulkBar
          wide={display.layout === 'cards'}
          selected={selection.selected}
          folders={writableFolders(folders ?? [])}
          total={items.length}
          canSelectMore={hasNextPage && items.length < LIMITS.bulkIds}
          onSelectAll={() => (hasNextPage ? setSelectingAll(true) : selectAll())}
          onClear={clear}
          onDelete={(chosen) => {
            undoable.remove(chosen);
            clear();
          }}
        />
      )}
      {body}
      <UndoToast count={undoable.waiting?.length ?? null} onUndo={undoable.undo} />
    </SelectionContext.Provider>
  );
}

function EmptyView({
  view,
  q,
  onClear,
  onAdd,
  sharedBy,
}: {
  view: DashboardView;
  q: string;
  onClear: () => void;
  /** Absent in a folder the person may only read. */
  onAdd: (() => void) | undefined;
  /** The owner of a folder shared with the person. */
  sharedBy: string | null;
}) {
  if (q) {
    return (
      <ListNoMatches onClear={onClear}>
        Nothing here matches “{q}”. Try another word, or check the spelling.
      </ListNoMatches>
    );
  }
  if (view.kind === 'uncategorized') {
    return (
      <EmptyState tone="emerald" icon={<CheckCircleIcon className="size-7" />} title="All organized!">
        Every link you saved has a folder. Nothing is waiting to be sorted.
      </EmptyState>
    );
  }
  if (isReadingList(view.kind)) {
    const { icon, emptyTitle, emptyText } = READING_LIST_TEXT[view.kind];
    return (
      <EmptyState tone="slate" icon={icon} title={emptyTitle}>
        {emptyText}
      </EmptyState>
    );
  }
  if (view.kind === 'tag') {
    return (
      <EmptyState
        tone="slate"
        icon={<TagIcon className="size-7" />}
        title="No links with this tag"
        action={
          <ButtonLink to="/app/tags" variant="secondary">
            See all tags
          </ButtonLink>
        }
      >
        Add “{view.tag}” to a link with Edit Link, or choose a tag you already use.
      </EmptyState>
    );
  }
  if (view.kind === 'folder') {
    return (
      <EmptyState
        tone="slate"
        icon={<FolderIcon className="size-7" />}
        title="This folder is empty"
        action={
          onAdd && (
            <Button onClick={onAdd}>
              <PlusIcon />
              Save Link
            </Button>
          )
        }
      >
        {!onAdd
          ? 'Nothing has been saved in it yet. Links added to it show up here as they come.'
          : sharedBy
            ? `Save a link straight into it: ${sharedBy} and everyone it is shared with will see it.`
            : 'Save a link straight into it, or move links here from All Links.'}
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={<LayersIcon className="size-7" />}
      title="Your memory vault awaits"
      action={
        <div className="inline-flex flex-col gap-3">
          <Button onClick={onAdd}>
            <PlusIcon />
            Save Your First Link
          </Button>
          {/* People arriving from another tool have their library elsewhere: the import is one step away. */}
          <ButtonLink to="/app/settings#import" variant="secondary">
            <UploadIcon />
            Bring your bookmarks
          </ButtonLink>
        </div>
      }
    >
      Save articles, videos and posts; each one gets a summary, key points and tags on its own.
    </EmptyState>
  );
}

const TILE_GAP = 16;
/** Cards a row: as many as fit, at least 260 px each. */
const tileColumns = (width: number) => Math.max(1, Math.min(4, Math.floor((width + TILE_GAP) / 276)));

/** What each layout lays out: its rows' first guess at a height, and the list's width. */
const LAYOUT_ROWS = {
  list: { rowHeight: 128, widthClass: 'max-w-4xl', overscan: 4 },
  cards: { rowHeight: 300, widthClass: 'max-w-6xl', overscan: 1 },
  compact: { rowHeight: 44, widthClass: 'max-w-4xl', overscan: 10 },
} as const satisfies Record<LinkLayout, object>;

/** The list, virtualised: under each date's heading (unless sorted by title), in the chosen layout. */
function VirtualLinkList({
  layout,
  grouped,
  items,
  foldersById,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  layout: LinkLayout;
  grouped: boolean;
  items: Link[];
  foldersById: Map<string, Folder> | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}) {
  const innerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(innerRef);
  const perRow = layout === 'cards' ? tileColumns(width) : 1;
  // Each tile's width, for the browser to pick its preview's size (the grid's gap is 1rem).
  const imageSizes = `${Math.ceil((width - TILE_GAP * (perRow - 1)) / perRow) || 320}px`;
  const folderOf = (link: Link) => (link.folderId ? foldersById?.get(link.folderId) : undefined);
  return (
    <DatedVirtualList
      items={items}
      perRow={perRow}
      grouped={grouped}
      {...LAYOUT_ROWS[layout]}
      fetchMargin={20}
      hasNextPage={hasNextPage}
      isFetchingNextPage={isFetchingNextPage}
      fetchNextPage={fetchNextPage}
      loadingMore="Loading more links…"
      headingGapClass="pb-2"
      innerRef={innerRef}
      testId="link-list"
      renderRow={(row, group) => {
        const today = group === 'Today';
        if (layout === 'cards') {
          return (
            <div
              className="grid pb-4"
              style={{ gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))`, gap: TILE_GAP }}
            >
              {row.map((link) => (
                <LinkTile
                  key={link.id}
                  link={link}
                  folder={folderOf(link)}
                  today={today}
                  imageSizes={imageSizes}
                />
              ))}
            </div>
          );
        }
        const [link] = row;
        if (!link) return null;
        return layout === 'compact' ? (
          <div className="pb-0.5">
            <LinkRow link={link} folder={folderOf(link)} today={today} />
          </div>
        ) : (
          <div className="pb-2.5">
            <LinkCard link={link} folder={folderOf(link)} today={today} />
          </div>
        );
      }}
    />
  );
}
