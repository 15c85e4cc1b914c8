import { memo } from 'react';
import type { Snippet } from '../../../../contracts/index.js';
import { formatDate } from '../../../../ui/lib/dates';
import { hostOf } from '../../../../ui/lib/format';
import { useDashboardActions } from '../dashboard/DashboardContext';
import { SNIPPET_COLOR_STYLES } from './snippetColors';

/** A highlighted passage: the snippet's colour as an accent, the text, its page, and the start of the note. */
export const SnippetCard = memo(function SnippetCard({ snippet }: { snippet: Snippet }) {
  const actions = useDashboardActions();
  const style = SNIPPET_COLOR_STYLES[snippet.color];
  const host = hostOf(snippet.pageUrl);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border wrap-anywhere border-slate-200 bg-white transition-[border-color,box-shadow] hover:border-slate-300 hover:shadow-md hover:shadow-slate-200/60 dark:border-slate-800 dark:bg-slate-900/60 dark:hover:border-slate-700 dark:hover:shadow-none">
      <span className={`absolute inset-y-0 left-0 w-1 ${style.bar}`} aria-hidden="true" />
      <div className="flex flex-1 flex-col py-4 pr-4 pl-5">
        <blockquote className="text-[15px] leading-relaxed text-slate-800 dark:text-slate-100">
          {/* Clamped itself: a button is one line of its parent, which could only clamp it whole. */}
          <button
            type="button"
            onClick={() => actions.showSnippet(snippet)}
            className="line-clamp-5 rounded text-left after:absolute after:inset-0"
          >
            <mark className={`box-decoration-clone rounded-sm px-0.5 text-inherit ${style.mark}`}>
              {snippet.selectedText}
            </mark>
          </button>
        </blockquote>
        {snippet.note && (
          <p className="mt-3 line-clamp-2 border-l-2 border-slate-200 pl-2.5 text-sm text-slate-600 italic dark:border-slate-700 dark:text-slate-300">
            {snippet.note}
          </p>
        )}
        <div className="mt-auto pt-4 text-xs text-slate-500 dark:text-slate-400">
          {snippet.pageTitle && (
            <p className="truncate font-medium text-slate-700 dark:text-slate-200" title={snippet.pageTitle}>
              {snippet.pageTitle}
            </p>
          )}
          <p className="mt-0.5 flex items-center gap-1.5">
            <span className="min-w-0 truncate">{host}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={snippet.createdAt} className="shrink-0">
              {formatDate(snippet.createdAt)}
            </time>
          </p>
        </div>
      </div>
    </article>
  );
});

export function SnippetCardSkeleton() {
  return (
    <div
      className="h-44 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900/60"
      aria-hidden="true"
    >
      <div className="space-y-2.5">
        <div className="h-3.5 w-full animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
        <div className="h-3.5 w-5/6 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
        <div className="h-3.5 w-2/3 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
      </div>
      <div className="mt-10 h-3 w-1/2 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
    </div>
  );
}
