import { useEffect } from 'react';

/** Fetches the next page of a virtual list once its last rendered row is within `margin` rows of the end. */
export function useFetchMoreNearEnd(options: {
  lastRenderedIndex: number;
  rowCount: number;
  margin: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}): void {
  const { lastRenderedIndex, rowCount, margin, hasNextPage, isFetchingNextPage, fetchNextPage } = options;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastRenderedIndex >= rowCount - margin) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastRenderedIndex, rowCount, margin, fetchNextPage]);
}
