import { type DragEvent, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Folder, Stats } from '../../../../contracts/index.js';
import { ChevronRightIcon, UsersIcon } from '../../../../ui/components/icons';
import { formatCount } from '../../../../ui/lib/format';
import { type TreeFolder, folderAndBelow, folderTree } from '../../../../ui/lib/folderTree';
import { useStoredChoice } from '../../lib/useStoredChoice';
import { type DashboardView, sameView, viewHref } from '../dashboard/useDashboardView';
import { FOLDER_COLOR_STYLES } from './folderColors';
import { sidebarItemTone } from '../dashboard/sidebarItemTone';

const COLLAPSED_KEY = 'linkvault.sidebar.collapsedFolders';
/** How a place a dragged folder may be dropped on looks while it is over it (a folder, the heading). */
export const DROP_TARGET_CLASS = 'bg-brand-50 ring-2 ring-brand-500/60 dark:bg-brand-500/15';
/** Where a dragged folder goes when dropped: into a folder, or (null) to the top. */
export type FolderDrop = (folderId: string, parentId: string | null) => void;

const parseCollapsed = (stored: string | null): string[] => {
  try {
    const value: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * The sidebar's folders as a collapsible tree (issue "Organise a big library by hand"): each folder with its
 * colour, name and count of its own links, and, when it has sub-folders, the count with theirs. A folder
 * is dragged onto another to go inside it, or onto the Folders heading (`dropToTop`) to go to the top;
 * Edit Folder's "Inside" does the same from the keyboard. What is collapsed is this browser's, kept.
 */
export function FolderTree({
  folders,
  stats,
  view,
  onNavigate,
  onDrop,
  dragging,
  onDragChange,
}: {
  folders: Folder[];
  stats: Stats | undefined;
  view: DashboardView;
  onNavigate: () => void;
  onDrop: FolderDrop;
  dragging: string | null;
  onDragChange: (folderId: string | null) => void;
}) {
  const [collapsedList, setCollapsed] = useStoredChoice(COLLAPSED_KEY, parseCollapsed, JSON.stringify);
  const collapsed = useMemo(() => new Set(collapsedList), [collapsedList]);
  const tree = useMemo(() => folderTree(folders), [folders]);
  const { children, parentOf } = useMemo(() => {
    const byParent = new Map<string | null, TreeFolder[]>();
    const parentIds = new Map<string, string | null>();
    const above: string[] = [];
    for (const entry of tree) {
      above.length = entry.depth;
      const parent = above[entry.depth - 1] ?? null;
      byParent.set(parent, [...(byParent.get(parent) ?? []), entry]);
      parentIds.set(entry.folder.id, parent);
      above[entry.depth] = entry.folder.id;
    }
    return { children: byParent, parentOf: parentIds };
  }, [tree]);
  // The open folder is never hidden inside a collapsed one.
  const current = view.kind === 'folder' ? view.folderId : null;
  const openPath = useMemo(() => {
    const ancestors = new Set<string>();
    for (let at = current ? parentOf.get(current) : null; at; at = parentOf.get(at)) ancestors.add(at);
    return ancestors;
  }, [parentOf, current]);
  const unreachable = useMemo(
    () => (dragging ? folderAndBelow(folders, dragging) : new Set<string>()),
    [folders, dragging],
  );

  const toggle = (id: string) =>
    setCollapsed((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));

  const branch = (parent: string | null) => (
    <ul className="space-y-0.5">
      {(children.get(parent) ?? []).map((entry) => {
        const { folder } = entry;
        const open = !collapsed.has(folder.id) || openPath.has(folder.id);
        return (
          <li key={folder.id}>
            <FolderRow
              entry={entry}
              own={stats ? (stats.folders[folder.id] ?? 0) : folder.linkCount}
              active={sameView(view, { kind: 'folder', folderId: folder.id })}
              open={open}
              onToggle={() => toggle(folder.id)}
              onNavigate={onNavigate}
              droppable={dragging !== null && !unreachable.has(folder.id) && dragging !== folder.id}
              onDragStart={() => onDragChange(folder.id)}
              onDragEnd={() => onDragChange(null)}
              onDropHere={() => {
                if (dragging) onDrop(dragging, folder.id);
                onDragChange(null);
              }}
            />
            {entry.hasChildren && open && branch(folder.id)}
          </li>
        );
      })}
    </ul>
  );

  return branch(null);
}

function FolderRow({
  entry,
  own,
  active,
  open,
  onToggle,
  onNavigate,
  droppable,
  onDragStart,
  onDragEnd,
  onDropHere,
}: {
  entry: TreeFolder;
  own: number;
  active: boolean;
  open: boolean;
  onToggle: () => void;
  onNavigate: () => void;
  droppable: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDropHere: () => void;
}) {
  const { folder, depth, hasChildren } = entry;
  const [over, setOver] = useState(false);
  const total = folder.totalCount;
  const allow = (event: DragEvent) => {
    if (!droppable) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  };
  return (
    <div
      className={`flex items-center rounded-lg ${over && droppable ? DROP_TARGET_CLASS : ''}`}
      style={{ paddingLeft: `${depth * 14}px` }}
      onDragOver={allow}
      onDragEnter={allow}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (droppable) onDropHere();
      }}
    >
      {hasChildren ? (
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-label={`${open ? 'Collapse' : 'Expand'} ${folder.name}`}
          className="grid size-6 shrink-0 place-items-center rounded text-slate-500 hover:bg-slate-200/70 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <ChevronRightIcon className={`size-3.5 transition-transform ${open ? 'rotate-90' : ''}`} />
        </button>
      ) : (
        <span className="size-6 shrink-0" aria-hidden="true" />
      )}
      <RouterLink
        to={viewHref({ kind: 'folder', folderId: folder.id })}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        draggable
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', folder.name);
          onDragStart();
        }}
        onDragEnd={onDragEnd}
        className={`group flex h-9 min-w-0 flex-1 items-center gap-2.5 rounded-lg pr-2.5 pl-1.5 text-sm transition-colors ${sidebarItemTone(active)}`}
      >
        <span className="grid size-4 shrink-0 place-items-center" aria-hidden="true">
          <span className={`size-2.5 rounded-full ${FOLDER_COLOR_STYLES[folder.color].dot}`} />
        </span>
        <span className="min-w-0 flex-1 truncate">{folder.name}</span>
        {folder.shared && (
          <span title="Shared" className="shrink-0 text-slate-400 dark:text-slate-500">
            <UsersIcon className="size-3.5" />
            <span className="sr-only">(shared)</span>
          </span>
        )}
        <span
          className={`shrink-0 text-xs tabular-nums ${active ? 'text-slate-600 dark:text-slate-300' : 'text-slate-500 dark:text-slate-400'}`}
        >
          {hasChildren && total !== own ? (
            <>
              <span aria-hidden="true">
                {formatCount(own)}
                <span className="font-medium"> / {formatCount(total)}</span>
              </span>
              <span className="sr-only">
                {`${formatCount(own)} here, ${formatCount(total)} with its sub-folders`}
              </span>
            </>
          ) : (
            formatCount(own)
          )}
        </span>
      </RouterLink>
    </div>
  );
}
