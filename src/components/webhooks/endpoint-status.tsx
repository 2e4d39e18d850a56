"use client";
// An endpoint's state in words: active, paused by an admin, or disabled by delivery failures and why.
import { Badge } from "@/components/ui/badge";
import { DISABLE_AFTER_CONSECUTIVE_FAILURES } from "@/server/webhooks/state";

interface EndpointState {
  isActive: boolean;
  disabledReason: "manual" | "consecutive_failures" | "gone" | null;
  disabledAt: string | null;
}

const REASONS = {
  manual: "Paused by an admin",
  consecutive_failures: `Disabled after ${DISABLE_AFTER_CONSECUTIVE_FAILURES} consecutive failed deliveries`,
  gone: "Disabled: the endpoint answered 410 Gone",
} as const;

export function EndpointStatus({ endpoint }: { endpoint: EndpointState }) {
  if (endpoint.isActive) return <Badge tone="success">Active</Badge>;
  return (
    <>
      <Badge tone="danger">{endpoint.disabledReason === "manual" ? "Paused" : "Disabled"}</Badge>{" "}
      <span className="text-sm text-muted-foreground">{REASONS[endpoint.disabledReason ?? "manual"]}</span>
    </>
  );
}
