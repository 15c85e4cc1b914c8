import type { ReactNode } from 'react';
import { Button } from '../../../../ui/components/controls';
import { EmptyState } from './EmptyState';
import { AlertIcon, SearchXIcon } from '../../../../ui/components/icons';

/** The dashboard's lists (links, snippets) share these states; only the words and skeletons differ. */
export function ListLoading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-h-0 flex-1 overflow-hidden px-4 sm:px-6 lg:px-8" aria-busy="true" aria-label={label}>
      {children}
    </div>
  );
}

export function ListLoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <EmptyState
      tone="slate"
      icon={<AlertIcon className="size-7" />}
      title={`We couldn't load your ${what}`}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      Check your connection and try again.
    </EmptyState>
  );
}

/** A filtered list showing nothing: no link or snippet matches, or (titled so) the filter cannot be used. */
export function ListNoMatches({
  onClear,
  title = 'No results found',
  children,
}: {
  onClear: () => void;
  title?: string;
  children: ReactNode;
}) {
  return (
    <EmptyState
      tone="slate"
      icon={<SearchXIcon className="size-7" />}
      title={title}
      action={
        <Button variant="secondary" onClick={onClear}>
          Clear filter
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}

/** A filter the list cannot use (queryProblem: too long, or refused by the API), said in words. */
export function ListFilterProblem({ problem, onClear }: { problem: string; onClear: () => void }) {
  return (
    <ListNoMatches title="This filter can't be used" onClear={onClear}>
      {problem}
    </ListNoMatches>
  );
}
