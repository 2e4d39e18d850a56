// orbit/sdk's client against a started server: every page of a list, one Idempotency-Key per POST and
// PATCH reused by its retries (a POST whose answer is lost or replaced by a 5xx creates once), a 429
// honoured, and typed errors carrying the answer's code, details, status and request id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Orbit, OrbitError, type Task } from "orbit/sdk";
import { apiOrganization, createApiKey, insertCustomer, insertTimeLog } from "../harness/factories";
import { dispatchToNext } from "../harness/http";
import { startOrbitServer, type StartedServer } from "../harness/server";
import { useFaultProxies } from "../harness/fault-proxy";

let server: StartedServer;
let origin: string;
beforeAll(async () => {
  server = await startOrbitServer(dispatchToNext);
  origin = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close());
const startProxy = useFaultProxies();

/** Short backoff so retries do not slow the suite; the logic is the default's. */
const FAST = { baseDelayMs: 10 };

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const collected: T[] = [];
  for await (const item of items) collected.push(item);
  return collected;
}

// Each test sends dozens of requests through a real socket; a busy machine needs more than the default.
describe("orbit/sdk client", { timeout: 120_000 }, () => {
  it("iterates every item of every page of a list, following the cursor to the end", async () => {
    const { admin, key } = await apiOrganization(["*"]);
    const proxy = await startProxy(server.port, () => ({ kind: "forward" }));
    const orbit = new Orbit({ apiKey: key, baseUrl: proxy.origin, retry: FAST });
    const created: Task[] = [];
    for (let index = 0; index < 7; index += 1) created.push(await orbit.tasks.create({ title: `Task ${index}` }));

    const listed = await all(orbit.tasks.list({ limit: 3 }));
    expect(listed.map((task) => task.id).sort()).toEqual(created.map((task) => task.id).sort());
    const pageRequests = proxy.requests.filter((request) => request.method === "GET" && request.path.startsWith("/api/v1/tasks?"));
    expect(pageRequests).toHaveLength(3);
    expect(pageRequests.slice(1).every((request) => request.path.includes("cursor="))).toBe(true);

    for (let index = 0; index < 3; index += 1) await insertCustomer(admin.organizationId, { name: `Customer ${index}` });
    expect(await all(orbit.customers.list({ limit: 2 }))).toHaveLength(3);
    await insertTimeLog(admin, { startedAt: "2026-03-02T10:00:00Z" });
    await insertTimeLog(admin, { startedAt: "2026-03-03T10:00:00Z" });
    const logs = await all(orbit.timeLogs.list({ limit: 1 }));
    expect(logs.map((log) => log.startedAt)).toEqual(["2026-03-03T10:00:00.000Z", "2026-03-02T10:00:00.000Z"]);
    expect((await orbit.timeLogs.get(logs[0]!.id)).id).toBe(logs[0]!.id);
  });

  it("gets, updates and deletes, each POST and PATCH with an Idempotency-Key of its own", async () => {
    const { key } = await apiOrganization(["*"]);
    const proxy = await startProxy(server.port, () => ({ kind: "forward" }));
    const orbit = new Orbit({ apiKey: key, baseUrl: proxy.origin, retry: FAST });
    const task = await orbit.tasks.create({ title: "Draft" });
    const updated = await orbit.tasks.update(task.id, { status: "in_progress" });
    expect(updated).toMatchObject({ id: task.id, status: "in_progress" });
    expect((await orbit.tasks.get(task.id)).status).toBe("in_progress");
    expect(await orbit.tasks.delete(task.id)).toMatchObject({ id: task.id, success: true });
    expect((await all(orbit.tasks.listDeleted())).map((tombstone) => tombstone.id)).toContain(task.id);

    const customer = await orbit.customers.create({ name: "Globex" });
    const project = await orbit.constellations.create({ title: "Relaunch", customerId: customer.id });
    expect((await orbit.constellations.get(project.id)).customerId).toBe(customer.id);
    expect((await orbit.customers.get(customer.id)).name).toBe("Globex");

    const keys = proxy.requests.filter((request) => request.method === "POST" || request.method === "PATCH").map((request) => request.headers["idempotency-key"]);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(4);
    expect(proxy.requests.filter((request) => request.method === "GET" || request.method === "DELETE").every((request) => !request.headers["idempotency-key"])).toBe(true);
  });

  it("sends a POST again with the same Idempotency-Key after a lost answer and after a 5xx, and it creates once", async () => {
    const { key } = await apiOrganization(["*"]);
    const faults: Array<"drop-after-forward" | "replace-after-forward"> = ["drop-after-forward", "replace-after-forward"];
    for (const fault of faults) {
      let posts = 0;
      const proxy = await startProxy(server.port, (request) => {
        if (request.method !== "POST") return { kind: "forward" };
        posts += 1;
        if (posts > 1) return { kind: "forward" };
        return fault === "drop-after-forward" ? { kind: fault } : { kind: fault, status: 502 };
      });
      const orbit = new Orbit({ apiKey: key, baseUrl: proxy.origin, retry: FAST });
      const title = `Once after ${fault}`;
      const task = await orbit.tasks.create({ title });

      const [first, second] = proxy.requests.filter((request) => request.method === "POST");
      expect(first!.upstreamStatus, "the first attempt reached the server and created").toBe(201);
      expect(second!.headers["idempotency-key"]).toBe(first!.headers["idempotency-key"]);
      expect(second!.upstreamHeaders?.["idempotent-replayed"]).toBe("true");
      const same = (await all(orbit.tasks.list({ search: title }))).filter((each) => each.title === title);
      expect(same.map((each) => each.id)).toEqual([task.id]);
    }
  });

  it("retries a network error on a GET and gives up after the attempts it is allowed", async () => {
    const { key } = await apiOrganization(["*"]);
    const proxy = await startProxy(server.port, (_request, index) => (index === 0 ? { kind: "drop-after-forward" } : { kind: "forward" }));
    const orbit = new Orbit({ apiKey: key, baseUrl: proxy.origin, retry: FAST });
    expect(await all(orbit.customers.list())).toEqual([]);
    expect(proxy.requests).toHaveLength(2);

    const failing = await startProxy(server.port, () => ({ kind: "answer", status: 503, body: JSON.stringify({ error: "service_unavailable", message: "Busy" }) }));
    const patient = new Orbit({ apiKey: key, baseUrl: failing.origin, retry: { ...FAST, maxAttempts: 3 } });
    await expect(all(patient.customers.list())).rejects.toMatchObject({ name: "OrbitError", status: 503, error: "service_unavailable" });
    expect(failing.requests).toHaveLength(3);
  });

  it("honours a 429's Retry-After, and stops when the wait is beyond its budget", async () => {
    const { key } = await apiOrganization(["*"]);
    const proxy = await startProxy(server.port, (_request, index) =>
      index === 0 ? { kind: "answer", status: 429, headers: { "retry-after": "1" }, body: JSON.stringify({ error: "rate_limit_exceeded", message: "Slow down" }) } : { kind: "forward" },
    );
    const orbit = new Orbit({ apiKey: key, baseUrl: proxy.origin, retry: FAST });
    expect(await all(orbit.constellations.list())).toEqual([]);
    expect(proxy.requests).toHaveLength(2);
    // Not before the second the server asked for (a lower bound: a slow machine only waits longer).
    expect(proxy.requests[1]!.receivedAt - proxy.requests[0]!.receivedAt).toBeGreaterThanOrEqual(990);

    // The server's own limit: a key of one request an hour asks for a wait far beyond a 2-second budget.
    const { admin } = await apiOrganization(["*"]);
    const limited = new Orbit({ apiKey: (await createApiKey(admin, ["*"], { rateLimitPerHour: 1 })).key, baseUrl: origin, retry: { ...FAST, maxTotalWaitMs: 2_000 } });
    expect(await all(limited.tasks.list())).toEqual([]);
    const refused = await all(limited.tasks.list()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OrbitError);
    expect(refused).toMatchObject({ status: 429, error: "rate_limit_exceeded", retryAfterSeconds: expect.any(Number) });
    expect((refused as OrbitError).retryAfterSeconds).toBeGreaterThan(2);
  });

  it("throws typed errors: code, details, status and the answer's X-Request-Id", async () => {
    const { admin, key } = await apiOrganization(["tasks:read", "tasks:write"]);
    const orbit = new Orbit({ apiKey: key, baseUrl: origin, retry: FAST });
    const missing = await orbit.tasks.get("missing").catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(OrbitError);
    expect(missing).toMatchObject({ error: "not_found", status: 404, details: expect.any(Array), requestId: expect.stringMatching(/^.{8,128}$/) });

    const invalid = (await orbit.tasks.create({ title: "" }).catch((error: unknown) => error)) as OrbitError;
    expect(invalid).toMatchObject({ error: "validation_error", status: 400 });
    expect(invalid.details.map((detail) => detail.field)).toContain("title");

    const forbidden = (await orbit.reports.time({ from: "2026-03-01T00:00:00Z", to: "2026-04-01T00:00:00Z", groupBy: "customer" }).catch((error: unknown) => error)) as OrbitError;
    expect(forbidden).toMatchObject({ error: "forbidden", status: 403, details: [{ field: "permission", message: "reports:read" }] });

    const revoked = new Orbit({ apiKey: "sk_" + "0".repeat(64), baseUrl: origin, retry: FAST });
    await expect(all(revoked.events.list())).rejects.toMatchObject({ error: "unauthorized", status: 401 });
    void admin;
  });

  it("reads the time report, the same as the API answers it", async () => {
    const { admin, key, api } = await apiOrganization(["reports:read"]);
    const globex = await insertCustomer(admin.organizationId, { name: "Globex", hourlyRateCents: 12_000 });
    await insertTimeLog(admin, { startedAt: "2026-03-02T10:00:00Z", durationSeconds: 5_400, customerId: globex.id });
    const orbit = new Orbit({ apiKey: key, baseUrl: origin, retry: FAST });
    const report = await orbit.reports.time({ from: "2026-03-01T00:00:00Z", to: "2026-04-01T00:00:00Z", groupBy: "customer,week", isBillable: true });
    expect(report.totals).toMatchObject({ seconds: 5_400, amounts: [{ currency: "USD", amountCents: 18_000 }] });
    const direct = await api.get("/api/v1/reports/time?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z&groupBy=customer,week&isBillable=true");
    expect(report).toEqual(direct.body.data);
  });
});
