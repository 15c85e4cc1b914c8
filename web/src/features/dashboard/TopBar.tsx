import { forwardRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { Wordmark } from '../../../../ui/components/Wordmark';
import { MenuIcon, SearchIcon } from '../../../../ui/components/icons';

/**
 * SPEC.md §2: the top bar: a menu toggle on small screens, the wordmark, the command palette (Ctrl/⌘+K) and
 * search (to /app/search).
 */
export const TopBar = forwardRef<
  HTMLButtonElement,
  { showMenu: boolean; menuOpen: boolean; onToggleMenu: () => void; onOpenPalette: () => void }
>(function TopBar({ showMenu, menuOpen, onToggleMenu, onOpenPalette }, menuRef) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-4 dark:border-slate-800 dark:bg-slate-950">
      {showMenu && (
        <button
          ref={menuRef}
          type="button"
          onClick={onToggleMenu}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          className="grid size-9 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <MenuIcon className="size-5" />
        </button>
      )}
      <RouterLink to="/app" className="rounded-lg px-1 py-1">
        <Wordmark size="sm" />
      </RouterLink>
      <div className="flex-1" />
      <button
        type="button"
        onClick={onOpenPalette}
        aria-keyshortcuts="Control+K Meta+K"
        title="Go to any folder, tag, link or action (Ctrl+K)"
        className="hidden h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 sm:flex dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        Go to
        <kbd className="rounded border border-slate-200 bg-slate-50 px-1.5 font-sans text-[11px] text-slate-600 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300">
          Ctrl K
        </kbd>
      </button>
      <RouterLink
        to="/app/search"
        className="flex h-9 items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 text-sm text-slate-600 transition-colors hover:border-slate-300 hover:bg-white hover:text-slate-900 sm:w-72 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400 dark:hover:border-slate-700 dark:hover:text-white"
      >
        <SearchIcon />
        <span className="sm:hidden">Search</span>
        <span className="hidden sm:inline">Search links, folders, snippets…</span>
      </RouterLink>
    </header>
  );
});
