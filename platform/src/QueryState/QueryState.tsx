import type { ReactNode } from 'react';
import { ErrorState, Skeleton } from '@caucus/design-system';

/** What QueryState reads of a TanStack query (its result, or any object of the same shape). */
export type QueryStateQuery<T> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  data: T | undefined;
  refetch: () => unknown;
};

export type QueryStateProps<T> = {
  query: QueryStateQuery<T>;
  /** What the query loads, as a title: "Totals" reads "Totals could not be loaded", "Loading totals". */
  what: string;
  /** Lines of the loading skeleton. */
  lines?: number;
  children: (data: T) => ReactNode;
};

/** A query's failure with Retry, its loading state, or its content: one way for every section. */
export function QueryState<T>({ query, what, lines = 3, children }: QueryStateProps<T>) {
  if (query.isError) {
    return <ErrorState title={`${what} could not be loaded`} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (query.isPending || query.data === undefined) {
    return (
      <div role="status" aria-busy="true" aria-label={`Loading ${what.toLowerCase()}`}>
        <Skeleton lines={lines} />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
