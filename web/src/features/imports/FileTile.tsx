import type { ReactNode } from 'react';
import { FileIcon } from '../../../../ui/components/icons';

const TONES = {
  brand: 'bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-100',
  emerald: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-400/10 dark:text-emerald-300',
  amber: 'bg-amber-50 text-amber-600 dark:bg-amber-400/10 dark:text-amber-300',
  red: 'bg-red-50 text-red-600 dark:bg-red-400/10 dark:text-red-300',
};

/** The square before a file's name: a file, or what became of its import. */
export function FileTile({ tone = 'brand', children }: { tone?: keyof typeof TONES; children?: ReactNode }) {
  return (
    <span className={`grid size-10 shrink-0 place-items-center rounded-lg ${TONES[tone]}`}>
      {children ?? <FileIcon className="size-5" />}
    </span>
  );
}

/** A file's name in full where it fits, on two lines at most (names are long, and often one word). */
export function FileName({ name }: { name: string }) {
  return (
    <p
      className="line-clamp-2 font-medium [overflow-wrap:anywhere] text-slate-900 dark:text-white"
      title={name}
    >
      {name}
    </p>
  );
}
