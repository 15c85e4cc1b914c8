import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type Ref, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Snippet } from '../../../../contracts/index.js';
import { useSnippets, useStats } from '../../api/library';
import { type DateGroup, groupByDate } from '../../../../ui/lib/dates';
import { flattenPages } from '../../lib/linkPages';
import { resultsLabel, snippetsLabel } from '../../../../ui/lib/format';
import { useDashboardActions } from '../dashboard/DashboardContext';
import { EmptyState } from '../dashboard/EmptyState';
import { ListFilterProblem, ListLoadFailed, ListLoading, ListNoMatches } from '../dashboard/ListStates';
import { useFetchMoreNearEnd } from '../dashboard/useFetchMoreNearEnd';
import { queryProblem } from '../search/queryProblem';
import { windowRect } from '../dashboard/windowRect';
import { HighlighterIcon } from '../../../../ui/components/icons';
import { ViewHeader } from '../dashboard/ViewHeader';
import { SnippetCard, SnippetCardSkeleton } from './SnippetCard';

type Row =
  | { kind: 'heading'; group: DateGroup; key: string; first: boolean }
  | { kind: 'cards'; items: Snippet[]; key: string };

/** SPEC.md §5: snippets match on selectedText, pageTitle and note. */
function matches(snippet: Snippet, q: string): boolean {
  const needle = q.toLowerCase();
  return [snippet.selectedText, snippet.pageTitle ?? '', snippet.note ?? ''].some((f) =>
    f.toLowerCase().includes(needle),
  );
}

function columnsFor(width: number): number {
  if (width >= 900) return 3;
  if (width >= 560) return 2;
  return 1;
}

/** The Snippets view (SPEC.md §2): 'All Snippets', a grid of cards under the date headings. */
export function SnippetsView({
  q,
  onQueryChange,
  filterRef,
}: {
  q: string;
  onQueryChange: (q: string) => void;
  filterRef: Ref<HTMLInputElement>;
}) {
  const actions = useDashboardActions();
  const snippets = useSnippets();
  const stats = useStats();
  const all = useMemo(() => flattenPages(snippets.data), [snippets.data]);
  // Filtered here, yet held to the limit of every other search, so that one text works everywhere or nowhere.
  const problem = queryProblem(q);
  const filter = problem ? '' : q;
  const items = useMemo(() => (filter ? all.filter((s) => matches(s, filter)) : all), [all, filter]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = snippets;

  // The API has no text filter for snippets: while one is set, load every page and filter here.
  useEffect(() => {
    if (filter && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [filter, hasNextPage, isFetchingNextPage, fetchNextPage]);

  let count: ReactNode;
  if (filter)
    count = snippets.isPending || hasNextPage ? `Searching for "${q}"…` : resultsLabel(items.length, q);
  else if (stats.data) count = snippetsLabel(stats.data.snippets);
  else
    count = (
      <span className="inline-block h-3.5 w-20 animate-pulse rounded bg-slate-100 align-middle dark:bg-slate-800" />
    );

  let body: ReactNode;
  if (problem) {
    body = <ListFilterProblem problem={problem} onClear={() => onQueryChange('')} />;
  } else if (snippets.isPending) {
    body = (
      <ListLoading label="Loading snippets">
        <div className="mx-auto grid max-w-6xl gap-4 pt-10 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <SnippetCardSkeleton key={i} />
          ))}
        </div>
      </ListLoading>
    );
  } else if (snippets.isError && all.length === 0) {
    body = <ListLoadFailed what="snippets" onRetry={() => void snippets.refetch()} />;
  } else if (items.length === 0 && !hasNextPage) {
    body = filter ? (
      <ListNoMatches onClear={() => onQueryChange('')}>
        No snippet matches “{q}”. Try another word, or check the spelling.
      </ListNoMatches>
    ) : (
      <EmptyState icon={<HighlighterIcon className="size-7" />} title="No snippets yet">
        Highlight text on any web page with the Linkvault browser extension and it appears here.
      </EmptyState>
    );
  } else {
    body = (
      <SnippetGrid
        items={items}
        hasNextPage={hasNextPage && !filter}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
      />
    );
  }

  return (
    <>
      <ViewHeader
        title="All Snippets"
        count={count}
        query={q}
        onQueryChange={onQueryChange}
        filterLabel="Filter snippets"
        filterRef={filterRef}
        onAdd={actions.addLink}
        wide
      />
      {body}
    </>
  );
}

/** The grid, virtualised by rows: a date heading is one row, and each row of cards is one row. */
function SnippetGrid({
  items,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  items: Snippet[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const innerRef = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(1);

  useLayoutEffect(() => {
    const element = innerRef.current;
    if (!element) return;
    // Measured before the first paint too: the observer's first report comes a frame later.
    setColumns(columnsFor(element.clientWidth));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setColumns(columnsFor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const rows = useMemo(() => {
    const result: Row[] = [];
    groupByDate(items, (s) => s.createdAt).forEach(({ group, items: groupItems }, index) => {
      result.push({ kind: 'heading', group, key: `heading-${index}-${group}`, first: index === 0 });
      for (let i = 0; i < groupItems.length; i += columns) {
        const chunk = groupItems.slice(i, i + columns);
        result.push({ kind: 'cards', items: chunk, key: chunk.map((s) => s.id).join(':') });
      }
    });
    return result;
  }, [items, columns]);

  const count = rows.length + (hasNextPage ? 1 : 0);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => {
      const row = rows[index];
      if (!row) return 64;
      return row.kind === 'heading' ? (row.first ? 36 : 52) : 196;
    },
    getItemKey: (index) => rows[index]?.key ?? 'more',
    overscan: 3,
    initialRect: windowRect(),
    paddingStart: 8,
    paddingEnd: 48,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems.at(-1)?.index ?? -1;

  useFetchMoreNearEnd({
    lastRenderedIndex: lastIndex,
    rowCount: rows.length,
    margin: 10,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
  });

  const gridClass = columns === 3 ? 'grid-cols-3' : columns === 2 ? 'grid-cols-2' : 'grid-cols-1';

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 sm:px-6 lg:px-8">
      <div ref={innerRef} className="mx-auto max-w-6xl">
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualItems.map((item) => {
            const row = rows[item.index];
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {!row ? (
                  <div className="flex h-16 items-center justify-center text-sm text-slate-500 dark:text-slate-400">
                    {isFetchingNextPage ? 'Loading more snippets…' : ''}
                  </div>
                ) : row.kind === 'heading' ? (
                  <h2
                    className={`px-1 pb-2.5 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400 ${row.first ? 'pt-2' : 'pt-6'}`}
                  >
                    {row.group}
                  </h2>
                ) : (
                  <div className={`grid gap-4 pb-4 ${gridClass}`}>
                    {row.items.map((snippet) => (
                      <SnippetCard key={snippet.id} snippet={snippet} />
                    ))}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
