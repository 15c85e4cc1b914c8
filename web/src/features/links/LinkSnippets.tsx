import { useQuery } from '@tanstack/react-query';
import { type Link, type Snippet, routes } from '../../../../contracts/index.js';
import { api } from '../../api/client';
import { libraryKeys } from '../../api/linkCache';
import { SNIPPET_COLOR_STYLES } from '../snippets/snippetColors';

/** How many of a link's snippets Link Details lists (their count says when there are more). */
const SHOWN = 50;

/**
 * The snippets made on a link's page, newest first: each quote with its colour and note, opening its Snippet
 * Details. Read with GET /api/snippets?linkId=, under the library's keys so a change anywhere refreshes it.
 */
export function LinkSnippets({ link, onOpen }: { link: Link; onOpen: (snippet: Snippet) => void }) {
  const snippets = useQuery({
    queryKey: [...libraryKeys.snippets, 'link', link.id, link.snippetCount],
    queryFn: async () =>
      (await api.call(routes.listSnippets, { query: { linkId: link.id, limit: SHOWN } })).items,
    enabled: link.snippetCount > 0,
  });
  if (link.snippetCount === 0) return null;
  if (snippets.isPending) {
    return <div className="h-16 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800" aria-busy="true" />;
  }
  if (snippets.isError) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">The snippets could not be loaded.</p>;
  }
  return (
    <ul className="space-y-2" aria-label="Snippets on this page">
      {snippets.data.map((snippet) => (
        <li key={snippet.id}>
          <button
            type="button"
            onClick={() => onOpen(snippet)}
            className="flex w-full gap-3 rounded-xl border border-slate-200 p-3 text-left transition-colors hover:border-slate-300 hover:bg-slate-50 dark:border-slate-800 dark:hover:border-slate-700 dark:hover:bg-slate-800/50"
          >
            <span
              className={`w-1 shrink-0 self-stretch rounded-full ${SNIPPET_COLOR_STYLES[snippet.color].bar}`}
              aria-hidden="true"
            />
            <span className="min-w-0 flex-1">
              <span className="line-clamp-3 text-sm leading-relaxed text-slate-800 wrap-anywhere dark:text-slate-100">
                “{snippet.selectedText}”
              </span>
              {snippet.note && (
                <span className="mt-1 line-clamp-2 block text-xs text-slate-500 wrap-anywhere dark:text-slate-400">
                  {snippet.note}
                </span>
              )}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
