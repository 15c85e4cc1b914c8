import type { FolderColor } from '../../../../contracts/index.js';

/** The 8 folder colours of SPEC.md §3 as Tailwind classes (spelled out so Tailwind finds them). */
export const FOLDER_COLOR_STYLES: Record<FolderColor, { label: string; dot: string; tint: string }> = {
  blue: { label: 'Blue', dot: 'bg-blue-500', tint: 'bg-blue-500/10 text-blue-600 dark:text-blue-400' },
  green: {
    label: 'Green',
    dot: 'bg-emerald-500',
    tint: 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400',
  },
  purple: {
    label: 'Purple',
    dot: 'bg-purple-500',
    tint: 'bg-purple-500/10 text-purple-600 dark:text-purple-400',
  },
  red: { label: 'Red', dot: 'bg-red-500', tint: 'bg-red-500/10 text-red-600 dark:text-red-400' },
  yellow: {
    label: 'Yellow',
    dot: 'bg-amber-400',
    tint: 'bg-amber-400/15 text-amber-700 dark:text-amber-300',
  },
  indigo: {
    label: 'Indigo',
    dot: 'bg-indigo-500',
    tint: 'bg-indigo-500/10 text-indigo-600 dark:text-indigo-400',
  },
  pink: { label: 'Pink', dot: 'bg-pink-500', tint: 'bg-pink-500/10 text-pink-600 dark:text-pink-400' },
  orange: {
    label: 'Orange',
    dot: 'bg-orange-500',
    tint: 'bg-orange-500/10 text-orange-600 dark:text-orange-400',
  },
};
