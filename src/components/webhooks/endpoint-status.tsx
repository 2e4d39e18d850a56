"use client";
// An endpoint's state in words: active, paused by an admin, or disabled by delivery failures and why.
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
  if (endpoint.isActive) return <span className="badge badge-ok">Active</span>;
  return (
    <>
      <span className="badge badge-disabled">{endpoint.disabledReason === "manual" ? "Paused" : "Disabled"}</span>{" "}
      <span className="small muted">{REASONS[endpoint.disabledReason ?? "manual"]}</span>
    </>
  );
}
