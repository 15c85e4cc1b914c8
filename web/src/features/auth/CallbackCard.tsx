import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Wordmark } from '../../components/Wordmark';

type Tone = 'success' | 'error' | 'warning';

const TONES: Record<Tone, { ring: string; path: string }> = {
  success: {
    ring: 'bg-emerald-50 text-emerald-600 ring-emerald-100 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/20',
    path: 'M5 12.5l4.5 4.5L19 7',
  },
  error: {
    ring: 'bg-red-50 text-red-600 ring-red-100 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/20',
    path: 'M7 7l10 10M17 7 7 17',
  },
  warning: {
    ring: 'bg-amber-50 text-amber-600 ring-amber-100 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/20',
    path: 'M12 6.5v7M12 17.5h.01',
  },
};

/** The single card of the /callback page, in one of its three states (SPEC.md §2). */
export function CallbackCard({ tone, title, children }: { tone: Tone; title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-5 py-12 dark:bg-slate-950">
      <title>{`${title} · Linkvault`}</title>
      <Wordmark className="mb-8" />
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <span className={`mx-auto grid size-12 place-items-center rounded-full ring-8 ${TONES[tone].ring}`}>
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth={2.25}
            strokeLinecap="round"
            aria-hidden="true"
          >
            <path d={TONES[tone].path} />
          </svg>
        </span>
        <h1 className="mt-6 text-xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        <div className="mt-3 text-sm leading-6 text-slate-600 dark:text-slate-400">{children}</div>
      </div>
      <Link
        to="/"
        className="mt-6 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
      >
        Return to Linkvault
      </Link>
    </main>
  );
}
