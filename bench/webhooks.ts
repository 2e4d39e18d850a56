// `npm run bench:webhooks`: outbound webhook delivery end to end on PostgreSQL. For each scenario,
// 10,000 events are committed through the outbox and fanned out to 3 endpoints on a local receiver, while 1 or 2 worker processes run the real
// delivery worker (NOTIFY wake-ups + 1 s polling). Events are committed 10 per transaction by 4
// concurrent producers (an offline sync commits many logs at once), as fast as they can: the queue
// then also measures how the workers catch up. Measured per delivery: event commit → the receiver
// answering 2xx. Scenarios: a receiver that always answers 200, and one that fails 50% of attempts
// at random (500) with a 0.01 s retry base (retries after ~10, 40, 160, 640 ms; 1/32 of deliveries
// fail all five attempts). A scenario is cut off 30 s after its last commit so that the whole run
// stays within a few minutes; "left pending" then shows what was still queued. These throughput
// scenarios measure the engine, not the per-endpoint bounds: their 3 endpoints are registered at
// maxRequestsPerSecond 1000 and the workers run with wide in-flight bounds (THROUGHPUT_BOUNDS_ENV);
// with the defaults (4 per endpoint, 8 per organization) one organization's 3 endpoints would be
// the ceiling by design.
//
// Noisy neighbour (issue 11): tenant A registers 20 endpoints on a server that accepts connections
// and never answers and commits 100 events (2,000 deliveries) up front; tenant B, one endpoint on the
// local receiver, commits a steady 50 events/s. Default bounds, one worker, the real 10 s attempt
// timeout. Prints B's commit → 2xx p50/p99 beside the same run without A.
//
// Environment: a throwaway database `orbit_bench_webhooks_<random>` is created on the server named by
// ORBIT_BENCH_PG_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and dropped at
// the end; an existing database is never written to. BENCH_EVENTS (default 10000); BENCH_RATE paces
// the producers to that many events per second (default: as fast as they can). BENCH_SCENARIOS picks
// scenarios by name (comma-separated; default all): 1-healthy, 2-healthy, 1-failing, 2-failing, 1-queued, noisy.
// BENCH_NOISY_SECONDS: how long tenant B produces in the noisy-neighbour runs (default 20).
//
// Queued (`1-queued`): the same work as the bare sender (../shared/bench/baseline-sender.mjs) in
// burst mode. Every event is committed and fanned out first (BENCH_EVENTS × 3 pending deliveries),
// and only then does one worker start and drain them, alone on the machine: no producer competes for
// the cores. deliveries/s = 2xx deliveries / (last outcome recorded − first attempt started), as the
// bare sender counts its drain; "receiver/s" is the receiver's own count between its first and last
// request, the figure both sides share when they are sent to the same receiver.
// BENCH_RECEIVER_URL=http://127.0.0.1:4200 sends to an external receiver (../shared/bench/receiver.mjs,
// the one the bare sender uses; queued scenarios only) instead of the benchmark's own.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { openDatabase, type Database } from "@/server/db";
import { applyPendingMigrations } from "@/server/migrations";
import { enqueueEvents } from "@/server/webhooks/enqueue";
import { exampleEventData, type NewEvent } from "@/server/webhooks/events";
import { INLINE_FAN_OUT_ROWS } from "@/server/webhooks/fan-out";
import { startDeliveryWorker } from "@/server/webhooks/worker";
import { openBenchDatabase } from "./lib/database";

const EVENTS = Number(process.env.BENCH_EVENTS || 10_000);
const ENDPOINTS = 3;
const PRODUCERS = 4;
const EVENTS_PER_TRANSACTION = 10;
const RATE = Number(process.env.BENCH_RATE || 0);
const RETRY_BASE_SECONDS = 0.01;
/** After the last event is committed, how long a scenario may take to settle before it is cut off. */
const SETTLE_CAP_MS = 30_000;
/**
 * Throughput scenarios: in-flight bounds that never bind, so that the benchmark measures the engine: two
 * workers of 64 slots each (an organization bound of 64 would let the two together hold no more than one).
 */
