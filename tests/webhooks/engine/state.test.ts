// The delivery state machine as a table (contract 3.3, 3.4, 6.5; app-api section 5).
import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, nextDeliveryState, nextManualAttemptState, withoutEndpointEffect, type EndpointEffect } from "@/server/webhooks/state";

const now = new Date("2026-01-05T10:00:00.000Z");
const attemptedAt = new Date("2026-01-05T09:59:59.000Z");
const base = 60;
const noJitter = () => 0.5;
const minutes = (value: number) => new Date(now.getTime() + value * 60_000);

type Row = [label: string, attemptsBefore: number, statusCode: number | null, error: string | null, expected: { status: string; result: string; nextAttemptAt: Date | null; completed: boolean; endpoint: EndpointEffect }];

const rows: Row[] = [
  ["200 on the first attempt", 0, 200, null, { status: "success", result: "succeeded", nextAttemptAt: null, completed: true, endpoint: { type: "reset" } }],
  ["204", 0, 204, null, { status: "success", result: "succeeded", nextAttemptAt: null, completed: true, endpoint: { type: "reset" } }],
  ["299", 2, 299, null, { status: "success", result: "succeeded", nextAttemptAt: null, completed: true, endpoint: { type: "reset" } }],
  ["2xx on the fifth attempt", 4, 200, null, { status: "success", result: "succeeded", nextAttemptAt: null, completed: true, endpoint: { type: "reset" } }],
  ["500 after attempt 1: due in base", 0, 500, "boom", { status: "pending", result: "retried", nextAttemptAt: minutes(1), completed: false, endpoint: { type: "none" } }],
  ["503 after attempt 2: due in 4 × base", 1, 503, "busy", { status: "pending", result: "retried", nextAttemptAt: minutes(4), completed: false, endpoint: { type: "none" } }],
  ["network error after attempt 3: due in 16 × base", 2, null, "ECONNREFUSED", { status: "pending", result: "retried", nextAttemptAt: minutes(16), completed: false, endpoint: { type: "none" } }],
  ["timeout after attempt 4: due in 64 × base", 3, null, "timeout", { status: "pending", result: "retried", nextAttemptAt: minutes(64), completed: false, endpoint: { type: "none" } }],
  ["302 is a failed attempt", 0, 302, "HTTP 302", { status: "pending", result: "retried", nextAttemptAt: minutes(1), completed: false, endpoint: { type: "none" } }],
  ["304 is a failed attempt", 0, 304, "HTTP 304", { status: "pending", result: "retried", nextAttemptAt: minutes(1), completed: false, endpoint: { type: "none" } }],
  ["300 is a failed attempt", 0, 300, "HTTP 300", { status: "pending", result: "retried", nextAttemptAt: minutes(1), completed: false, endpoint: { type: "none" } }],
  ["404 is retried", 0, 404, "nope", { status: "pending", result: "retried", nextAttemptAt: minutes(1), completed: false, endpoint: { type: "none" } }],
  ["429 is retried", 0, 429, "slow down", { status: "pending", result: "retried", nextAttemptAt: minutes(1), completed: false, endpoint: { type: "none" } }],
  ["fifth failed attempt (500): failed", 4, 500, "boom", { status: "failed", result: "failed", nextAttemptAt: null, completed: true, endpoint: { type: "increment", disableNow: false } }],
  ["fifth failed attempt (network): failed", 4, null, "ECONNRESET", { status: "failed", result: "failed", nextAttemptAt: null, completed: true, endpoint: { type: "increment", disableNow: false } }],
  ["410 on the first attempt: failed at once, endpoint disabled", 0, 410, "gone", { status: "failed", result: "failed", nextAttemptAt: null, completed: true, endpoint: { type: "increment", disableNow: true } }],
  ["410 on the fifth attempt", 4, 410, "gone", { status: "failed", result: "failed", nextAttemptAt: null, completed: true, endpoint: { type: "increment", disableNow: true } }],
];

