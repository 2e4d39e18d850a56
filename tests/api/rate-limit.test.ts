// Rate limiting (contract section 8): the sliding approximation over fixed hour windows, atomic
// counting under concurrency, and fail-open.
import { describe, expect, it, vi } from "vitest";
import { decideRateLimit, WINDOW_MS } from "@/server/api/middleware/rate-limit";
import { getDb } from "@/server/db";
import { apiOrganization } from "../harness/factories";
import { getLogger } from "@/server/operations/logger";

const hour = (n: number) => Date.UTC(2026, 10, 22, n);

describe("decideRateLimit", () => {
  it("counts the current window alone at a window's start when the previous was empty", () => {
    const decision = decideRateLimit(10, 10, 0, hour(3));
    expect(decision.isAllowed).toBe(true);
    expect(decision.info).toEqual({ limit: 10, remaining: 0, reset: hour(4) / 1000 });
    expect(decision.resetAfterSeconds).toBe(3600);
    expect(decideRateLimit(10, 11, 0, hour(3)).isAllowed).toBe(false);
  });

  it("weights the previous window by the unelapsed fraction of the current one", () => {
    // 15 minutes in: previous × 0.75.
    const at = hour(3) + WINDOW_MS / 4;
    expect(decideRateLimit(100, 25, 100, at).isAllowed).toBe(true); // 25 + 75 = 100
    expect(decideRateLimit(100, 26, 100, at).isAllowed).toBe(false); // 26 + 75 = 101
    expect(decideRateLimit(100, 25, 100, at).info.remaining).toBe(0);
    expect(decideRateLimit(100, 10, 100, at).info.remaining).toBe(15);
    expect(decideRateLimit(100, 10, 100, at).resetAfterSeconds).toBe(2700);
  });

  it("computes Retry-After as the moment one more request would be admitted", () => {
    // Over the limit with no previous weight: wait for the next window, where this window's count decays.
    const at = hour(3) + WINDOW_MS / 2;
    const refused = decideRateLimit(20, 21, 0, at);
    expect(refused.isAllowed).toBe(false);
    // next window: 1 + 21 × (1 − f) ≤ 20 → f ≥ 2/21.
    expect(refused.retryAfterSeconds).toBe(Math.ceil((WINDOW_MS / 2 + (2 * WINDOW_MS) / 21) / 1000));
    // Current count still has room; only the previous window's weight is in the way.
    const decaying = decideRateLimit(100, 51, 100, at); // 51 + 50 = 101
    expect(decaying.isAllowed).toBe(false);
    // 52 + 100 × (1 − f) ≤ 100 → f ≥ 0.52.
    expect(decaying.retryAfterSeconds).toBe(Math.ceil((0.02 * WINDOW_MS) / 1000));
  });
});

describe("rate limiting over HTTP", () => {
  it("admits exactly the limit out of concurrent requests in one window", async () => {
    const { api } = await apiOrganization(["customers:read"], { rateLimitPerHour: 20 });
    const responses = await Promise.all(Array.from({ length: 50 }, () => api.get("/api/v1/customers?limit=1")));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    const remaining = responses.filter((response) => response.status === 200).map((response) => Number(response.headers.get("ratelimit-remaining")));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it("counts per key: another key of the same organization has its own window", async () => {
    const { api, admin } = await apiOrganization(["*"], { rateLimitPerHour: 1 });
    expect((await api.get("/api/v1/customers")).status).toBe(200);
    expect((await api.get("/api/v1/customers")).status).toBe(429);
    const other = await admin.client.post("/api/app/api-keys", { name: "second", scopes: ["*"], rateLimitPerHour: 1 });
    const { apiClient } = await import("../harness/factories");
    expect((await apiClient(other.body.data.key).get("/api/v1/customers")).status).toBe(200);
  });

  it("fails open with a logged warning when the limiter's store errors", async () => {
    const { api } = await apiOrganization(["*"], { rateLimitPerHour: 1 });
    const db = await getDb();
    const warn = vi.spyOn(getLogger(), "warn").mockImplementation(() => {});
    await db.$executeRawUnsafe(`ALTER TABLE "RateLimitWindow" RENAME TO "RateLimitWindowMoved"`);
    try {
      for (let attempt = 0; attempt < 3; attempt++) expect((await api.get("/api/v1/customers")).status).toBe(200);
      expect(warn).toHaveBeenCalledWith({ err: expect.any(Error) }, expect.stringContaining("rate limiter unavailable"));
    } finally {
      await db.$executeRawUnsafe(`ALTER TABLE "RateLimitWindowMoved" RENAME TO "RateLimitWindow"`);
      warn.mockRestore();
    }
  });

  it("never counts a request refused before the limit (401, 402, 403), even when they race admitted ones", async () => {
    const { api, admin } = await apiOrganization(["customers:read"], { rateLimitPerHour: 5 });
    const refused = await Promise.all([
      ...Array.from({ length: 10 }, () => api.get("/api/v1/tasks")), // 403: no tasks:read
      ...Array.from({ length: 10 }, () => api.post("/api/v1/customers", { name: "Nope" })), // 403: no customers:write
      ...Array.from({ length: 4 }, () => api.get("/api/v1/customers?limit=1")),
    ]);
    expect(refused.filter((response) => response.status === 403)).toHaveLength(20);
    expect(refused.filter((response) => response.status === 200)).toHaveLength(4);
    // Only the four admitted requests were counted: one more is admitted, with nothing remaining.
    const fifth = await api.get("/api/v1/customers?limit=1");
    expect(fifth.status).toBe(200);
    expect(fifth.headers.get("ratelimit-remaining")).toBe("0");
    expect((await api.get("/api/v1/customers?limit=1")).status).toBe(429);

    // Downgraded, the same key is refused with 402 and nothing is counted either.
    const other = await admin.client.post("/api/app/api-keys", { name: "second", scopes: ["*"], rateLimitPerHour: 2 });
    const { apiClient } = await import("../harness/factories");
    const second = apiClient(other.body.data.key);
    expect((await admin.client.put("/api/app/organization/plan", { plan: "free" })).status).toBe(200);
    for (let attempt = 0; attempt < 3; attempt++) expect((await second.get("/api/v1/customers")).status).toBe(402);
    expect((await admin.client.put("/api/app/organization/plan", { plan: "pro" })).status).toBe(200);
    const admitted = await second.get("/api/v1/customers");
    expect(admitted.status).toBe(200);
    expect(admitted.headers.get("ratelimit-remaining")).toBe("1");
  });
});
