"use client";
// The end of a keyset-paginated list: "Load more" while the server says there is more.
import { Button } from "./button";

export function LoadMore({ hasMore, isLoading, onLoadMore }: { hasMore: boolean; isLoading: boolean; onLoadMore: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="load-more">
      <Button onClick={onLoadMore} isPending={isLoading}>
        Load more
      </Button>
    </div>
  );
}