const THROUGHPUT_BOUNDS_ENV = { WEBHOOK_ENDPOINT_MAX_IN_FLIGHT: "100", WEBHOOK_ORGANIZATION_MAX_IN_FLIGHT: "128" };
const NOISY_SILENT_ENDPOINTS = 20;
const NOISY_EVENTS = 100;
const NOISY_RATE = 50;
const NOISY_SECONDS = Number(process.env.BENCH_NOISY_SECONDS || 20);
const EXTERNAL_RECEIVER = process.env.BENCH_RECEIVER_URL?.replace(/\/$/, "");
const SCENARIOS = (process.env.BENCH_SCENARIOS || "1-healthy,2-healthy,1-failing,2-failing,1-queued,noisy").split(",").map((name) => name.trim());
const WORKER_ENV = {
  APP_ENV: "development",
  WEBHOOK_WORKER: "off",
  WEBHOOK_RETRY_BASE_SECONDS: String(RETRY_BASE_SECONDS),
  SESSION_SECRET: "orbit-benchmark-session-secret-not-used-here",
};

interface Scenario {
  workers: number;
  failureRate: number;
  /** Every delivery queued before the worker starts (the bare sender's burst), rather than produced during the drain. */
  isQueued?: boolean;
}

interface Result extends Scenario {
  events: number;
  succeeded: number;
  failed: number;
  pending: number;
  attempts: number;
  duplicates: number;
  produceSeconds: number;
  throughput: number;
  p50: number;
  p99: number;
  max: number;
  wallSeconds: number;
  /** Queued runs: the receiver's requests per second between its first and last request. */
  receiverRate?: number;
  /** Queued runs: rows in the attempt log (one per attempt the receiver counted). */
  attemptRows?: number;
}

// ---------------------------------------------------------------------------------------------
// Worker process: the product's delivery worker, nothing else.

async function runWorker(): Promise<void> {
  const database = openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: "memory://" });
  const stop = startDeliveryWorker(database);
  await stop.ready;
  process.send?.("ready");
  // The benchmark died or was interrupted: do not outlive it.
  process.on("disconnect", () => process.exit(0));
  process.on("message", (message) => {
    if (message !== "stop") return;
    void (async () => {
      await stop();
      await database.close();
      process.exit(0);
    })();
  });
}

const runningWorkers = new Set<ChildProcess>();

