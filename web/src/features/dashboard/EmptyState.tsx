import type { ReactNode } from 'react';

/** A centred, friendly empty state: an icon on a soft tile, a title, one helpful line and an optional action. */
export function EmptyState({
  icon,
  title,
  children,
  action,
  tone = 'brand',
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  tone?: 'brand' | 'emerald' | 'slate';
}) {
  const tones = {
    brand:
      'bg-brand-50 text-brand-600 ring-brand-100 dark:bg-brand-500/10 dark:text-brand-100 dark:ring-brand-500/20',
    emerald:
      'bg-emerald-50 text-emerald-600 ring-emerald-100 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/20',
    slate:
      'bg-slate-100 text-slate-500 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700',
  };
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center sm:py-24">
      <div className={`relative mb-5 grid size-16 place-items-center rounded-2xl ring-1 ${tones[tone]}`}>
        <div
          className="absolute -inset-3 -z-10 rounded-3xl bg-current opacity-[0.06] blur-xl"
          aria-hidden="true"
        />
        {icon}
      </div>
      <h2 className="text-lg font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-1.5 text-sm leading-relaxed wrap-anywhere text-slate-500 dark:text-slate-400">
        {children}
      </p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
