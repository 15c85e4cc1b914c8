import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Folder, Link, Snippet } from '../../../contracts/index.js';
import { useQueryClient } from '@tanstack/react-query';
import { useDeleteLink, useDeleteSnippet, useFolders, useMarkLink, useStats } from '../api/library';
import { findCachedLink } from '../api/linkCache';
import { CONFIRM, type DashboardActions, DashboardContext } from '../features/dashboard/DashboardContext';
import { Sidebar } from '../features/dashboard/Sidebar';
import { TopBar } from '../features/dashboard/TopBar';
import { useKeyboardShortcuts } from '../features/dashboard/useKeyboardShortcuts';
import { DESKTOP_QUERY, useMediaQuery } from '../features/dashboard/useMediaQuery';
import { useDashboardView, viewHref } from '../features/dashboard/useDashboardView';
import { FolderDialog, type FolderDialogState } from '../features/folders/FolderDialog';
import { PublicPageDialog } from '../features/folders/PublicPageDialog';
import { LinkDetailsPanel } from '../features/links/LinkDetailsPanel';
import { AddLinkDialog, EditLinkDialog } from '../features/links/LinkDialogs';
import { LinksView } from '../features/links/LinksView';
import { MoveLinkDialog } from '../features/links/MoveLinkDialog';
import { SnippetDetailsPanel } from '../features/snippets/SnippetDetailsPanel';
import { SnippetsView } from '../features/snippets/SnippetsView';
import { snippetToOpen } from '../features/snippets/openSnippet';
import { CommandPalette } from '../features/palette/CommandPalette';
import { READING_SHORTCUTS, toggled } from '../features/links/readingMarks';
import { FoldersContext, isOwn, linkAccess, writableFolders } from '../features/sharing/folderAccess';
import { ShareDialog } from '../features/sharing/ShareDialog';

/** Loaded with this chunk, so that App can start the dashboard's requests as soon as the session is known. */
export { prefetchDashboard } from '../features/dashboard/useDashboardView';

type LinkDialog = { kind: 'edit'; link: Link } | { kind: 'move'; link: Link } | null;

/**
 * The signed-in dashboard (SPEC.md §2): top bar, sidebar, and the current view, whose state is in the
 * URL (useDashboardView). This component owns the dialogs and panels; everything below asks for them
 * through DashboardContext.
 */
