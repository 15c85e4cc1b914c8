import type { ReactNode } from 'react';

/** Numbered set-up steps, each a short sentence. */
export function Steps({ children }: { children: ReactNode }) {
  return (
    <ol className="list-decimal space-y-1.5 pl-5 text-sm leading-6 text-slate-700 marker:text-slate-400 dark:text-slate-300 dark:marker:text-slate-500">
      {children}
    </ol>
  );
}

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <h3 className="font-medium text-slate-900 dark:text-white">{title}</h3>
      {children}
    </div>
  );
}
