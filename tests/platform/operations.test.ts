// Operations (app-api.md section 10): health, readiness, metrics, request logs, rate-limit fields.
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/env";
import { getDb } from "@/server/db";
import { createLogger, getLogger, replaceLogger } from "@/server/operations/logger";
import { TestClient } from "../harness/http";
import { apiOrganization, PASSWORD, signUpOrganization } from "../harness/factories";

const saved = { ...process.env };
const METRICS_TOKEN = "metrics-token-0123456789";
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

/** Log lines written while `run` runs, through the process logger at `info`. */
async function captureLogs(run: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const previous = replaceLogger(createLogger("info", sink));
  try {
    await run();
  } finally {
    replaceLogger(previous);
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("GET /api/health and /api/ready", () => {
  it("health answers ok without a session or key", async () => {
    const response = await new TestClient().get("/api/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok" });
  });

  it("ready answers 200 when migrated, 503 while a migration is pending", async () => {
    expect((await new TestClient().get("/api/ready")).body).toEqual({ status: "ok" });
    const db = await getDb();
    const [last] = await db.$queryRaw<{ id: string; finished_at: Date }[]>`SELECT id, finished_at FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`;
    await db.$executeRaw`UPDATE "_prisma_migrations" SET finished_at = NULL WHERE id = ${last!.id}`;
    try {
      const pending = await new TestClient().get("/api/ready");
      expect(pending.status).toBe(503);
      expect(pending.body).toEqual({ status: "unavailable", reason: "migrations_pending" });
    } finally {
      await db.$executeRaw`UPDATE "_prisma_migrations" SET finished_at = ${last!.finished_at} WHERE id = ${last!.id}`;
    }
    expect((await new TestClient().get("/api/ready")).status).toBe(200);
  });
});

describe("GET /api/metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    const response = await new TestClient({ authorization: `Bearer ${METRICS_TOKEN}` }).get("/api/metrics");
    expect(response.status).toBe(404);
    expect(response.body.error).toBe("not_found");
  });

  it("needs the bearer token", async () => {
    process.env = { ...saved, METRICS_TOKEN };
    resetEnvCache();
    for (const headers of [{}, { authorization: "Bearer wrong-token-0123456789" }, { authorization: METRICS_TOKEN }] as Record<string, string>[]) {
      const response = await new TestClient(headers).get("/api/metrics");
      expect(response.status).toBe(401);
      expect(response.body.error).toBe("unauthorized");
    }
  });

  it("exposes requests by route template, webhook backlog and rate-limit rejections in Prometheus text", async () => {
    process.env = { ...saved, METRICS_TOKEN };
    resetEnvCache();
    const { api } = await apiOrganization(["customers:read"], { rateLimitPerHour: 1 });
    expect((await api.get("/api/v1/customers?limit=5")).status).toBe(200);
    expect((await api.get("/api/v1/customers")).status).toBe(429);
    expect((await new TestClient().get("/api/app/me")).status).toBe(401);
    const response = await new TestClient({ authorization: `Bearer ${METRICS_TOKEN}` }).get("/api/metrics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(response.text).toMatch(/orbit_http_requests_total\{route="\/api\/v1\/customers",method="GET",status="200"\} [1-9]/);
    expect(response.text).toMatch(/orbit_http_requests_total\{route="\/api\/app\/me",method="GET",status="401"\} [1-9]/);
    expect(response.text).toMatch(/orbit_http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/v1\/customers",method="GET",status="200"\}/);
    expect(response.text).toMatch(/orbit_rate_limit_rejections_total\{limit="api_key"\} [1-9]/);
    expect(response.text).toMatch(/^orbit_webhook_due_deliveries \d+$/m);
    expect(response.text).toMatch(/^orbit_webhook_oldest_due_delivery_age_seconds [\d.e+-]+$/m);
    expect(response.text).toContain("# TYPE orbit_webhook_attempts_total counter");
  });
});

describe("request logs", () => {
  it("one JSON line per request with id, route, status and duration, and no secrets", async () => {
    const { key, api } = await apiOrganization(["customers:write"]);
    let requestId = "";
    const lines = await captureLogs(async () => {
      const response = await api.post("/api/v1/customers", { name: "Logged Co", email: "billing@logged.example" }, { headers: { "x-request-id": "trace-0001-abcdef" } });
      expect(response.status).toBe(201);
      requestId = response.headers.get("x-request-id")!;
      await new TestClient().post("/api/app/auth/login", { email: "nobody@example.com", password: PASSWORD });
    });
    expect(requestId).toBe("trace-0001-abcdef");
    const created = lines.find((line) => line.requestId === requestId)!;
    expect(created).toMatchObject({ level: "info", method: "POST", route: "/api/v1/customers", status: 201, msg: "request" });
    expect(typeof created.durationMs).toBe("number");
    expect(typeof created.time).toBe("string");
    expect(lines.find((line) => line.route === "/api/app/auth/login")).toMatchObject({ status: 401 });
    const text = JSON.stringify(lines);
    for (const secret of [key, PASSWORD, "Logged Co", "billing@logged.example", "nobody@example.com"]) expect(text).not.toContain(secret);
  });

  it("redacts secrets by configuration wherever they are logged", async () => {
    const lines = await captureLogs(async () => {
      const logger = getLogger();
      logger.info({ password: "hunter2", user: { passwordHash: "scrypt$x" }, headers: { authorization: "Bearer sk_x", cookie: "tt_session=y" }, endpoint: { secret: "whsec_z" }, body: { a: 1 } }, "careless");
    });
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|scrypt\$x|sk_x|tt_session|whsec_z|"a":1/);
    expect(lines[0]).toMatchObject({ password: "[redacted]", headers: { authorization: "[redacted]", cookie: "[redacted]" }, body: "[redacted]" });
  });
});

describe("IETF RateLimit fields", () => {
  it("are sent beside the contract's headers", async () => {
    const { api } = await apiOrganization(["customers:read"], { rateLimitPerHour: 50 });
    const response = await api.get("/api/v1/customers");
    expect(response.headers.get("ratelimit-policy")).toBe('"hourly";q=50;w=3600');
    const remaining = response.headers.get("ratelimit-remaining");
    const reset = response.headers.get("ratelimit-reset");
    expect(response.headers.get("ratelimit")).toBe(`"hourly";r=${remaining};t=${reset}`);
  });

  it("are not on in-app routes, which have no key limit", async () => {
    const admin = await signUpOrganization();
    expect((await admin.client.get("/api/app/me")).headers.get("ratelimit-policy")).toBeNull();
  });
});
