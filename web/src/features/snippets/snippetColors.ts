import type { SnippetColor } from '../../../../contracts/index.js';

/** The 5 snippet colours of SPEC.md §3: an accent bar and a highlighter tint for the selected text. */
export const SNIPPET_COLOR_STYLES: Record<SnippetColor, { label: string; bar: string; mark: string }> = {
  yellow: { label: 'Yellow', bar: 'bg-amber-400', mark: 'bg-amber-200/70 dark:bg-amber-400/20' },
  green: { label: 'Green', bar: 'bg-emerald-500', mark: 'bg-emerald-200/70 dark:bg-emerald-400/20' },
  blue: { label: 'Blue', bar: 'bg-sky-500', mark: 'bg-sky-200/70 dark:bg-sky-400/20' },
  pink: { label: 'Pink', bar: 'bg-pink-500', mark: 'bg-pink-200/70 dark:bg-pink-400/20' },
  purple: { label: 'Purple', bar: 'bg-purple-500', mark: 'bg-purple-200/70 dark:bg-purple-400/20' },
};
