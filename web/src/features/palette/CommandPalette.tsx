import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type Folder, routes } from '../../../../contracts/index.js';
import { tagKey } from '../../../../contracts/tags.js';
import { api } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { libraryKeys } from '../../api/linkCache';
import { useTags } from '../../api/tags';
import { Dialog } from '../../components/Dialog';
import { ListCombobox, optionRowClass, useListCursor } from '../../components/ListCombobox';
import {
  ArchiveIcon,
  BookOpenIcon,
  ChartIcon,
  HighlighterIcon,
  InboxIcon,
  LayersIcon,
  LinkIcon,
  LinkOffIcon,
  PlusIcon,
  SearchIcon,
  SettingsIcon,
  ShieldCheckIcon,
  StarIcon,
  TagIcon,
} from '../../../../ui/components/icons';
import { hostOf } from '../../../../ui/lib/format';
import { PATH_SEPARATOR, folderTree } from '../../../../ui/lib/folderTree';
import { linkHref } from '../../../../ui/lib/linkHref';
import { useDebouncedValue } from '../search/useDebouncedValue';
import { viewHref } from '../dashboard/useDashboardView';
import { FOLDER_COLOR_STYLES } from '../folders/folderColors';

/** One thing the palette can do: go somewhere or run an action. */
interface Command {
  id: string;
  group: 'Actions' | 'Go to' | 'Folders' | 'Tags' | 'Links';
  label: string;
  hint?: string;
  icon: ReactNode;
  run: () => void;
}

const GROUP_ORDER: Command['group'][] = ['Actions', 'Go to', 'Folders', 'Tags', 'Links'];
/** Most shown of each group: the palette is for jumping, the search page for browsing. */
const PER_GROUP = 8;
const LINKS_SHOWN = 6;

const matches = (text: string, needle: string) => text.toLowerCase().includes(needle);

/**
 * Ctrl/⌘+K (issue "Organise a big library by hand"): a box that jumps to any folder, tag, link or view,
 * or runs an action, by typing. A combobox over one listbox, as the Move Link picker: arrow keys move,
 * Enter runs, Escape closes. Links are found as the dashboard's filter finds them (GET /api/links?q=).
 */
export function CommandPalette({
  open,
  onClose,
  folders,
  onAddLink,
  onCreateFolder,
}: {
  open: boolean;
  onClose: () => void;
  folders: Folder[];
  onAddLink: () => void;
  onCreateFolder: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Go to or do" size="md">
      {open && (
        <Palette folders={folders} onClose={onClose} onAddLink={onAddLink} onCreateFolder={onCreateFolder} />
      )}
    </Dialog>
  );
}

