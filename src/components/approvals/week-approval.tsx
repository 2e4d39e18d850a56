"use client";
// The timesheet's week state: its badge, the admin's note on a rejected week, and Submit week (again,
// after a rejection or a reopening). A submitted week is read-only for its member, an approved one for
// everyone; the server refuses the writes, the grid shows them read-only.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button, FormError } from "@/components/ui";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { describeError, type DisplayError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { ApprovalBadge, type Approval } from "./approval-parts";

/** The approval of `userId`'s week holding `day`, null when never submitted (a person has one approval per week). */
export function useWeekApproval(day: string, userId: string) {
  const trpc = useTRPC();
  const query = useQuery(trpc.approvals.list.queryOptions({ week: day, userId, limit: 1 }));
  const approval: Approval | null = query.data?.items[0] ?? null;
  return { query, approval };
}

/** Why the week's cells are read-only for this person, or null when they may write. */
export function weekReadOnlyReason(approval: Approval | null, isAdmin: boolean): string | null {
  if (approval?.status === "approved") return "This week is approved: read-only until an admin reopens it";
  if (approval?.status === "submitted" && !isAdmin) return "This week is submitted for approval: read-only";
  return null;
}

export function WeekApproval({ weekStart, userId, approval, isLoading }: { weekStart: string; userId?: string; approval: Approval | null; isLoading: boolean }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("approvals");
  const submit = useMutation(trpc.approvals.submit.mutationOptions({ onSuccess: invalidate }));
  const [error, setError] = useState<DisplayError | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const state = approval?.status ?? "open";
  const canSubmit = !isLoading && (state === "open" || state === "rejected" || state === "reopened");

  async function submitWeek() {
    setError(null);
    try {
      await submit.mutateAsync({ week: weekStart, userId });
      setAnnouncement("Week submitted for approval.");
    } catch (caught) {
      setError(describeError(caught));
    }
  }

  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2" aria-label="Week approval" role="group">
      <span className="text-sm text-muted-foreground">Approval:</span>
      {isLoading ? <span className="text-sm text-muted-foreground">Loading…</span> : <ApprovalBadge state={state} />}
      {canSubmit && (
        <Button size="sm" variant="primary" onClick={submitWeek} isPending={submit.isPending}>
          {state === "open" ? "Submit week" : "Submit week again"}
        </Button>
      )}
      {state === "rejected" && approval?.note && (
        <p className="basis-full text-sm">
          <span className="font-semibold">Note from the admin:</span> {approval.note}
        </p>
      )}
      <span className="sr-only" role="status">
        {announcement}
      </span>
      <div className="basis-full empty:hidden">
        <FormError error={error} />
      </div>
    </div>
  );
}
