import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api';
import { EmptyState, type EmptyStateProps } from './empty-state';
import { PanelError } from './panel-error';
import { PanelSkeleton, type PanelSkeletonProps } from './panel-skeleton';

/** The part of a TanStack Query result a panel needs. */
export interface PanelQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: PanelQuery<T>;
  /** The placeholder's shape while loading. */
  skeleton?: PanelSkeletonProps;
  /** Shown when the query fails and the server gave no message. */
  failure?: string;
  /** With `empty`: when the data counts as nothing to show. */
  isEmpty?: (data: T) => boolean;
  /** What to say (and what to do) when there is nothing. */
  empty?: EmptyStateProps;
  children: (data: T) => ReactNode;
}

/**
 * A data panel's four states in one place: a skeleton while loading, the error with Retry (the query's refetch), an
 * empty state saying what to do, else the content.
 */
export function QueryState<T>({
  query,
  skeleton,
  failure = 'This could not be loaded.',
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isError) {
    return (
      <PanelError message={errorMessage(query.error, failure)} onRetry={query.refetch} retrying={query.isFetching} />
    );
  }
  if (query.isPending || query.data === undefined) return <PanelSkeleton {...skeleton} />;
  if (isEmpty?.(query.data)) {
    return (
      <div role="status">
        <EmptyState {...(empty ?? { title: 'Nothing here yet.' })} />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
