import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../ui/components/controls';
import { useFolders } from '../api/library';
import { useSearch } from '../api/search';
import { ArrowLeftIcon, SearchIcon, SparkIcon, XIcon } from '../features/search/icons';
import {
  FolderResult,
  LinkResult,
  ResultGroup,
  ResultsSkeleton,
  SnippetResult,
} from '../features/search/SearchResults';
import { QUERY_MAX_LENGTH, queryProblem } from '../features/search/queryProblem';
import { useDebouncedValue } from '../features/search/useDebouncedValue';
import { isTyping } from '../features/dashboard/useKeyboardShortcuts';

type Scope = 'all' | 'folders';

const DEBOUNCE_MS = 200;
/** Per kind of result; when a kind comes back full, the count says "50+". */
const LIMIT = 50;

const SCOPES: { value: Scope; label: string }[] = [
  { value: 'all', label: 'All Results' },
  { value: 'folders', label: 'Folders Only' },
];

/**
 * /app/search (SPEC.md §2): full-page search over folders, links and snippets. The query and the filter
 * live in the URL (?q=, ?scope=folders), so a search can be reloaded, shared and returned to; typing
 * replaces the history entry rather than adding one per keystroke.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const scope: Scope = params.get('scope') === 'folders' ? 'folders' : 'all';
  const [text, setText] = useState(urlQuery);
  const debounced = useDebouncedValue(text, DEBOUNCE_MS);
  const goBack = useGoBack();
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);

  const writeUrl = (q: string, nextScope: Scope = scope) => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (nextScope === 'folders') next.set('scope', 'folders');
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if (debounced === urlQuery) return;
    const next = new URLSearchParams();
    if (debounced) next.set('q', debounced);
    if (scope === 'folders') next.set('scope', 'folders');
    setParams(next, { replace: true });
  }, [debounced, urlQuery, scope, setParams]);

  const query = urlQuery.trim();
  const typing = text.trim() !== query;
  const tooLong = queryProblem(query);
  const asked = query && !tooLong ? { q: query, scope, limit: LIMIT } : null;
  const search = useSearch(asked);
  const problem = tooLong ?? queryProblem(query, search.error);
  const folders = useFolders();
  const folderById = useMemo(() => new Map((folders.data ?? []).map((f) => [f.id, f])), [folders.data]);

  // Escape leaves the page, as it closes a command palette; `/` returns to the search box from a result.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('dialog[open]')) {
        event.preventDefault();
        goBack();
      } else if (event.key === '/' && !isTyping(event.target)) {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [goBack]);

  const results = asked ? search.data : undefined;
  const total = results ? results.folders.length + results.links.length + results.snippets.length : 0;
  const capped =
    !!results && [results.folders, results.links, results.snippets].some((list) => list.length >= LIMIT);
  const showPrompt = text.trim() === '';
  const firstLoad = !showPrompt && !results && !search.error && !problem;

  const moveFocus = (from: Element | null, delta: number) => {
    const items = Array.from(resultsRef.current?.querySelectorAll<HTMLElement>('[data-result]') ?? []);
    if (items.length === 0) return;
    const index = from ? items.indexOf(from as HTMLElement) : -1;
    const next = index + delta;
    if (next < 0) inputRef.current?.focus();
    else items[Math.min(next, items.length - 1)]?.focus();
  };
  const onResultsKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      moveFocus(document.activeElement, event.key === 'ArrowDown' ? 1 : -1);
    }
  };

  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <header className="sticky top-0 z-20 border-b border-slate-200/80 bg-white/90 backdrop-blur-md dark:border-slate-800 dark:bg-slate-950/85">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <div className="flex h-12 items-center justify-between gap-3">
            <RouterLink
              to="/app"
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                goBack();
              }}
              className="-ml-2 inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <ArrowLeftIcon />
              Back to dashboard
            </RouterLink>
            <h1 className="sr-only">Search</h1>
            <p className="hidden items-center gap-1.5 text-xs text-slate-500 sm:flex dark:text-slate-400">
              <kbd className="rounded border border-slate-300 bg-white px-1.5 py-0.5 font-sans text-[11px] font-medium text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
                Esc
              </kbd>
              to go back
            </p>
          </div>

          <form
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              writeUrl(text);
            }}
            className="relative"
          >
            <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-400" />
            <input
              ref={inputRef}
              type="search"
              autoFocus
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  moveFocus(null, 1);
                }
              }}
              aria-label="Search links, folders and snippets"
              placeholder="Search links, folders and snippets…"
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              maxLength={QUERY_MAX_LENGTH}
              className="h-12 w-full rounded-xl border border-slate-200 bg-white pr-12 pl-12 text-base text-slate-900 shadow-sm transition placeholder:text-slate-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 [&::-webkit-search-cancel-button]:appearance-none"
            />
            <span className="absolute top-1/2 right-2 flex -translate-y-1/2 items-center">
              {(typing || search.isFetching) && !showPrompt ? (
                <span className="grid size-8 place-items-center" aria-hidden="true">
                  <span className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-500 dark:border-slate-700 dark:border-t-brand-500" />
                </span>
              ) : (
                text && (
                  <button
                    type="button"
                    aria-label="Clear search"
                    onClick={() => {
                      setText('');
                      writeUrl('');
                      inputRef.current?.focus();
                    }}
                    className="grid size-8 place-items-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700 dark:hover:bg-slate-800 dark:hover:text-slate-200"
                  >
                    <XIcon />
                  </button>
                )
              )}
            </span>
          </form>

          <div className="flex items-center justify-between gap-3 py-3">
            <div
              role="group"
              aria-label="Filter results"
              className="inline-flex rounded-lg bg-slate-100 p-0.5 dark:bg-slate-800/80"
            >
              {SCOPES.map(({ value, label }) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={scope === value}
                  onClick={() => writeUrl(text, value)}
                  className={`rounded-md px-3 py-1.5 text-[13px] font-medium transition-colors ${
                    scope === value
                      ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white'
                      : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
                  }`}
                >
                  {label}
                </button>
              ))}
            </div>
            <p
              role="status"
              className={`text-[13px] text-slate-500 tabular-nums transition-opacity dark:text-slate-400 ${
                search.isPlaceholderData || typing ? 'opacity-60' : ''
              }`}
            >
              {showPrompt || problem || !results
                ? ''
                : `${total}${capped ? '+' : ''} ${total === 1 ? 'result' : 'results'}`}
            </p>
          </div>
        </div>
      </header>

      <main className="mx-auto max-w-3xl px-1 pt-4 pb-16 wrap-anywhere sm:px-3">
        {showPrompt ? (
          <EmptyPrompt />
        ) : problem ? (
          <p
            role="alert"
            className="mx-3 mt-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
          >
            {problem}
          </p>
        ) : search.error && !results ? (
          <div className="mx-3 mt-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200">
            <p role="alert">Search failed: {search.error.message}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void search.refetch()}>
              Try again
            </Button>
          </div>
        ) : firstLoad ? (
          <ResultsSkeleton />
        ) : results && total === 0 ? (
          <NoResults
            query={query}
            scope={scope}
            onSearchAll={() => writeUrl(urlQuery, 'all')}
            stale={search.isPlaceholderData || typing}
          />
        ) : (
          results && (
            <div
              ref={resultsRef}
              onKeyDown={onResultsKeyDown}
              className={`transition-opacity ${search.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {results.folders.length > 0 && (
                <ResultGroup title="Folders" count={results.folders.length}>
                  {results.folders.map((folder) => (
                    <FolderResult key={folder.id} folder={folder} query={query} />
                  ))}
                </ResultGroup>
              )}
              {results.links.length > 0 && (
                <ResultGroup title="Links" count={results.links.length}>
                  {results.links.map((link) => (
                    <LinkResult
                      key={link.id}
                      link={link}
                      folder={link.folderId ? folderById.get(link.folderId) : undefined}
                      query={query}
                    />
                  ))}
                </ResultGroup>
              )}
              {results.snippets.length > 0 && (
                <ResultGroup title="Snippets" count={results.snippets.length}>
                  {results.snippets.map((snippet) => (
                    <SnippetResult key={snippet.id} snippet={snippet} query={query} />
                  ))}
                </ResultGroup>
              )}
            </div>
          )
        )}
      </main>
    </div>
  );
}

function EmptyPrompt() {
  return (
    <div className="mx-auto flex max-w-sm flex-col items-center px-6 pt-16 text-center sm:pt-24">
      <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 dark:bg-brand-500/10 dark:text-brand-100 dark:ring-brand-500/20">
        <SparkIcon className="size-7" />
      </span>
      <h2 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">Search your memory</h2>
      <p className="mt-2 text-sm leading-6 text-slate-500 dark:text-slate-400">
        Find any folder, saved link or highlighted snippet by its title, address, text or note.
      </p>
      <p className="mt-6 hidden items-center gap-2 text-xs text-slate-500 sm:flex dark:text-slate-400">
        <Kbd>↑</Kbd>
        <Kbd>↓</Kbd> to move <Kbd>Enter</Kbd> to open <Kbd>Esc</Kbd> to go back
      </p>
    </div>
  );
}

function NoResults({
  query,
  scope,
  onSearchAll,
  stale,
}: {
  query: string;
  scope: Scope;
  onSearchAll: () => void;
  stale: boolean;
}) {
  return (
    <div
      className={`mx-auto flex max-w-sm flex-col items-center px-6 pt-16 text-center transition-opacity sm:pt-24 ${stale ? 'opacity-60' : ''}`}
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-slate-100 text-slate-400 dark:bg-slate-800 dark:text-slate-500">
        <SearchIcon className="size-7" />
      </span>
      <h2 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">No results found</h2>
      <p className="mt-2 text-sm leading-6 text-slate-500 dark:text-slate-400">
        Nothing {scope === 'folders' ? 'among your folders ' : ''}matches “{query}”. Try a shorter or
        different word.
      </p>
      {scope === 'folders' && (
        <Button variant="secondary" size="sm" className="mt-5" onClick={onSearchAll}>
          Search all results
        </Button>
      )}
    </div>
  );
}

function Kbd({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-slate-300 bg-white px-1.5 py-0.5 font-sans text-[11px] font-medium text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
      {children}
    </kbd>
  );
}

/** Back to where the user came from inside the app (keeping the dashboard's folder or view), else /app. */
function useGoBack(): () => void {
  const navigate = useNavigate();
  return useMemo(
    () => () => {
      // React Router numbers the entries of its history (idx); typing replaces entries, keeping the number.
      const state: unknown = window.history.state;
      const idx = state && typeof state === 'object' && 'idx' in state ? Number(state.idx) : 0;
      if (idx > 0) void navigate(-1);
      else void navigate('/app');
    },
    [navigate],
  );
}
