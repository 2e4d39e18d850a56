"use client";
import { Badge } from "@/components/ui/badge";
const LABELS = { pending: "Pending", success: "Succeeded", failed: "Failed" } as const;

const TONES = { pending: "accent", success: "success", failed: "danger" } as const;

export const DELIVERY_STATUS_LABELS = LABELS;

/** Marks a test event's delivery (or its event, or its attempts) in every list: it is left out of the endpoint's health. */
export function TestBadge() {
  return (
    <Badge tone="info" className="ml-1">
      Test
    </Badge>
  );
}

export function DeliveryStatus({ status }: { status: keyof typeof LABELS }) {
  return <Badge tone={TONES[status]}>{LABELS[status]}</Badge>;
}

/** The last answer in a few words: "HTTP 200", "HTTP 503: Service Unavailable", or the network error. */
export function lastResponse(delivery: { attempts: number; lastStatusCode: number | null; lastError: string | null }): string {
  if (delivery.attempts === 0) return "Not attempted yet";
  const error = delivery.lastError && delivery.lastError.length > 80 ? `${delivery.lastError.slice(0, 80)}…` : delivery.lastError;
  if (delivery.lastStatusCode === null) return error ?? "No response";
  return error && error !== `HTTP ${delivery.lastStatusCode}` ? `HTTP ${delivery.lastStatusCode}: ${error}` : `HTTP ${delivery.lastStatusCode}`;
}
