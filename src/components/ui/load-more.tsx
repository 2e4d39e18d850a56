"use client";
// The end of a keyset-paginated list: "Load more" while the server says there is more.
import { Button } from "./button";

export function LoadMore({ hasMore, isLoading, onLoadMore }: { hasMore: boolean; isLoading: boolean; onLoadMore: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center mt-3.5">
      <Button onClick={onLoadMore} isPending={isLoading}>
        Load more
      </Button>
    </div>
  );
}
