import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardPage } from './CardPage';
import { Spinner } from '../../../ui/components/Spinner';

type Tone = 'success' | 'error' | 'warning' | 'pending';

const RINGS: Record<Tone, string> = {
  success:
    'bg-emerald-50 text-emerald-600 ring-emerald-100 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/20',
  error: 'bg-red-50 text-red-600 ring-red-100 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/20',
  warning:
    'bg-amber-50 text-amber-600 ring-amber-100 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/20',
  pending:
    'bg-brand-50 text-brand-600 ring-brand-100 dark:bg-brand-500/10 dark:text-brand-100 dark:ring-brand-500/20',
};

const PATHS: Record<Exclude<Tone, 'pending'>, string> = {
  success: 'M5 12.5l4.5 4.5L19 7',
  error: 'M7 7l10 10M17 7 7 17',
  warning: 'M12 6.5v7M12 17.5h.01',
};

/**
 * A CardPage announcing one outcome: a toned icon (a spinner while pending), a title and what it means.
 * Below the card, a way back to Linkvault unless the caller gives its own footer (or none, with null).
 */
export function StatusCard({
  tone,
  title,
  children,
  footer = <HomeLink />,
}: {
  tone: Tone;
  title: string;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <CardPage title={title} footer={footer}>
      <div className="text-center">
        <span className={`mx-auto grid size-12 place-items-center rounded-full ring-8 ${RINGS[tone]}`}>
          {tone === 'pending' ? (
            <Spinner label="Please wait" className="size-6" />
          ) : (
            <svg
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth={2.25}
              strokeLinecap="round"
              aria-hidden="true"
            >
              <path d={PATHS[tone]} />
            </svg>
          )}
        </span>
        <h1 className="mt-6 text-xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        {children && (
          <div className="mt-3 text-sm leading-6 text-slate-600 dark:text-slate-400">{children}</div>
        )}
      </div>
    </CardPage>
  );
}

function HomeLink() {
  return (
    <Link
      to="/"
      className="mt-6 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
    >
      Return to Linkvault
    </Link>
  );
}
