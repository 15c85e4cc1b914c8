import { type ReactNode, type Ref, useEffect, useMemo, useRef } from 'react';
import type { Snippet } from '../../../../contracts/index.js';
import { useSnippets, useStats } from '../../api/library';
import { flattenPages } from '../../lib/linkPages';
import { resultsLabel, snippetsLabel } from '../../../../ui/lib/format';
import { useDashboardActions } from '../dashboard/DashboardContext';
import { EmptyState } from '../dashboard/EmptyState';
import { ListFilterProblem, ListLoadFailed, ListLoading, ListNoMatches } from '../dashboard/ListStates';
import { DatedVirtualList } from '../dashboard/DatedVirtualList';
import { useColumns } from '../dashboard/useColumns';
import { queryProblem } from '../search/queryProblem';
import { HighlighterIcon } from '../../../../ui/components/icons';
import { ViewHeader } from '../dashboard/ViewHeader';
import { SnippetCard, SnippetCardSkeleton } from './SnippetCard';

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
  const innerRef = useRef<HTMLDivElement>(null);
  const columns = useColumns(innerRef, columnsFor);

  const gridClass = columns === 3 ? 'grid-cols-3' : columns === 2 ? 'grid-cols-2' : 'grid-cols-1';

  return (
    <DatedVirtualList
      items={items}
      perRow={columns}
      rowHeight={196}
      overscan={3}
      fetchMargin={10}
      hasNextPage={hasNextPage}
      isFetchingNextPage={isFetchingNextPage}
      fetchNextPage={fetchNextPage}
      loadingMore="Loading more snippets…"
      widthClass="max-w-6xl"
      headingGapClass="pb-2.5"
      innerRef={innerRef}
      renderRow={(row) => (
        <div className={`grid gap-4 pb-4 ${gridClass}`}>
          {row.map((snippet) => (
            <SnippetCard key={snippet.id} snippet={snippet} />
          ))}
        </div>
      )}
    />
  );
}
