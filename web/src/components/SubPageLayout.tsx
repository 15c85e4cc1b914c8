import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArrowLeftIcon } from '../features/search/icons';

/** A signed-in page outside the dashboard (settings, saving from anywhere): a way back, a title, sections. */
export function SubPageLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <title>{`${title} · Linkvault`}</title>
      <header className="sticky top-0 z-20 border-b border-slate-200/80 bg-white/90 backdrop-blur-md dark:border-slate-800 dark:bg-slate-950/85">
        <div className="mx-auto flex h-12 max-w-3xl items-center px-4 sm:px-6">
          <RouterLink
            to="/app"
            className="-ml-2 inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <ArrowLeftIcon />
            Back to dashboard
          </RouterLink>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        {intro && <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{intro}</p>}
        <div className="mt-10 space-y-14">{children}</div>
      </main>
    </div>
  );
}
