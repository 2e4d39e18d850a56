"use client";
// The organization's notices about its endpoints (failing at 5, 10 and 15 consecutive failures;
// disabled) and its projects' budgets (a threshold reached), newest first, each marked read on its own.
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { Button, EmptyState, LocalTime, PagedQueryState } from "@/components/ui";
import type { NotificationView } from "@/server/contract/notification";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { useInvalidate } from "@/components/ui/use-invalidation";


function describeNotice(notice: NotificationView): string {
  if (notice.kind === "budget_threshold") {
    return `A project reached ${notice.thresholdPercent}% of its budget${notice.budgetPeriod === "total" ? "" : ` for ${notice.budgetPeriod}`}.`;
  }
  if (notice.kind === "webhook_failing") return `${notice.consecutiveFailures} deliveries in a row have failed.`;
  return notice.reason === "gone" ? "Disabled: the endpoint answered 410 Gone." : `Disabled after ${notice.consecutiveFailures} consecutive failed deliveries.`;
}

export function Notices() {
  const trpc = useTRPC();
  const invalidate = useInvalidate("notifications");
  const notices = useInfiniteQuery(trpc.notifications.list.infiniteQueryOptions({ limit: PAGE_SIZE.notices }, pagedByCursor));
  const read = useMutation(trpc.notifications.read.mutationOptions({ onSuccess: invalidate }));
  return (
    <section className="mt-7" id="notices" aria-labelledby="notices-heading">
      <h2 id="notices-heading">Notices</h2>
      <PagedQueryState
        query={notices}
        loadingLabel="Loading notices…"
        empty={<EmptyState title="No notices.">Orbit tells you here, and by mail when it is set up, when an endpoint keeps failing or is disabled.</EmptyState>}
      >
        {(list) => (
          <ul className="list-none m-0 p-0 grid gap-2">
            {list.map((notice) => (
              <li key={notice.id} className={cn("flex items-center justify-between gap-3 rounded-card border border-border bg-surface px-3.5 py-2.5 [&_p]:m-0", !notice.readAt && "border-l-4 border-l-danger")} data-testid="notice">
                <div>
                  <p>
                    {!notice.readAt && <span className="sr-only">Unread: </span>}
                    <strong>{describeNotice(notice)}</strong>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {notice.kind === "budget_threshold" ? (
                      <Link className="font-semibold break-words" href={`/projects/${notice.constellationId}`}>
                        See the project
                      </Link>
                    ) : (
                      <Link className="font-semibold break-words" href={`/webhooks/${notice.endpointId}`}>
                        {notice.endpointUrl}
                      </Link>
                    )}{" "}
                    · <LocalTime value={notice.createdAt} />
                  </p>
                </div>
                {!notice.readAt && (
                  <Button size="sm" isPending={read.isPending && read.variables?.id === notice.id} onClick={() => read.mutate({ id: notice.id })} aria-label={`Mark read: ${describeNotice(notice)} ${notice.endpointUrl ?? ""}`.trim()}>
                    Mark read
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedQueryState>
    </section>
  );
}
