import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Wordmark } from '../../../../ui/components/Wordmark';
import { AuthBrandPanel } from './AuthBrandPanel';

/** Form on the left, product panel on the right from 1024 px; the form alone, centred, below that. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <div className="flex flex-col px-5 py-8 sm:px-8">
        <header>
          <Link to="/" className="inline-block rounded-lg" aria-label="Linkvault home">
            <Wordmark />
          </Link>
        </header>
        <main className="flex flex-1 items-center justify-center py-12">
          <div className="w-full max-w-sm">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
              {title}
            </h1>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>
            <div className="mt-8">{children}</div>
          </div>
        </main>
        <nav aria-label="Legal" className="flex gap-5 text-xs text-slate-500 dark:text-slate-400">
          <Link to="/privacy" className="rounded-sm hover:text-slate-900 dark:hover:text-white">
            Privacy
          </Link>
          <Link to="/terms" className="rounded-sm hover:text-slate-900 dark:hover:text-white">
            Terms
          </Link>
        </nav>
      </div>
      <AuthBrandPanel />
    </div>
  );
}
