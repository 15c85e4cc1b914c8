import type { ReactNode } from 'react';
import { DEMO_DOT, DEMO_FOLDERS, DEMO_TOTALS } from './demoData';
import { FolderIcon, LinkIcon, QuoteIcon } from './icons';

/** The dashboard's sidebar (SPEC.md §2): views with counts, folders with colour dots, the signed-in user. */
export function DemoSidebar() {
  return (
    <div className="hidden w-56 shrink-0 flex-col border-r border-slate-200 bg-slate-50/80 p-3 md:flex dark:border-slate-800 dark:bg-slate-900/40">
      <div className="space-y-0.5 text-[13px]">
        <Row icon={<LinkIcon className="size-4" />} label="All Links" count={DEMO_TOTALS.links} active />
        <Row
          icon={<FolderIcon className="size-4" />}
          label="Uncategorized"
          count={DEMO_TOTALS.uncategorized}
        />
        <Row icon={<QuoteIcon className="size-4" />} label="Snippets" count={DEMO_TOTALS.snippets} />
      </div>
      <div className="mt-5 flex items-center justify-between px-2 text-[11px] font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
        Folders
        <span className="grid size-5 place-items-center rounded-md text-sm leading-none text-slate-500 dark:text-slate-400">
          +
        </span>
      </div>
      <div className="mt-1.5 space-y-0.5 text-[13px]">
        {DEMO_FOLDERS.map((folder) => (
          <Row
            key={folder.name}
            icon={<span className={`mx-1 block size-2 rounded-full ${DEMO_DOT[folder.color]}`} />}
            label={folder.name}
            count={folder.count}
          />
        ))}
      </div>
      <div className="mt-auto flex items-center gap-2.5 border-t border-slate-200 px-1 pt-3 dark:border-slate-800">
        <span className="grid size-8 place-items-center rounded-full bg-linear-to-br from-brand-500 to-violet-500 text-xs font-semibold text-white">
          MC
        </span>
        <span className="min-w-0 leading-tight">
          <span className="block truncate text-[13px] font-medium text-slate-900 dark:text-white">
            Maya Chen
          </span>
          <span className="block truncate text-[11px] text-slate-500 dark:text-slate-400">
            maya@example.com
          </span>
        </span>
      </div>
    </div>
  );
}

function Row({
  icon,
  label,
  count,
  active,
}: {
  icon: ReactNode;
  label: string;
  count: number;
  active?: boolean;
}) {
  return (
    <div
      className={`flex items-center gap-2.5 rounded-lg px-2 py-1.5 ${
        active
          ? 'bg-white font-medium text-slate-900 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:text-white dark:ring-slate-700'
          : 'text-slate-600 dark:text-slate-300'
      }`}
    >
      <span className="text-slate-500 dark:text-slate-400">{icon}</span>
      <span className="flex-1 truncate">{label}</span>
      <span className="text-[11px] text-slate-500 tabular-nums dark:text-slate-400">{count}</span>
    </div>
  );
}
