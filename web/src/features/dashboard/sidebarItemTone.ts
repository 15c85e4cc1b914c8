/** How a sidebar entry looks when it is the view on screen, and when it is not (views, folders, shared folders). */
export const sidebarItemTone = (active: boolean) =>
  active
    ? 'bg-white font-medium text-slate-900 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:text-white dark:shadow-none dark:ring-slate-700/60'
    : 'text-slate-600 hover:bg-slate-200/50 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800/60 dark:hover:text-slate-100';