export function Dashboard() {
  const navigate = useNavigate();
  const { view, q, setQuery, linkToOpen, forgetLinkToOpen } = useDashboardView();
  const folders = useFolders();
  const stats = useStats();
  const deleteLink = useDeleteLink();
  const deleteSnippet = useDeleteSnippet();
  const markLink = useMarkLink();
  const queryClient = useQueryClient();

  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);

  const [addOpen, setAddOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  // Ctrl/⌘+K opens the palette from anywhere on the dashboard, a field with focus included.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      event.preventDefault();
      setPaletteOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  const [linkDialog, setLinkDialog] = useState<LinkDialog>(null);
  const [folderDialog, setFolderDialog] = useState<FolderDialogState>(null);
  const [publicPageOf, setPublicPageOf] = useState<Folder | null>(null);
  const [sharing, setSharing] = useState<Folder | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(linkToOpen);
  // /app?link=<id> (from the share page, the bookmarklet and the extension) opens that link's details
  // once; the address then drops it, so a reload or Back does not open it again.
  const [openedLink, setOpenedLink] = useState(linkToOpen);
  if (linkToOpen !== openedLink) {
    setOpenedLink(linkToOpen);
    if (linkToOpen) setDetailsId(linkToOpen);
  }
  useEffect(() => {
    if (linkToOpen) forgetLinkToOpen();
  }, [linkToOpen, forgetLinkToOpen]);
  const [snippet, setSnippet] = useState<Snippet | null>(null);
  // A search result's snippet opens on arrival, once per navigation (the history entry's key).
  const location = useLocation();
  const [arrival, setArrival] = useState<string | null>(null);
  if (location.key !== arrival) {
    setArrival(location.key);
    const asked = snippetToOpen(location.state);
    if (asked) setSnippet(asked);
  }

  // SPEC.md §2: below 1024 px the sidebar is closed unless opened; crossing the breakpoint closes it.
  const [wasDesktop, setWasDesktop] = useState(desktop);
  if (desktop !== wasDesktop) {
    setWasDesktop(desktop);
    setMenuOpen(false);
  }
  const drawerOpen = !desktop && menuOpen;

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);

  useEffect(() => {
    if (!drawerOpen) return;
    sidebar.current?.querySelector<HTMLElement>('a[aria-current="page"], a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeMenu();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen, closeMenu]);

  // A folder that no longer exists (deleted elsewhere, or a stale link) falls back to All Links.
  const folderList = folders.data;
  useEffect(() => {
    if (view.kind === 'folder' && folderList && !folderList.some((f) => f.id === view.folderId)) {
      void navigate(viewHref({ kind: 'all' }), { replace: true });
    }
  }, [view, folderList, navigate]);

  const actions = useMemo<DashboardActions>(
    () => ({
      addLink: () => setAddOpen(true),
      editLink: (link) => setLinkDialog({ kind: 'edit', link }),
      moveLink: (link) => setLinkDialog({ kind: 'move', link }),
      deleteLink: (link) => {
        if (!window.confirm(CONFIRM.deleteLink)) return;
        setDetailsId((id) => (id === link.id ? null : id));
        deleteLink.mutate(link);
      },
      showLink: (link) => setDetailsId(link.id),
      markLink: (link, changes) => markLink.mutate({ link, changes }),
      createFolder: () => setFolderDialog({ mode: 'create' }),
      editFolder: (folder) => setFolderDialog({ mode: 'edit', folder }),
      publishFolder: (folder) => setPublicPageOf(folder),
      shareFolder: (folder) => setSharing(folder),
      showSnippet: (s) => setSnippet(s),
      deleteSnippet: (s) => {
        if (!window.confirm(CONFIRM.deleteSnippet)) return;
        setSnippet(null);
        deleteSnippet.mutate(s);
      },
    }),
    // The mutate functions are stable; listing the mutation objects would rebuild this on every state change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [deleteLink.mutate, deleteSnippet.mutate, markLink.mutate],
  );

  const closeSnippet = useCallback(() => setSnippet(null), []);
  const closeDetails = useCallback(() => setDetailsId(null), []);

  const folderArray = useMemo(() => folders.data ?? [], [folders.data]);
  const foldersById = useMemo(() => new Map(folderArray.map((f) => [f.id, f])), [folderArray]);
  // Links are filed only where the person may save (their own folders and those they edit); folders nest
  // only in their own tree.
  const fileInto = useMemo(() => writableFolders(folderArray), [folderArray]);
  const ownFolders = useMemo(() => folderArray.filter(isOwn), [folderArray]);
  // F, E and M act on the card that has keyboard focus (Link Details has its own).
  const markFocusedLink = (key: string) => {
    const mark = READING_SHORTCUTS[key];
    const card = document.activeElement?.closest<HTMLElement>('[data-link-id]');
    const link = card?.dataset.linkId ? findCachedLink(queryClient, card.dataset.linkId) : undefined;
    if (mark && link && linkAccess(link, foldersById).canChange) actions.markLink(link, toggled(link, mark));
  };
  useKeyboardShortcuts({
    '/': () => filterRef.current?.focus(),
    n: () => setAddOpen(true),
    ...Object.fromEntries(Object.keys(READING_SHORTCUTS).map((key) => [key, () => markFocusedLink(key)])),
  });

  const currentFolderId = view.kind === 'folder' ? view.folderId : null;

  return (
    <DashboardContext.Provider value={actions}>
      <FoldersContext.Provider value={foldersById}>
        <div className="flex h-dvh flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
          <TopBar
            ref={menuButton}
            onOpenPalette={() => setPaletteOpen(true)}
            showMenu={!desktop}
            menuOpen={drawerOpen}
            onToggleMenu={() => setMenuOpen((o) => !o)}
          />
          <div className="relative flex min-h-0 flex-1">
            {drawerOpen && (
              <div
                className="fixed inset-0 z-40 bg-slate-950/40 backdrop-blur-[2px]"
                onClick={closeMenu}
                aria-hidden="true"
              />
            )}
            <Sidebar
              ref={sidebar}
              view={view}
              folders={folders.data}
              stats={stats.data}
              drawer={!desktop}
              open={drawerOpen}
              onClose={closeMenu}
              onCreateFolder={() => {
                if (!desktop) setMenuOpen(false);
                setFolderDialog({ mode: 'create' });
              }}
            />
            <main id="main" className="flex min-w-0 flex-1 flex-col">
              {view.kind === 'snippets' ? (
                <SnippetsView q={q} onQueryChange={setQuery} filterRef={filterRef} />
              ) : (
                <LinksView
                  key={
                    view.kind === 'folder'
                      ? `folder-${view.folderId}`
                      : view.kind === 'tag'
                        ? `tag-${view.tag}`
                        : view.kind
                  }
                  view={view}
                  q={q}
                  onQueryChange={setQuery}
                  folders={folders.data}
                  filterRef={filterRef}
                />
              )}
            </main>
          </div>
        </div>

        <AddLinkDialog
          open={addOpen}
          defaultFolderId={fileInto.some((f) => f.id === currentFolderId) ? currentFolderId : null}
          folders={fileInto}
          onClose={() => setAddOpen(false)}
          onOpenSaved={(link) => setDetailsId(link.id)}
        />
        <EditLinkDialog
          link={linkDialog?.kind === 'edit' ? linkDialog.link : null}
          folders={fileInto}
          onClose={() => setLinkDialog(null)}
        />
        <MoveLinkDialog
          link={linkDialog?.kind === 'move' ? linkDialog.link : null}
          folders={fileInto}
          onClose={() => setLinkDialog(null)}
        />
        <FolderDialog
          state={folderDialog}
          folders={ownFolders}
          onClose={() => setFolderDialog(null)}
          onCreated={(folder: Folder) => void navigate(viewHref({ kind: 'folder', folderId: folder.id }))}
          onDeleted={(folder: Folder) => {
            if (currentFolderId === folder.id) void navigate(viewHref({ kind: 'all' }), { replace: true });
          }}
        />
        <CommandPalette
          open={paletteOpen}
          onClose={() => setPaletteOpen(false)}
          folders={folderArray}
          onAddLink={() => setAddOpen(true)}
          onCreateFolder={() => setFolderDialog({ mode: 'create' })}
        />
        <LinkDetailsPanel linkId={detailsId} folders={folderArray} onClose={closeDetails} />
        <SnippetDetailsPanel snippet={snippet} onClose={closeSnippet} />
        <PublicPageDialog folder={publicPageOf} onClose={() => setPublicPageOf(null)} />
        <ShareDialog folder={sharing} onClose={() => setSharing(null)} />
      </FoldersContext.Provider>
    </DashboardContext.Provider>
  );
}
