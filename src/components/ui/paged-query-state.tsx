"use client";
// A keyset-paginated list (an infinite query of `{ items }` pages): its loading, error and empty
// states, then `children(rows)` with "Load more" while the server says there is more.
import type { ReactNode } from "react";
import { LoadMore } from "./load-more";
import { QueryState } from "./states";

interface InfiniteQueryLike<T> {
  data: { pages: { items: T[] }[] } | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export function PagedQueryState<T>({ query, loadingLabel, empty, children }: { query: InfiniteQueryLike<T>; loadingLabel: string; empty: ReactNode; children: (rows: T[]) => ReactNode }) {
  const rows = query.data?.pages.flatMap((page) => page.items);
  return (
    <QueryState query={{ ...query, data: rows }} isEmpty={(list) => list.length === 0} loadingLabel={loadingLabel} empty={empty}>
      {(list) => (
        <>
          {children(list)}
          <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
        </>
      )}
    </QueryState>
  );
}
