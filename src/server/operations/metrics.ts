// Prometheus metrics (GET /api/metrics): HTTP requests by route template, method and status with a
// latency histogram; webhook attempts by outcome with their latency; due deliveries waiting and the
// age of the oldest (read from the database at scrape time); rate-limit rejections.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { processState } from "@/server/process-state";
import type { Db } from "@/server/db";

interface Metrics {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method" | "status">;
  webhookAttempts: Counter<"outcome">;
  webhookAttemptDuration: Histogram<"outcome">;
  dueDeliveries: Gauge;
  oldestDueDeliveryAge: Gauge;
  rateLimitRejections: Counter<"limit">;
  passwordHashes: Counter;
}

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  return {
    registry,
    httpRequests: new Counter({ name: "orbit_http_requests_total", help: "HTTP requests by route template, method and status", labelNames: ["route", "method", "status"], registers: [registry] }),
    httpDuration: new Histogram({ name: "orbit_http_request_duration_seconds", help: "HTTP request latency", labelNames: ["route", "method", "status"], buckets: latencyBuckets, registers: [registry] }),
    webhookAttempts: new Counter({ name: "orbit_webhook_attempts_total", help: "Webhook delivery attempts by outcome", labelNames: ["outcome"], registers: [registry] }),
    webhookAttemptDuration: new Histogram({ name: "orbit_webhook_attempt_duration_seconds", help: "Webhook attempt latency", labelNames: ["outcome"], buckets: latencyBuckets, registers: [registry] }),
    dueDeliveries: new Gauge({ name: "orbit_webhook_due_deliveries", help: "Pending deliveries whose next attempt is due", registers: [registry] }),
    oldestDueDeliveryAge: new Gauge({ name: "orbit_webhook_oldest_due_delivery_age_seconds", help: "How long the oldest due delivery has waited", registers: [registry] }),
    rateLimitRejections: new Counter({ name: "orbit_rate_limit_rejections_total", help: "Requests refused with 429 (503 for server_queue and anonymous_queue) by limit", labelNames: ["limit"], registers: [registry] }),
    passwordHashes: new Counter({ name: "orbit_password_hashes_total", help: "Password hashes computed (scrypt), for sign-ins, sign-ups and password changes", registers: [registry] }),
  };
}

/** One registry across the server's bundles (route handlers, instrumentation) and dev reloads. */
export function getMetrics(): Metrics {
  return processState("metrics", createMetrics);
}

export function recordHttpRequest(route: string, method: string, status: number, seconds: number): void {
  const labels = { route, method, status: String(status) };
  getMetrics().httpRequests.inc(labels);
  getMetrics().httpDuration.observe(labels, seconds);
}

/** Called by the delivery engine once per attempt. */
export function recordWebhookAttempt(outcome: string, seconds: number): void {
  getMetrics().webhookAttempts.inc({ outcome });
  getMetrics().webhookAttemptDuration.observe({ outcome }, seconds);
}

export type RejectedLimit =
  | "api_key"
  | "login_email"
  | "login_address"
  | "login_device"
  | "signup_address"
  | "invite_token"
  | "invite_address"
  | "sso_address"
  | "oauth_address"
  | "calendar_token"
  | "calendar_address"
  | "organization_concurrency"
  | "client_queue"
  | "anonymous_queue"
  | "server_queue";

export function recordRateLimitRejection(limit: RejectedLimit): void {
  getMetrics().rateLimitRejections.inc({ limit });
}

/** Called once per password hash computed (passwords.ts). */
export function recordPasswordHash(): void {
  getMetrics().passwordHashes.inc();
}

/** The Prometheus text, with the delivery backlog read now (across organizations: an operator's view). */
export async function renderMetrics(db: Db): Promise<{ contentType: string; text: string }> {
  const metrics = getMetrics();
  const [backlog] = await db.$queryRaw<{ due: number; oldest: Date | null }[]>`
    SELECT count(*)::int AS due, min("nextAttemptAt") AS oldest
    FROM "WebhookDelivery" WHERE "status" = 'pending' AND "nextAttemptAt" <= now()`;
  metrics.dueDeliveries.set(backlog?.due ?? 0);
  metrics.oldestDueDeliveryAge.set(backlog?.oldest ? Math.max(0, (Date.now() - backlog.oldest.getTime()) / 1000) : 0);
  return { contentType: metrics.registry.contentType, text: await metrics.registry.metrics() };
}
