import { Wordmark } from '../../../../ui/components/Wordmark';
import { DEMO_GROUPS, DEMO_TOTALS } from './demoData';
import { DemoLinkCard } from './DemoLinkCard';
import { DemoSidebar } from './DemoSidebar';
import { SearchIcon } from './icons';

/**
 * A static illustration of the dashboard, built from HTML so it stays sharp, follows dark mode and weighs
 * nothing. It is one image to assistive tech (role="img" with a description), so its fake controls are
 * neither announced nor focusable.
 */
export function DemoDashboard() {
  return (
    <div
      role="img"
      aria-label="The Linkvault dashboard: a sidebar with All Links, Uncategorized, Snippets and colour-coded folders, and saved links grouped by day, each with a summary, tags and its folder; one link is being enriched and one is queued."
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/10 ring-1 ring-slate-900/5 dark:border-slate-800 dark:bg-slate-950 dark:shadow-black/40 dark:ring-white/5"
    >
      <BrowserBar />
      <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-2.5 dark:border-slate-800">
        {/* The wordmark cell matches the sidebar's width so the search lines up with the content. */}
        <div className="shrink-0 md:w-[12.25rem]">
          <Wordmark size="sm" />
        </div>
        <div className="flex h-8 w-full max-w-sm items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-2.5 text-xs text-slate-500 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
          <SearchIcon className="size-3.5" />
          <span className="flex-1 truncate">Search your vault</span>
          <kbd className="hidden rounded border border-slate-200 px-1 font-sans text-[10px] sm:inline dark:border-slate-700">
            /
          </kbd>
        </div>
        <span className="ml-auto hidden h-8 shrink-0 items-center rounded-lg bg-brand-600 px-3 text-xs font-medium text-white sm:inline-flex">
          Save Link
        </span>
      </div>
      <div className="flex min-h-[26rem]">
        <DemoSidebar />
        <div className="min-w-0 flex-1 bg-slate-50/40 p-4 sm:p-6 dark:bg-slate-950">
          <div className="flex items-end justify-between gap-3">
            <div>
              <div className="text-lg font-semibold text-slate-900 dark:text-white">All Links</div>
              <div className="text-xs text-slate-500 dark:text-slate-400">
                {DEMO_TOTALS.links} saved links
              </div>
            </div>
          </div>
          {DEMO_GROUPS.map((group) => (
            <div key={group.heading} className="mt-5">
              <div className="mb-2.5 text-[11px] font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
                {group.heading}
              </div>
              <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
                {group.links.map((link) => (
                  <DemoLinkCard key={link.title} link={link} />
                ))}
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function BrowserBar() {
  return (
    <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-100/80 px-4 py-2.5 dark:border-slate-800 dark:bg-slate-900">
      <span className="flex gap-1.5" aria-hidden="true">
        <span className="size-2.5 rounded-full bg-red-400/80" />
        <span className="size-2.5 rounded-full bg-amber-400/80" />
        <span className="size-2.5 rounded-full bg-emerald-400/80" />
      </span>
      <span className="mx-auto w-full max-w-xs truncate rounded-md bg-white px-3 py-1 text-center text-[11px] text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        vault.example.com/app
      </span>
      <span className="w-[42px]" aria-hidden="true" />
    </div>
  );
}
