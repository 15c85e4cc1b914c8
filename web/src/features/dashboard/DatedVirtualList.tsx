import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type Ref, useMemo, useRef } from 'react';
import { type DateGroup, groupByDate } from '../../../../ui/lib/dates';
import { useFetchMoreNearEnd } from './useFetchMoreNearEnd';
import { windowRect } from './windowRect';

type Row<T> =
  | { kind: 'heading'; group: DateGroup; key: string; first: boolean }
  | { kind: 'items'; items: T[]; key: string; group: DateGroup | null };

/**
 * Each date group's heading, then its items `perRow` to a row (SPEC.md §2: newest first, by day saved);
 * not `grouped` (a list in another order than by date), the items alone.
 */
function datedRows<T extends { id: string; createdAt: string }>(
  items: T[],
  perRow: number,
  grouped: boolean,
): Row<T>[] {
  const rows: Row<T>[] = [];
  const chunks = (list: T[], group: DateGroup | null) => {
    for (let i = 0; i < list.length; i += perRow) {
      const chunk = list.slice(i, i + perRow);
      rows.push({ kind: 'items', items: chunk, key: chunk.map((item) => item.id).join(':'), group });
    }
  };
  if (!grouped) {
    chunks(items, null);
    return rows;
  }
  groupByDate(items, (item) => item.createdAt).forEach(({ group, items: inGroup }, index) => {
    rows.push({ kind: 'heading', group, key: `heading-${index}-${group}`, first: index === 0 });
    chunks(inGroup, group);
  });
  return rows;
}

/**
 * A long list grouped by date and virtualised: only the rows in view (and `overscan` more) are in the
 * page, each measured after render since cards differ in height. The next page is fetched when the last
 * rendered row comes within `fetchMargin` rows of the end of what is loaded.
 */
export function DatedVirtualList<T extends { id: string; createdAt: string }>({
  items,
  perRow = 1,
  grouped = true,
  rowHeight,
  overscan,
  fetchMargin,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  loadingMore,
  widthClass,
  headingGapClass,
  innerRef,
  testId,
  renderRow,
}: {
  items: T[];
  perRow?: number;
  /** Under date headings (the default). */
  grouped?: boolean;
  /** A row of items' height before it is measured. */
  rowHeight: number;
  overscan: number;
  fetchMargin: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  /** What the last row says while the next page loads. */
  loadingMore: string;
  widthClass: string;
  headingGapClass: string;
  innerRef?: Ref<HTMLDivElement>;
  testId?: string;
  /** A row's items, and the date heading they are under (null when the list has none). */
  renderRow: (items: T[], group: DateGroup | null) => ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => datedRows(items, perRow, grouped), [items, perRow, grouped]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length + (hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => {
      const row = rows[index];
      if (!row) return 64;
      return row.kind === 'heading' ? (row.first ? 36 : 52) : rowHeight;
    },
    getItemKey: (index) => rows[index]?.key ?? 'more',
    overscan,
    initialRect: windowRect(),
    paddingStart: 8,
    paddingEnd: 48,
  });
  const virtualItems = virtualizer.getVirtualItems();

  useFetchMoreNearEnd({
    lastRenderedIndex: virtualItems.at(-1)?.index ?? -1,
    rowCount: rows.length,
    margin: fetchMargin,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
  });

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 sm:px-6 lg:px-8">
      <div ref={innerRef} className={`mx-auto ${widthClass}`}>
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }} data-testid={testId}>
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
                    {isFetchingNextPage ? loadingMore : ''}
                  </div>
                ) : row.kind === 'heading' ? (
                  <h2
                    className={`px-1 ${headingGapClass} text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400 ${row.first ? 'pt-2' : 'pt-6'}`}
                  >
                    {row.group}
                  </h2>
                ) : (
                  renderRow(row.items, row.group)
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
