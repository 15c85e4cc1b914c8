import { type ReactNode, forwardRef, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Folder, Stats } from '../../../../contracts/index.js';
import { useAuth } from '../../auth/AuthProvider';
import { Wordmark } from '../../../../ui/components/Wordmark';
import { formatCount } from '../../../../ui/lib/format';
import { useUpdateFolder } from '../../api/library';
import { DROP_TARGET_CLASS, FolderTree } from '../folders/FolderTree';
import { isOwn } from '../sharing/folderAccess';
import { SharedFolders } from '../sharing/SharedFolders';
import {
  ArchiveIcon,
  BookOpenIcon,
  ChartIcon,
  HighlighterIcon,
  InboxIcon,
  LayersIcon,
  LinkOffIcon,
  LogOutIcon,
  PlusIcon,
  PuzzleIcon,
  SettingsIcon,
  ShieldCheckIcon,
  StarIcon,
  TagIcon,
  XIcon,
} from '../../../../ui/components/icons';
import { type DashboardView, viewHref } from './useDashboardView';
import { sidebarItemTone } from './sidebarItemTone';

/** The reading lists, after the library's own lists (API.md "Reading, organising and finding"). */
const READING_NAV = [
  { kind: 'unread', label: 'Unread', Icon: BookOpenIcon },
  { kind: 'favorites', label: 'Favourites', Icon: StarIcon },
  { kind: 'archive', label: 'Archive', Icon: ArchiveIcon },
  { kind: 'broken', label: 'Broken links', Icon: LinkOffIcon },
] as const;

const itemClass = (active: boolean) =>
  `group flex h-9 items-center gap-2.5 rounded-lg px-2.5 text-sm transition-colors ${sidebarItemTone(active)}`;

function NavItem({
  to,
  active,
  icon,
  label,
  count,
  onNavigate,
}: {
  to: string;
  active: boolean;
  icon: ReactNode;
  label: string;
  count?: number | undefined;
  onNavigate: () => void;
}) {
  return (
    <li>
      <RouterLink
        to={to}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        className={itemClass(active)}
      >
        {icon}
        <span className="min-w-0 flex-1 truncate">{label}</span>
        {count !== undefined && (
          <span
            className={`text-xs tabular-nums ${active ? 'text-slate-600 dark:text-slate-300' : 'text-slate-500 dark:text-slate-400'}`}
          >
            {formatCount(count)}
          </span>
        )}
      </RouterLink>
    </li>
  );
}

/**
 * The sidebar (SPEC.md §2): All Links, Uncategorized (count when above zero), Snippets (count), Tags and
 * Insights (pages of their own), the reading lists Unread, Favourites, Archive and Broken links, the folders with colour dot, name and count, the folders shared with the person (Shared with me), and the signed-in person with a logout button. On wide
 * screens it is a column; below 1024 px a drawer the top bar's menu button opens.
 */
export const Sidebar = forwardRef<
  HTMLElement,
  {
    view: DashboardView;
    folders: Folder[] | undefined;
    stats: Stats | undefined;
    drawer: boolean;
    open: boolean;
    onClose: () => void;
    onCreateFolder: () => void;
  }
