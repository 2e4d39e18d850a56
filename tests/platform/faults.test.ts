// Fault injection (production-readiness item 10), on PostgreSQL only (a PGlite database lives inside
// one process): the database connections terminated mid-traffic, and a worker process killed with
// SIGKILL twenty times during a burst of deliveries. Nothing committed is lost or half-written,
// failures are clean envelopes, the pool recovers, and no delivery is ever in flight twice at once.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/env";
import { getDatabase, getDb } from "@/server/db";
import { startDeliveryWorker, type DeliveryWorker } from "@/server/webhooks/worker";
import { fanOutAll } from "@/server/webhooks/fan-out";
import { signUpOrganization } from "../harness/factories";
import { insertEndpoint } from "../harness/webhook-endpoints";
import { createEndpoint, createOrganization, emit, useEngineEnvironment } from "../harness/webhook-engine";
import { Receiver } from "../harness/receiver";

const onPostgres = Boolean(process.env.DATABASE_URL);

/** Terminates every other connection to this test file's database. */
async function terminateBackends(): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  client.on("error", () => {});
  await client.connect();
  try {
    const result = await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

describe.runIf(onPostgres)("PostgreSQL connections terminated mid-traffic", () => {
  it("requests fail cleanly in the envelope, the pool recovers, and no committed time log, event or delivery is lost or doubled", { timeout: 120_000 }, async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    await insertEndpoint(admin.organizationId, { url: "https://faults.example.com/hook", eventTypes: ["time_log.created"] });
    const entries = Array.from({ length: 60 }, (_, index) => ({
      clientSessionId: `fault-${index}`,
      description: `Fault ${index}`,
      startedAt: new Date(Date.now() - (index + 2) * 3_600_000).toISOString(),
      durationSeconds: 600,
      source: "manual",
    }));
    const sync = (entry: (typeof entries)[number]) => admin.client.post("/api/app/time-logs/sync", { entries: [entry] });

    let isTerminating = true;
    let terminated = 0;
    const terminator = (async () => {
      while (isTerminating) {
        terminated += await terminateBackends();
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();
    const first = await Promise.all(entries.map(sync));
    isTerminating = false;
    await terminator;
    expect(terminated).toBeGreaterThan(0);

    const failures = first.filter((response) => response.status !== 200);
    // The connections were cut under running requests, not between them.
    expect(failures.length).toBeGreaterThan(0);
    for (const response of first) {
      expect([200, 503], response.text).toContain(response.status);
      if (response.status !== 200) {
        expect(response.body.error).toBe("service_unavailable");
        expect(response.headers.get("retry-after")).toBe("1");
        expect(response.body.meta).toMatchObject({ apiVersion: "v1" });
        expect(response.text).not.toMatch(/prisma|select |insert |terminat|\bat \w+ \(|node_modules/i);
      }
    }

    // The pool recovers: the next requests succeed, and retrying every entry (same clientSessionId) is safe.
    expect((await admin.client.get("/api/app/me")).status).toBe(200);
    const retried = await Promise.all(entries.map(sync));
    expect(retried.map((response) => response.status)).toEqual(entries.map(() => 200));

    const db = await getDb();
    const logs = await db.timeLog.findMany({ where: { organizationId: admin.organizationId }, select: { id: true, clientSessionId: true } });
    expect(logs.map((log) => log.clientSessionId).sort()).toEqual(entries.map((entry) => entry.clientSessionId).sort());
    // Outbox: every committed log has exactly its event and its delivery.
    const events = await db.webhookEvent.findMany({ where: { organizationId: admin.organizationId }, select: { payload: true } });
    const eventLogIds = events.map((event) => (JSON.parse(event.payload) as { data: { timeLog: { id: string } } }).data.timeLog.id).sort();
    expect(eventLogIds).toEqual(logs.map((log) => log.id).sort());
    await fanOutAll(db);
    expect(await db.webhookDelivery.count({ where: { organizationId: admin.organizationId } })).toBe(entries.length);
  });
});

describe.runIf(onPostgres)("a worker process killed with SIGKILL twenty times during a burst", () => {
  const children = new Set<ChildProcess>();
  afterAll(() => {
    for (const child of children) child.kill("SIGKILL");
  });

  function startWorker(env: Record<string, string> = {}): Promise<ChildProcess> {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "../harness/worker-process.ts")], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, APP_ENV: "development", LOG_LEVEL: "error", ...env },
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    children.add(child);
    child.once("exit", () => children.delete(child));
    return new Promise((resolve, reject) => {
      child.once("message", () => resolve(child));
      child.once("exit", (code) => reject(new Error(`worker exited with ${code} before it was ready`)));
    });
  }

  // Twenty worker processes started one after the other: minutes on a loaded two-core machine.
  it("every delivery ends success and none is ever in flight twice at once", { timeout: 480_000 }, async () => {
    useEngineEnvironment();
    const inFlight = new Map<string, number>();
    const overlaps: string[] = [];
    const hook = await Receiver.start(async (request) => {
      const id = String(request.headers["x-service-delivery-id"]);
      const now = (inFlight.get(id) ?? 0) + 1;
      inFlight.set(id, now);
      if (now > 1) overlaps.push(id);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight.set(id, (inFlight.get(id) ?? 1) - 1);
      return { status: 200, body: "ok" };
    });
    try {
      const db = await getDb();
      const organizationId = await createOrganization(db);
      const endpoint = await createEndpoint(db, organizationId, hook.url());
      await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { maxRequestsPerSecond: 1000 } });
      const total = 150;
      for (let index = 0; index < total; index += 1) await emit(db, organizationId);

      for (let kill = 0; kill < 20; kill += 1) {
        const worker = await startWorker();
        const seen = hook.requests.length;
        const deadline = Date.now() + 3_000;
        // Killed once it is sending (a few requests in), or after 3 s if its claims are still leased elsewhere.
        while (hook.requests.length < seen + 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
        worker.kill("SIGKILL");
        await once(worker, "exit");
      }
      const survivor = await startWorker();
      const deadline = Date.now() + 120_000;
      while ((await db.webhookDelivery.count({ where: { organizationId, status: "success" } })) < total && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      survivor.kill("SIGTERM");
      await once(survivor, "exit");

      const deliveries = await db.webhookDelivery.findMany({ where: { organizationId } });
      expect(deliveries.filter((delivery) => delivery.status !== "success")).toEqual([]);
      expect(overlaps).toEqual([]);
      const received = new Set(hook.requests.map((request) => String(request.headers["x-service-delivery-id"])));
      expect(received.size).toBe(total);
    } finally {
      await hook.close();
    }
  });

  it("another worker sends the killed worker's deliveries and its organization's next ones at once, without waiting for its leases", { timeout: 240_000 }, async () => {
    // No other worker process claims meanwhile (one left by a test before would not know this bound).
    for (const child of children) child.kill("SIGKILL");
    // Two attempts in flight per organization: the killed worker's two would block the organization until its leases ran out.
    useEngineEnvironment({ WEBHOOK_ORGANIZATION_MAX_IN_FLIGHT: "2" });
    const leaseMs = 10 * 60_000;
    let isHolding = true;
    const held: (() => void)[] = [];
    const hook = await Receiver.start(async () => {
      if (isHolding) await new Promise<void>((resolve) => held.push(resolve));
      return { status: 200, body: "ok" };
    });
    let survivor: DeliveryWorker | undefined;
    try {
      const db = await getDb();
      const organizationId = await createOrganization(db);
      await createEndpoint(db, organizationId, hook.url());
      const deliveryIds: string[] = [];
      for (let index = 0; index < 5; index += 1) deliveryIds.push(...(await emit(db, organizationId)).deliveryIds);

      const killed = await startWorker({ WORKER_LEASE_MS: String(leaseMs), WORKER_TIMEOUT_MS: String(leaseMs / 2) });
      // Mid-delivery: its two attempts reached the receiver, which has not answered.
      await vi.waitFor(() => expect(hook.requests.length).toBe(2), { timeout: 60_000, interval: 20 });
      const leased = await db.webhookDelivery.findMany({ where: { organizationId, leaseUntil: { not: null } }, select: { id: true, leaseUntil: true, leasedBy: true } });
      expect(leased).toHaveLength(2);
      expect(leased.every((lease) => lease.leasedBy !== null)).toBe(true);
      killed.kill("SIGKILL");
      await once(killed, "exit");
      isHolding = false;

      survivor = startDeliveryWorker(await getDatabase(), { intervalMs: 100, drain: { leaseMs, timeoutMs: 10_000 } });
      await survivor.ready;
      // All five delivered: the killed worker's two again and the organization's three after them.
      await vi.waitFor(async () => expect(await db.webhookDelivery.count({ where: { organizationId, status: "success" } })).toBe(5), { timeout: 60_000, interval: 50 });
      // Well before the killed worker's leases (ten minutes) would have run out.
      expect(Math.min(...leased.map((lease) => lease.leaseUntil!.getTime()))).toBeGreaterThan(Date.now() + leaseMs / 2);
      expect(new Set(hook.requests.map((request) => String(request.headers["x-service-delivery-id"])))).toEqual(new Set(deliveryIds));
    } finally {
      await survivor?.();
      for (const release of held) release();
      await hook.close();
      delete process.env.WEBHOOK_ORGANIZATION_MAX_IN_FLIGHT;
      resetEnvCache();
    }
  });
});