function Palette({
  folders,
  onClose,
  onAddLink,
  onCreateFolder,
}: {
  folders: Folder[];
  onClose: () => void;
  onAddLink: () => void;
  onCreateFolder: () => void;
}) {
  const navigate = useNavigate();
  const admin = useAuth().user?.role === 'admin';
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const tags = useTags();
  const searched = useDebouncedValue(query.trim(), 150);
  const links = useQuery({
    queryKey: [...libraryKeys.all, 'palette', searched],
    queryFn: async () =>
      (await api.call(routes.listLinks, { query: { q: searched, limit: LINKS_SHOWN } })).items,
    enabled: searched.length > 0,
    staleTime: 10_000,
  });

  const commands = useMemo(() => {
    const go = (to: string) => () => {
      onClose();
      void navigate(to);
    };
    const act = (action: () => void) => () => {
      onClose();
      action();
    };
    const all: Command[] = [
      {
        id: 'add',
        group: 'Actions',
        label: 'Save a link',
        hint: 'N',
        icon: <PlusIcon />,
        run: act(onAddLink),
      },
      { id: 'folder', group: 'Actions', label: 'New folder', icon: <PlusIcon />, run: act(onCreateFolder) },
      {
        id: 'search',
        group: 'Actions',
        label: needle ? `Search everything for “${query.trim()}”` : 'Search everything',
        icon: <SearchIcon />,
        run: go(needle ? `/app/search?q=${encodeURIComponent(query.trim())}` : '/app/search'),
      },
      ...(
        [
          ['All Links', viewHref({ kind: 'all' }), <LayersIcon key="i" />],
          ['Uncategorized', viewHref({ kind: 'uncategorized' }), <InboxIcon key="i" />],
          ['Snippets', viewHref({ kind: 'snippets' }), <HighlighterIcon key="i" />],
          ['Unread', viewHref({ kind: 'unread' }), <BookOpenIcon key="i" />],
          ['Favourites', viewHref({ kind: 'favorites' }), <StarIcon key="i" />],
          ['Archive', viewHref({ kind: 'archive' }), <ArchiveIcon key="i" />],
          ['Broken links', viewHref({ kind: 'broken' }), <LinkOffIcon key="i" />],
          ['Tags', '/app/tags', <TagIcon key="i" />],
          ['Insights', '/app/insights', <ChartIcon key="i" />],
          ['Settings', '/app/settings', <SettingsIcon key="i" />],
          ...(admin ? ([['Admin', '/app/admin', <ShieldCheckIcon key="i" />]] as const) : []),
        ] as const
      ).map(([label, to, icon]) => ({
        id: `view:${label}`,
        group: 'Go to' as const,
        label,
        icon,
        run: go(to),
      })),
      ...folderTree(folders).map(({ folder, path }) => ({
        id: `folder:${folder.id}`,
        group: 'Folders' as const,
        label: path.join(PATH_SEPARATOR),
        // A folder shared with the person says whose it is, as the sidebar's Shared with me does.
        ...(folder.ownerName !== null && { hint: `shared by ${folder.ownerName}` }),
        icon: (
          <span className="grid size-4 place-items-center" aria-hidden="true">
            <span className={`size-2.5 rounded-full ${FOLDER_COLOR_STYLES[folder.color].dot}`} />
          </span>
        ),
        run: go(viewHref({ kind: 'folder', folderId: folder.id })),
      })),
      ...(tags.data ?? []).map((tag) => ({
        id: `tag:${tagKey(tag.name)}`,
        group: 'Tags' as const,
        label: `#${tag.name}`,
        hint: String(tag.count),
        icon: <TagIcon />,
        run: go(viewHref({ kind: 'tag', tag: tag.name })),
      })),
    ];
    const shown = all.filter((command) => command.id === 'search' || matches(command.label, needle));
    const found = searched && searched === query.trim() ? (links.data ?? []) : [];
    const fromLinks: Command[] = found.map((link) => ({
      id: `link:${link.id}`,
      group: 'Links',
      label: link.title,
      hint: hostOf(link.url),
      icon: <LinkIcon />,
      run: go(linkHref(link.id)),
    }));
    const listed = GROUP_ORDER.flatMap((group) =>
      [...shown, ...fromLinks].filter((command) => command.group === group).slice(0, PER_GROUP),
    );
    // Typed text finds its folder, tag or link first; searching everything for it is the last resort.
    if (!needle) return listed;
    const search = listed.filter((command) => command.id === 'search');
    return [...listed.filter((command) => command.id !== 'search'), ...search];
  }, [
    folders,
    tags.data,
    links.data,
    searched,
    needle,
    query,
    admin,
    navigate,
    onClose,
    onAddLink,
    onCreateFolder,
  ]);

  const { active: activeIndex, setActive, listId, listRef, optionId } = useListCursor(commands.length);

  return (
    <div className="pt-1">
      <ListCombobox
        label="Type a folder, tag, link or action"
        placeholder="Type a folder, tag, link or action…"
        query={query}
        onQuery={setQuery}
        listId={listId}
        count={commands.length}
        active={activeIndex}
        onActive={setActive}
        onPick={() => commands[activeIndex]?.run()}
      />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Results"
        className="mt-3 max-h-[min(24rem,55dvh)] overflow-y-auto overscroll-contain"
      >
        {commands.map((command, index) => {
          const first = index === 0 || commands[index - 1]?.group !== command.group;
          const isActive = index === activeIndex;
          return (
            <li
              key={command.id}
              id={optionId(index)}
              data-index={index}
              role="option"
              aria-selected={isActive}
              onMouseMove={() => setActive(index)}
              onClick={() => command.run()}
              className={
                first && index > 0 ? 'mt-2 border-t border-slate-100 pt-2 dark:border-slate-800' : ''
              }
            >
              {first && (
                <span
                  className="mb-1 block px-3 text-[11px] font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400"
                  aria-hidden="true"
                >
                  {command.group}
                </span>
              )}
              <span className={optionRowClass(isActive)}>
                <span className="text-slate-500 dark:text-slate-400">{command.icon}</span>
                <span className="min-w-0 flex-1 truncate">{command.label}</span>
                {command.hint && (
                  <span className="max-w-40 shrink-0 truncate text-xs text-slate-500 dark:text-slate-400">
                    {command.hint}
                  </span>
                )}
              </span>
            </li>
          );
        })}
        {commands.length === 0 && (
          <li
            className="px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400"
            role="presentation"
          >
            Nothing matches “{query.trim()}”
          </li>
        )}
      </ul>
    </div>
  );
}
