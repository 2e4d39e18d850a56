"use client";
// Pieces the timesheet and the Approvals page share: a week's state as a badge, and the week in words.
import { Badge, type Tone } from "@/components/ui/badge";
import type { RouterOutputs } from "@/trpc/types";

export type Approval = RouterOutputs["approvals"]["list"]["items"][number];
export type ApprovalState = Approval["status"] | "open";

export const APPROVAL_LABELS: Record<ApprovalState, string> = {
  open: "Not submitted",
  submitted: "Submitted",
  approved: "Approved",
  rejected: "Rejected",
  reopened: "Reopened",
};

const APPROVAL_TONES: Record<ApprovalState, Tone> = { open: "neutral", submitted: "info", approved: "success", rejected: "danger", reopened: "warning" };

export function ApprovalBadge({ state }: { state: ApprovalState }) {
  return <Badge tone={APPROVAL_TONES[state]}>{APPROVAL_LABELS[state]}</Badge>;
}

/** "16 Nov – 22 Nov 2026" for the week starting on `weekStart` (YYYY-MM-DD). */
export function weekInWords(weekStart: string): string {
  const [year, month, day] = weekStart.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1, day));
  const last = new Date(Date.UTC(year, month - 1, day + 6));
  const short = (date: Date) => date.toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
  return `${short(first)} – ${short(last)} ${last.getUTCFullYear()}`;
}