function startWorkers(count: number, databaseUrl: string, env: Record<string, string> = {}): Promise<ChildProcess[]> {
  const script = fileURLToPath(import.meta.url);
  return Promise.all(
    Array.from({ length: count }, () => {
      // BENCH_WORKER_PROFILE=<dir>: each worker writes a CPU profile there when it exits.
      const profile = process.env.BENCH_WORKER_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_WORKER_PROFILE}`] : [];
      const child = spawn(process.execPath, [...profile, ...process.execArgv, script, "--worker"], {
        stdio: ["ignore", "inherit", "inherit", "ipc"],
        env: { ...process.env, ...WORKER_ENV, ...env, DATABASE_URL: databaseUrl },
      });
      runningWorkers.add(child);
      child.once("exit", () => runningWorkers.delete(child));
      return new Promise<ChildProcess>((resolve, reject) => {
        child.once("message", () => resolve(child));
        child.once("exit", (code) => reject(new Error(`worker exited with code ${code} before it was ready`)));
      });
    }),
  );
}

async function stopWorkers(workers: ChildProcess[]): Promise<void> {
  await Promise.all(
    workers.map(
      (child) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
          child.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          child.send("stop");
        }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Receiver

interface Receiver {
  url: string;
  failureRate: number;
  attempts: number;
  /** First 2xx per delivery id, in performance.now() milliseconds, with its event id. */
  successes: Map<string, { eventId: string; at: number }>;
  duplicates: number;
  reset(failureRate: number): void;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const server = http.createServer({ keepAliveTimeout: 1_000 });
  const receiver: Receiver = {
    url: "",
    failureRate: 0,
    attempts: 0,
    successes: new Map(),
    duplicates: 0,
    reset(failureRate) {
      this.failureRate = failureRate;
      this.attempts = 0;
      this.successes = new Map();
      this.duplicates = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  server.on("request", (request, response) => {
    request.resume();
    request.on("end", () => {
      receiver.attempts += 1;
      if (Math.random() < receiver.failureRate) {
        response.writeHead(500).end("try again");
        return;
      }
      response.writeHead(200).end();
      const deliveryId = String(request.headers["x-service-delivery-id"]);
      if (receiver.successes.has(deliveryId)) receiver.duplicates += 1;
      else receiver.successes.set(deliveryId, { eventId: String(request.headers["x-service-event-id"]), at: performance.now() });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

// ---------------------------------------------------------------------------------------------
// Scenario

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function countDeliveries(db: Database["prisma"], organizationId: string) {
  const [row] = await db.$queryRaw<{ pending: number; success: number; failed: number }[]>`
    SELECT count(*) FILTER (WHERE "status" = 'pending')::int AS "pending",
           count(*) FILTER (WHERE "status" = 'success')::int AS "success",
           count(*) FILTER (WHERE "status" = 'failed')::int AS "failed"
    FROM "WebhookDelivery" WHERE "organizationId" = ${organizationId}`;
  return row!;
}

/** Whether any of the organization's deliveries is still pending: stops at the first one, so polling it costs the drain little. */
async function hasPending(db: Database["prisma"], organizationId: string): Promise<boolean> {
  const [row] = await db.$queryRaw<{ isPending: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM "WebhookDelivery" WHERE "status" = 'pending' AND "organizationId" = ${organizationId}) AS "isPending"`;
  return row!.isPending;
}

const truncate = (db: Database["prisma"]) =>
  db.$executeRawUnsafe(`TRUNCATE "WebhookDelivery", "WebhookEvent", "WebhookEndpoint", "WebhookEndpointSchedule", "Organization" CASCADE`);

const timeLogEvent = (organizationId: string, id: string): NewEvent => {
  const example = exampleEventData("time_log.created", organizationId);
  return { organizationId, type: "time_log.created", data: { ...example, timeLog: { ...example.timeLog, id }, source: "offline_sync" } };
};

/** Accepts connections and never answers: every attempt lasts the whole attempt timeout. */
async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface NoisyResult {
  withNoise: boolean;
  events: number;
  succeeded: number;
  p50: number;
  p99: number;
  max: number;
}

/** Tenant B at a steady NOISY_RATE events/s, with or without tenant A's 2,000 deliveries to silent endpoints. */
async function runNoisyNeighbour(database: Database, databaseUrl: string, receiver: Receiver, withNoise: boolean): Promise<NoisyResult> {
  const db = database.prisma;
  await truncate(db);
  receiver.reset(0);
  const silent = await startSilentServer();
  try {
    if (withNoise) {
      const noisy = await db.organization.create({ data: { name: "Tenant A", plan: "pro" } });
      await db.webhookEndpoint.createMany({
        data: Array.from({ length: NOISY_SILENT_ENDPOINTS }, (_, index) => ({
          organizationId: noisy.id,
          url: `${silent.url}/silent-${index + 1}`,
          secret: `whsec_${String(index % 10).repeat(64)}`,
          eventTypes: ["time_log.created"],
        })),
      });
      await db.$transaction((tx) => enqueueEvents(tx, Array.from({ length: NOISY_EVENTS }, (_, index) => timeLogEvent(noisy.id, `tl_a_${index}`))));
    }
    const healthy = await db.organization.create({ data: { name: "Tenant B", plan: "pro" } });
    await db.webhookEndpoint.create({
      data: { organizationId: healthy.id, url: `${receiver.url}/tenant-b`, secret: `whsec_${"b".repeat(64)}`, eventTypes: ["time_log.created"] },
    });
    const workers = await startWorkers(1, databaseUrl);
    // Let the worker fill its slots with tenant A's attempts before B starts.
    if (withNoise) await sleep(1_000);

    const commits = new Map<string, number>();
    const total = NOISY_RATE * NOISY_SECONDS;
    const started = performance.now();
    for (let index = 0; index < total; index += 1) {
      await sleep(started + (index / NOISY_RATE) * 1000 - performance.now());
      const [enqueued] = await db.$transaction((tx) => enqueueEvents(tx, [timeLogEvent(healthy.id, `tl_b_${index}`)]));
      commits.set(enqueued!.eventId, performance.now());
    }
    const produced = performance.now();
    while (receiver.successes.size < total && performance.now() - produced < SETTLE_CAP_MS) await sleep(50);
    await silent.close(); // attempts in flight fail at once, so the worker stops quickly
    await stopWorkers(workers);

    const latencies = [...receiver.successes.values()].map(({ eventId, at }) => at - commits.get(eventId)!).sort((a, b) => a - b);
    return { withNoise, events: total, succeeded: receiver.successes.size, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN };
  } finally {
    await silent.close().catch(() => undefined);
  }
}

function printNoisyTable(results: NoisyResult[]): void {
  console.log(`\nNoisy neighbour: tenant B, 1 endpoint, ${NOISY_RATE} events/s for ${NOISY_SECONDS} s; 1 worker, default bounds`);
  console.log("| tenant A | B delivered | B p50 ms | B p99 ms | B max ms |");
  console.log("|---|---:|---:|---:|---:|");
  for (const result of results) {
    const tenantA = result.withNoise ? `${NOISY_SILENT_ENDPOINTS} silent endpoints, ${NOISY_EVENTS * NOISY_SILENT_ENDPOINTS} deliveries` : "none";
    console.log(`| ${tenantA} | ${result.succeeded}/${result.events} | ${result.p50.toFixed(0)} | ${result.p99.toFixed(0)} | ${result.max.toFixed(0)} |`);
  }
}

async function runScenario(database: Database, databaseUrl: string, receiver: Receiver, scenario: Scenario): Promise<Result> {
  const db = database.prisma;
  await truncate(db);
  const organization = await db.organization.create({ data: { name: "Bench", plan: "pro" } });
  await db.webhookEndpoint.createMany({
    data: Array.from({ length: ENDPOINTS }, (_, index) => ({
      organizationId: organization.id,
      url: `${receiver.url}/endpoint-${index + 1}`,
      secret: `whsec_${String(index).repeat(64)}`,
      eventTypes: ["time_log.created"],
      maxRequestsPerSecond: 1000,
    })),
  });
  receiver.reset(scenario.failureRate);
  const workers = await startWorkers(scenario.workers, databaseUrl, THROUGHPUT_BOUNDS_ENV);

  const commits = new Map<string, number>();
  const started = performance.now();
  let issued = 0;
  await Promise.all(
    Array.from({ length: PRODUCERS }, async () => {
      while (issued < EVENTS) {
        const count = Math.min(EVENTS_PER_TRANSACTION, EVENTS - issued);
        issued += count;
        if (RATE) await sleep(started + (issued / RATE) * 1000 - performance.now());
        const enqueued = await db.$transaction((tx) =>
          enqueueEvents(
            tx,
            Array.from({ length: count }, (_, index) => timeLogEvent(organization.id, `tl_${issued + index}`)),
          ),
        );
        const committedAt = performance.now();
        for (const { eventId } of enqueued) commits.set(eventId, committedAt);
      }
    }),
  );
  const produced = performance.now();

  while (performance.now() - produced < SETTLE_CAP_MS && (await hasPending(db, organization.id))) await sleep(100);
  const settled = performance.now();
  await stopWorkers(workers);
  // Final counts once the workers are gone: attempts in flight at the cut-off are recorded by then.
  const counts = await countDeliveries(db, organization.id);

  const latencies: number[] = [];
  let lastSuccess = started;
  for (const { eventId, at } of receiver.successes.values()) {
    latencies.push(at - commits.get(eventId)!);
    lastSuccess = Math.max(lastSuccess, at);
  }
  latencies.sort((a, b) => a - b);
  const firstCommit = Math.min(...commits.values());
  return {
    ...scenario,
    events: commits.size,
    succeeded: receiver.successes.size,
    failed: counts.failed,
    pending: counts.pending,
    attempts: receiver.attempts,
    duplicates: receiver.duplicates,
    produceSeconds: (produced - started) / 1000,
    throughput: receiver.successes.size / ((lastSuccess - firstCommit) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    wallSeconds: (settled - started) / 1000,
  };
}

/** The external receiver's counters (receiver.mjs `GET /stats`). */
interface ReceiverStats {
  count: number;
  ok: number;
  distinctDeliveries: number;
  perSecond: number;
}

async function externalReceiver(path: "/reset" | "/stats"): Promise<ReceiverStats> {
  const response = await fetch(`${EXTERNAL_RECEIVER}${path}`, { method: path === "/reset" ? "POST" : "GET", signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`receiver ${path}: HTTP ${response.status}`);
  return (await response.json()) as ReceiverStats;
}

/**
 * The bare sender's burst: every event committed and fanned out before one worker starts; then only
 * the worker and the receiver use the cores.
 */
async function runQueuedScenario(database: Database, databaseUrl: string, receiver: Receiver, scenario: Scenario): Promise<Result> {
  const db = database.prisma;
  await truncate(db);
  const organization = await db.organization.create({ data: { name: "Bench", plan: "pro" } });
  const receiverUrl = EXTERNAL_RECEIVER ?? receiver.url;
  await db.webhookEndpoint.createMany({
    data: Array.from({ length: ENDPOINTS }, (_, index) => ({
      organizationId: organization.id,
      url: `${receiverUrl}/endpoint-${index + 1}`,
      secret: `whsec_${String(index).repeat(64)}`,
      eventTypes: ["time_log.created"],
      maxRequestsPerSecond: 1000,
    })),
  });
  const commits = new Map<string, number>();
  const started = performance.now();
  // 30 events × 3 endpoints per transaction: the producer's transaction still writes the deliveries itself (INLINE_FAN_OUT_ROWS).
  const perTransaction = Math.floor(INLINE_FAN_OUT_ROWS / ENDPOINTS);
  for (let issued = 0; issued < EVENTS; issued += perTransaction) {
    const count = Math.min(perTransaction, EVENTS - issued);
    const enqueued = await db.$transaction((tx) =>
      enqueueEvents(tx, Array.from({ length: count }, (_, index) => timeLogEvent(organization.id, `tl_${issued + index}`))),
    );
    const committedAt = performance.now();
    for (const { eventId } of enqueued) commits.set(eventId, committedAt);
  }
  const produced = performance.now();
  const queued = await countDeliveries(db, organization.id);
  if (queued.pending !== EVENTS * ENDPOINTS) throw new Error(`expected ${EVENTS * ENDPOINTS} queued deliveries, found ${queued.pending}`);
  receiver.reset(scenario.failureRate);
  if (EXTERNAL_RECEIVER) await externalReceiver("/reset");
  // The queue is complete and the database idle before the worker exists.
  await sleep(500);

  const workers = await startWorkers(scenario.workers, databaseUrl, THROUGHPUT_BOUNDS_ENV);
  const drainStarted = performance.now();
  while (performance.now() - drainStarted < SETTLE_CAP_MS && (await hasPending(db, organization.id))) await sleep(100);
  const settled = performance.now();
  await stopWorkers(workers);
  const counts = await countDeliveries(db, organization.id);

  // The drain as the bare sender times it: first attempt started → last outcome recorded.
  const [span] = await db.$queryRaw<{ seconds: number | null }[]>`
    SELECT EXTRACT(EPOCH FROM (max(d."completedAt") - (SELECT min(a."startedAt") FROM "WebhookAttempt" a WHERE a."organizationId" = ${organization.id})))::float8 AS "seconds"
    FROM "WebhookDelivery" d WHERE d."organizationId" = ${organization.id} AND d."status" = 'success'`;
  const attemptRows = await db.webhookAttempt.count({ where: { organizationId: organization.id } });
  let succeeded = receiver.successes.size;
  let attempts = receiver.attempts;
  let duplicates = receiver.duplicates;
  let receiverRate: number;
  if (EXTERNAL_RECEIVER) {
    const stats = await externalReceiver("/stats");
    succeeded = stats.distinctDeliveries;
    attempts = stats.count;
    duplicates = stats.ok - stats.distinctDeliveries;
    receiverRate = stats.perSecond;
  } else {
    const arrivals = [...receiver.successes.values()].map(({ at }) => at);
    receiverRate = (arrivals.length - 1) / ((Math.max(...arrivals) - Math.min(...arrivals)) / 1000);
  }
  const latencies = [...receiver.successes.values()].map(({ eventId, at }) => at - commits.get(eventId)!).sort((a, b) => a - b);
  return {
    ...scenario,
    events: commits.size,
    succeeded,
    failed: counts.failed,
    pending: counts.pending,
    attempts,
    duplicates,
    produceSeconds: (produced - started) / 1000,
    throughput: counts.success / (span?.seconds ?? NaN),
    receiverRate,
    attemptRows,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    wallSeconds: (settled - drainStarted) / 1000,
  };
}

function printTable(results: Result[]): void {
  const rows = results.map((result) => ({
    workers: String(result.workers),
    receiver: result.failureRate ? `${result.failureRate * 100}% fail` : "always 200",
    mode: result.isQueued ? "queued first" : "produced during",
    "events/s in": (result.events / result.produceSeconds).toFixed(0),
    "2xx deliveries": `${result.succeeded}/${result.events * ENDPOINTS}`,
    "failed (5 attempts)": String(result.failed),
    "left pending": String(result.pending),
    attempts: String(result.attempts),
    "attempt log": result.attemptRows?.toString() ?? "-",
    "dup 2xx": String(result.duplicates),
    "deliveries/s": result.throughput.toFixed(0),
    "receiver/s": result.receiverRate?.toFixed(0) ?? "-",
    // Not measured with an external receiver.
    "p50 ms": Number.isNaN(result.p50) ? "-" : result.p50.toFixed(0),
    "p99 ms": Number.isNaN(result.p99) ? "-" : result.p99.toFixed(0),
    "max ms": Number.isNaN(result.max) ? "-" : result.max.toFixed(0),
    "wall s": result.wallSeconds.toFixed(1),
  }));
  const columns = Object.keys(rows[0]!) as (keyof (typeof rows)[number])[];
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padStart(widths[index]!)).join(" | ")} |`;
  console.log(line(columns));
  console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
  for (const row of rows) console.log(line(columns.map((column) => row[column])));
  console.log(
    "\nlatency = event commit → receiver's 2xx, per delivery; deliveries/s = 2xx deliveries / (last 2xx − first commit);" +
      `\nevents/s in = rate at which ${PRODUCERS} producers committed events, ${EVENTS_PER_TRANSACTION} per transaction (the offered load). Retry base 0.01 s in the failing runs.` +
      "\nqueued first: every delivery committed (one producer, 30 events per transaction) before the worker starts; wall s counts from" +
      "\nthe worker's start, p50/p99 (commit → 2xx) include the wait before it;" +
      "\ndeliveries/s there = 2xx deliveries / (last outcome recorded − first attempt started), the bare sender's drain; receiver/s = the receiver's requests/s.",
  );
}

async function main(): Promise<void> {
  if (process.argv.includes("--worker")) return runWorker();
  const bench = await openBenchDatabase({ prefix: "orbit_bench_webhooks", adminUrl: process.env.ORBIT_BENCH_PG_URL || process.env.DATABASE_URL });
  const database = openDatabase({ databaseUrl: bench.url, pgliteDir: "memory://" });
  const receiver = await startReceiver();
  const interrupt = () => {
    for (const child of runningWorkers) child.kill("SIGKILL");
    void bench.drop().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  try {
    await applyPendingMigrations(database.adapterFactory);
    console.log(`Webhook delivery benchmark: ${EVENTS} events × ${ENDPOINTS} endpoints per scenario, PostgreSQL, database ${new URL(bench.url).pathname.slice(1)}`);
    const results: Result[] = [];
    const throughputScenarios = [
      { name: "1-healthy", workers: 1, failureRate: 0 },
      { name: "2-healthy", workers: 2, failureRate: 0 },
      { name: "1-failing", workers: 1, failureRate: 0.5 },
      { name: "2-failing", workers: 2, failureRate: 0.5 },
      { name: "1-queued", workers: 1, failureRate: 0, isQueued: true },
    ];
    for (const { name, ...scenario } of throughputScenarios) {
      if (!SCENARIOS.includes(name)) continue;
      const result = scenario.isQueued
        ? await runQueuedScenario(database, bench.url, receiver, scenario)
        : await runScenario(database, bench.url, receiver, scenario);
      console.log(`  ${scenario.workers} worker(s), ${scenario.failureRate ? "50% failing" : "healthy"} receiver: ${result.wallSeconds.toFixed(1)} s`);
      results.push(result);
    }
    const noisyResults: NoisyResult[] = [];
    if (SCENARIOS.includes("noisy")) {
      for (const withNoise of [false, true]) {
        noisyResults.push(await runNoisyNeighbour(database, bench.url, receiver, withNoise));
        console.log(`  noisy neighbour ${withNoise ? "with" : "without"} tenant A: done`);
      }
    }
    console.log("");
    if (results.length) printTable(results);
    if (noisyResults.length) printNoisyTable(noisyResults);
  } finally {
    await receiver.close();
    await database.close();
    await bench.drop();
  }
}

main().then(
  () => {
    if (!process.argv.includes("--worker")) process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
