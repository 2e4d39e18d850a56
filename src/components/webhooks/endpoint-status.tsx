"use client";
// An endpoint's state in words: active, paused by an admin, or disabled by delivery failures and why.
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui";
import { DISABLE_AFTER_CONSECUTIVE_FAILURES } from "@/server/webhooks/state";

interface EndpointState {
  isActive: boolean;
  disabledReason: "manual" | "consecutive_failures" | "gone" | null;
  disabledAt: string | null;
  /** Counted from attempts: an active endpoint whose attempts fail reads Failing at once. */
  health?: { state: "healthy" | "failing" | "disabled" | "idle"; errorRate24h: number | null; nextRetryAt: string | null };
}

const percent = (rate: number | null) => (rate === null ? "–" : `${Math.round(rate * 100)}%`);

const REASONS = {
  manual: "Paused by an admin",
  consecutive_failures: `Disabled after ${DISABLE_AFTER_CONSECUTIVE_FAILURES} consecutive failed deliveries`,
  gone: "Disabled: the endpoint answered 410 Gone",
} as const;

export function EndpointStatus({ endpoint }: { endpoint: EndpointState }) {
  const health = endpoint.health;
  if (endpoint.isActive && health?.state === "failing") {
    return (
      <>
        <Badge tone="danger">Failing</Badge>{" "}
        <span className="text-sm text-muted-foreground" data-testid="endpoint-health">
          {percent(health.errorRate24h)} of attempts failed in 24 h
          {health.nextRetryAt && (
            <>
              {" "}· next retry <LocalTime value={health.nextRetryAt} />
            </>
          )}
        </span>
      </>
    );
  }
  if (endpoint.isActive) return <Badge tone="success">Active</Badge>;
  return (
    <>
      <Badge tone="danger">{endpoint.disabledReason === "manual" ? "Paused" : "Disabled"}</Badge>{" "}
      <span className="text-sm text-muted-foreground">{REASONS[endpoint.disabledReason ?? "manual"]}</span>
    </>
  );
}
