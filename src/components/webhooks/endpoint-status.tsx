"use client";
// An endpoint's health in words, as the server decided it (services/webhooks/health.ts): Healthy,
// Failing (how many of the last 24 hours' attempts failed, and the next retry), Disabled by delivery
// failures and why, or Paused. The list and the endpoint page show the same sentence.
import { Badge, type Tone } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui";
import type { EndpointHealth } from "@/server/contract/webhook-endpoint";
import { DISABLE_AFTER_CONSECUTIVE_FAILURES } from "@/server/webhooks/state";

interface EndpointState {
  disabledReason: "manual" | "consecutive_failures" | "gone" | null;
  health: EndpointHealth;
}

const STATES = {
  healthy: { label: "Healthy", tone: "success" },
  failing: { label: "Failing", tone: "danger" },
  disabled: { label: "Disabled", tone: "danger" },
  paused: { label: "Paused", tone: "warning" },
} as const satisfies Record<EndpointHealth["state"], { label: string; tone: Tone }>;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Attempts of the last 24 hours: "2 of 3 attempts failed in 24 h", or that none was made. */
function attemptsSentence(health: EndpointHealth): string {
  if (health.attempts24h === 0) return "No attempts in 24 h";
  return health.failedAttempts24h === 0
    ? `${plural(health.attempts24h, "attempt")} in 24 h, all succeeded`
    : `${health.failedAttempts24h} of ${plural(health.attempts24h, "attempt")} failed in 24 h`;
}

/** The deliveries those attempts were for: "1 succeeded · 0 failed · 1 retrying". */
export function deliveriesSentence(health: EndpointHealth): string {
  const { succeeded, failed, retrying } = health.deliveries24h;
  return `${succeeded} succeeded · ${failed} failed · ${retrying} retrying`;
}

function why(endpoint: EndpointState): string {
  const { health } = endpoint;
  switch (health.state) {
    case "disabled":
      return endpoint.disabledReason === "gone" ? "Disabled: the endpoint answered 410 Gone" : `Disabled after ${DISABLE_AFTER_CONSECUTIVE_FAILURES} consecutive failed deliveries`;
    case "paused":
      return endpoint.disabledReason === "manual" ? "Paused by an admin" : "Paused: the organization's plan has no webhooks";
    case "failing":
      return health.lastAttemptSucceeded === false ? `Last attempt failed · ${attemptsSentence(health)}` : `${plural(health.consecutiveFailures, "delivery", "deliveries")} failed after every attempt since the last success`;
    case "healthy":
      return health.lastAttemptSucceeded ? `Last attempt succeeded · ${attemptsSentence(health)}` : "No attempts yet";
  }
}

export function EndpointStatus({ endpoint }: { endpoint: EndpointState }) {
  const { health } = endpoint;
  const state = STATES[health.state];
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2 gap-y-0.5" data-testid="endpoint-health" data-state={health.state}>
      <Badge tone={state.tone}>{state.label}</Badge>
      <span className="text-sm font-normal text-muted-foreground">
        {why(endpoint)}
        {health.nextRetryAt && health.state === "failing" && (
          <>
            {" "}· next retry <LocalTime value={health.nextRetryAt} />
          </>
        )}
      </span>
    </span>
  );
}