>(function Sidebar({ view, folders, stats, drawer, open, onClose, onCreateFolder }, ref) {
  const auth = useAuth();
  const user = auth.user;
  const navigate = drawer ? onClose : () => {};
  const hidden = drawer && !open;
  const updateFolder = useUpdateFolder();
  const [dragging, setDragging] = useState<string | null>(null);
  const [topDrop, setTopDrop] = useState(false);
  // The person's own tree, and apart from it the folders others share with them.
  const own = useMemo(() => folders?.filter(isOwn), [folders]);
  const sharedWithMe = useMemo(() => folders?.filter((folder) => !isOwn(folder)) ?? [], [folders]);
  const draggedFolder = own?.find((folder) => folder.id === dragging);
  const moveFolder = (id: string, parentId: string | null) =>
    updateFolder.mutate({ id, changes: { parentId } });

  return (
    <aside
      ref={ref}
      id="sidebar"
      aria-label="Sidebar"
      inert={hidden}
      className={`flex w-72 shrink-0 flex-col border-r border-slate-200 bg-slate-50 lg:w-64 dark:border-slate-800 dark:bg-slate-900 ${
        drawer
          ? `fixed inset-y-0 left-0 z-50 shadow-2xl transition-transform duration-200 ease-out motion-reduce:transition-none ${open ? 'translate-x-0' : '-translate-x-full shadow-none'}`
          : 'dark:bg-slate-900/40'
      }`}
    >
      {drawer && (
        <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 px-4 dark:border-slate-800">
          <Wordmark size="sm" />
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="-mr-1.5 grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-200/60 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <XIcon className="size-5" />
          </button>
        </div>
      )}
      <nav aria-label="Library" className="min-h-0 flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-0.5">
          <NavItem
            to={viewHref({ kind: 'all' })}
            active={view.kind === 'all'}
            icon={<LayersIcon className="size-4 opacity-80" />}
            label="All Links"
            count={stats?.links}
            onNavigate={navigate}
          />
          <NavItem
            to={viewHref({ kind: 'uncategorized' })}
            active={view.kind === 'uncategorized'}
            icon={<InboxIcon className="size-4 opacity-80" />}
            label="Uncategorized"
            count={stats && stats.uncategorized > 0 ? stats.uncategorized : undefined}
            onNavigate={navigate}
          />
          <NavItem
            to={viewHref({ kind: 'snippets' })}
            active={view.kind === 'snippets'}
            icon={<HighlighterIcon className="size-4 opacity-80" />}
            label="Snippets"
            count={stats?.snippets}
            onNavigate={navigate}
          />
          <NavItem
            to="/app/tags"
            active={false}
            icon={<TagIcon className="size-4 opacity-80" />}
            label="Tags"
            onNavigate={navigate}
          />
          <NavItem
            to="/app/insights"
            active={false}
            icon={<ChartIcon className="size-4 opacity-80" />}
            label="Insights"
            onNavigate={navigate}
          />
        </ul>
        <ul
          className="mt-3 space-y-0.5 border-t border-slate-200 pt-3 dark:border-slate-800"
          aria-label="Reading"
        >
          {READING_NAV.map(({ kind, label, Icon }) => (
            <NavItem
              key={kind}
              to={viewHref({ kind })}
              active={view.kind === kind}
              icon={<Icon className="size-4 opacity-80" />}
              label={label}
              onNavigate={navigate}
            />
          ))}
        </ul>

        <div
          className={`mt-7 mb-1.5 flex items-center justify-between rounded-lg pr-1 pl-2.5 ${
            topDrop ? DROP_TARGET_CLASS : ''
          }`}
          onDragOver={(event) => {
            if (!dragging || !draggedFolder?.parentId) return;
            event.preventDefault();
            setTopDrop(true);
          }}
          onDragLeave={() => setTopDrop(false)}
          onDrop={(event) => {
            event.preventDefault();
            setTopDrop(false);
            if (dragging && draggedFolder?.parentId) moveFolder(dragging, null);
            setDragging(null);
          }}
        >
          <h2 className="text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
            {dragging && draggedFolder?.parentId ? 'Drop here to move to the top' : 'Folders'}
          </h2>
          <button
            type="button"
            onClick={onCreateFolder}
            aria-label="New folder"
            title="New folder"
            className="grid size-7 place-items-center rounded-md text-slate-500 transition-colors hover:bg-slate-200/70 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <PlusIcon />
          </button>
        </div>
        {own === undefined ? (
          <div className="space-y-2 px-2.5 py-1" aria-hidden="true">
            {[70, 55, 80].map((w) => (
              <div key={w} className="flex h-7 items-center gap-2.5">
                <div className="size-2.5 animate-pulse rounded-full bg-slate-200 dark:bg-slate-800" />
                <div
                  className="h-3 animate-pulse rounded bg-slate-200 dark:bg-slate-800"
                  style={{ width: `${w}%` }}
                />
              </div>
            ))}
          </div>
        ) : own.length === 0 ? (
          <p className="px-2.5 py-2 text-sm text-slate-500 dark:text-slate-400">No folders yet</p>
        ) : (
          <FolderTree
            folders={own}
            stats={stats}
            view={view}
            onNavigate={navigate}
            onDrop={moveFolder}
            dragging={dragging}
            onDragChange={setDragging}
          />
        )}
        <SharedFolders folders={sharedWithMe} view={view} onNavigate={navigate} />

        <ul className="mt-7">
          <NavItem
            to="/app/capture"
            active={false}
            icon={<PuzzleIcon className="size-4 opacity-80" />}
            label="Save from anywhere"
            onNavigate={navigate}
          />
          {user?.role === 'admin' && (
            <NavItem
              to="/app/admin"
              active={false}
              icon={<ShieldCheckIcon className="size-4 opacity-80" />}
              label="Admin"
              onNavigate={navigate}
            />
          )}
        </ul>
      </nav>

      {user && (
        <div className="flex shrink-0 items-center gap-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
          <span
            className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-600 text-xs font-semibold text-white"
            aria-hidden="true"
          >
            {(user.name.trim()[0] ?? user.email[0] ?? 'U').toUpperCase()}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{user.name}</p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
          </div>
          <div className="-mr-1.5 flex shrink-0">
            <RouterLink
              to="/app/settings"
              aria-label="Settings"
              title="Settings"
              className="grid size-8 place-items-center rounded-lg text-slate-500 transition-colors hover:bg-slate-200/70 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <SettingsIcon />
            </RouterLink>
            <button
              type="button"
              onClick={() => void auth.logout()}
              aria-label="Log out"
              title="Log out"
              className="grid size-8 place-items-center rounded-lg text-slate-500 transition-colors hover:bg-slate-200/70 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <LogOutIcon />
            </button>
          </div>
        </div>
      )}
    </aside>
  );
});
