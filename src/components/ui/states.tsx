"use client";
// What a list or panel shows while loading, when empty, and when its query failed (with a retry).
import type { ReactNode } from "react";
import { describeError } from "@/trpc/errors";
import { Button } from "./button";
import { cn } from "./cn";

/** A panel in place of a list: centred text in a box. */
const STATE = "gap-2 rounded-card border px-4 py-9 text-center [&_p]:m-0";
const QUIET = "border-border bg-surface text-muted-foreground";

export function LoadingState({ label = "Loading…" }: { label?: string }) {
  return (
    <div className={cn(STATE, QUIET, "flex items-center justify-center")} role="status" aria-live="polite">
      <span className="size-4 animate-spin rounded-full border-2 border-border border-t-primary motion-reduce:animate-none" aria-hidden="true" />
      {label}
    </div>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className={cn(STATE, QUIET, "grid justify-items-center border-dashed")}>
      <p className="m-0 font-semibold text-foreground">{title}</p>
      {children && <div className="text-muted-foreground text-sm">{children}</div>}
      {action}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const problem = describeError(error);
  return (
    <div className={cn(STATE, "grid justify-items-center border-danger-border bg-danger-soft text-danger")} role="alert">
      <p className="m-0 font-semibold text-foreground">Could not load this.</p>
      <p className="text-sm">{problem.message}</p>
      {onRetry && (
        <Button size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/**
 * Renders a query's three states and, once it has data, `children(data)`; `isEmpty` picks the empty
 * state. One place decides how every list looks before it has something to show.
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  loadingLabel,
  children,
}: {
  query: QueryLike<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.data === undefined) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
