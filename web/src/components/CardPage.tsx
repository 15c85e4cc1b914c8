import type { ReactNode } from 'react';
import { Wordmark } from '../../../ui/components/Wordmark';

/**
 * A page that is one centred card under the wordmark: the pages of an authorization flow and /callback,
 * which stand outside the dashboard and are often opened by another app.
 */
export function CardPage({
  title,
  children,
  footer,
}: {
  /** The document title, before "· Linkvault". */
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 py-10 sm:px-5 sm:py-12 dark:bg-slate-950">
      <title>{`${title} · Linkvault`}</title>
      <Wordmark className="mb-8" />
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 wrap-anywhere shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {children}
      </div>
      {footer}
    </main>
  );
}