describe("nextDeliveryState", () => {
  it.each(rows)("%s", (_label, attemptsBefore, statusCode, error, expected) => {
    const transition = nextDeliveryState({ attempts: attemptsBefore }, { statusCode, error, attemptedAt }, { now, retryBaseSeconds: base, random: noJitter });
    expect(transition.result).toBe(expected.result);
    expect(transition.endpoint).toEqual(expected.endpoint);
    expect(transition.delivery).toEqual({
      status: expected.status,
      attempts: attemptsBefore + 1,
      manualAttempts: 0,
      nextAttemptAt: expected.nextAttemptAt,
      lastStatusCode: statusCode,
      lastError: expected.status === "success" ? null : error,
      lastAttemptAt: attemptedAt,
      completedAt: expected.completed ? now : null,
    });
  });

  it("moves each retry delay by at most ±20%", () => {
    const delayAfter = (attemptsBefore: number, random: number) =>
      nextDeliveryState({ attempts: attemptsBefore }, { statusCode: 500, error: "x", attemptedAt }, { now, retryBaseSeconds: base, random: () => random }).delivery.nextAttemptAt!.getTime() - now.getTime();
    for (const [attemptsBefore, nominalSeconds] of [[0, 60], [1, 240], [2, 960], [3, 3840]] as const) {
      expect(delayAfter(attemptsBefore, 0)).toBe(nominalSeconds * 800);
      expect(delayAfter(attemptsBefore, 0.5)).toBe(nominalSeconds * 1000);
      expect(delayAfter(attemptsBefore, 0.999999)).toBeGreaterThanOrEqual(Math.floor(nominalSeconds * 1199.99));
      expect(delayAfter(attemptsBefore, 0.999999)).toBeLessThan(nominalSeconds * 1200);
    }
    const samples = Array.from({ length: 2000 }, () => delayAfter(1, Math.random()) / 240_000);
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(0.8);
    expect(Math.max(...samples)).toBeLessThan(1.2);
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(0.3);
  });

  it("takes a fractional base (WEBHOOK_RETRY_BASE_SECONDS=0.25)", () => {
    const transition = nextDeliveryState({ attempts: 1 }, { statusCode: 500, error: "x", attemptedAt }, { now, retryBaseSeconds: 0.25, random: noJitter });
    expect(transition.delivery.nextAttemptAt!.getTime() - now.getTime()).toBe(1000);
  });
});

describe("manual attempts (app-api section 8)", () => {
  it("do not shorten the schedule: a pending delivery with two manual attempts still gets five scheduled ones", () => {
    const fourthScheduled = nextDeliveryState({ attempts: 5, manualAttempts: 2 }, { statusCode: 500, error: "x", attemptedAt }, { now, retryBaseSeconds: base, random: noJitter });
    expect(fourthScheduled.result).toBe("retried");
    expect(fourthScheduled.delivery).toMatchObject({ status: "pending", attempts: 6, manualAttempts: 2 });
    // The fourth scheduled attempt is followed by the fourth delay (base × 4^3), as without manual attempts.
    expect(fourthScheduled.delivery.nextAttemptAt!.getTime() - now.getTime()).toBe(base * 64 * 1000);
    const fifthScheduled = nextDeliveryState({ attempts: 6, manualAttempts: 2 }, { statusCode: 500, error: "x", attemptedAt }, { now, retryBaseSeconds: base, random: noJitter });
    expect(fifthScheduled.result).toBe("failed");
    expect(fifthScheduled.delivery.attempts - fifthScheduled.delivery.manualAttempts).toBe(MAX_ATTEMPTS);
  });

  it("a 2xx makes the delivery success now and resets the endpoint", () => {
    const transition = nextManualAttemptState({ attempts: 5, manualAttempts: 0 }, { statusCode: 204, error: null, attemptedAt }, { now });
    expect(transition).toEqual({
      result: "succeeded",
      delivery: { status: "success", attempts: 6, manualAttempts: 1, lastStatusCode: 204, lastError: null, lastAttemptAt: attemptedAt, completedAt: now, nextAttemptAt: null },
      endpoint: { type: "reset" },
    });
  });

  it.each([[500], [410], [null]])("a failed one (%s) keeps the state and the endpoint's counters; only the counts move", (statusCode) => {
    const transition = nextManualAttemptState({ attempts: 5, manualAttempts: 1 }, { statusCode, error: "down", attemptedAt }, { now });
    expect(transition.result).toBe("unchanged");
    expect(transition.endpoint).toEqual({ type: "none" });
    expect(transition.delivery).toMatchObject({ isStateKept: true, attempts: 6, manualAttempts: 2 });
  });

  it("a test delivery never touches its endpoint", () => {
    const terminal = nextDeliveryState({ attempts: 4 }, { statusCode: 410, error: "gone", attemptedAt }, { now, retryBaseSeconds: base, random: noJitter });
    expect(terminal.endpoint).toEqual({ type: "increment", disableNow: true });
    expect(withoutEndpointEffect(terminal).endpoint).toEqual({ type: "none" });
    expect(withoutEndpointEffect(terminal).delivery).toEqual(terminal.delivery);
  });
});
