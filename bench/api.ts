// `npm run bench:api`: the public API under load. Starts the built app (`npm start`'s server) on PostgreSQL,
// creates one pro organization and an API key through the real HTTP routes, bulk-loads 10,000 tasks
// and 100,000 time logs, then drives the /api/v1 list and create routes with autocannon and prints
// throughput, latency, page-1 vs deep-page latency and the SQL round trips each request makes.
//
// Environment: DATABASE_URL (an existing database, kept); otherwise a throwaway database
// `orbit_bench_<random>` on ORBIT_BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test),
// dropped at the end. BENCH_DURATION (seconds per route, default 10), BENCH_CONNECTIONS (default 32).
// `--build` rebuilds the app first; without it the existing build is used (built if missing).
// `--compare` instead runs Orbit beside the shared hand-written ceiling and prints the ratios
// (bench/compare.ts); `--compare --one` adds the one-connection run. `--noisy [--pg]` measures a
// victim tenant beside attacking ones (bench/noisy.ts).
import { randomBytes } from "node:crypto";
import os from "node:os";
import autocannon from "autocannon";
import { cpuSnapshot, isCpuAccountingAvailable } from "./lib/cpu";
import { openBenchDatabase, withClient, type BenchDatabase } from "./lib/database";
import { startRoundTripCounter, statementLabel, type RoundTrip } from "./lib/pg-round-trips";
import { compareWithCeiling } from "./compare";
import { call, createOrganization, expectStatus, LOG_SPAN_DAYS, seed, TASKS, TIME_LOGS } from "./lib/app";
import { measureScaleOut } from "./scale-out";
import { measureNoisyNeighbours } from "./noisy";
import { ensureBuild, killAllServers, SERVER_NAME, startServer, type RunningServer } from "./lib/server";

const DURATION_SECONDS = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const WARMUP_SECONDS = 2;
const DEEP_PAGES = [10, 100, 1000];
const LATENCY_SAMPLES = 50;
const ROUND_TRIP_SAMPLES = 20;
/** `from` 330 days back covers about 90 % of the time logs. */
const FROM = new Date(Date.now() - 330 * 86_400_000).toISOString();

interface Route {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  expected: number;
}

const CREATE_TASK_BODY = { title: "Benchmark task", description: "Created under load", status: "todo", tags: ["bench"] };

interface LoadResult {
  route: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  statusCodes: string;
  /** CPU milliseconds per request: the app's process group, PostgreSQL's processes, this process (the load generator). */
  cpu: { app: number; postgres: number; loadGenerator: number };
}

async function load(server: RunningServer, apiKey: string, route: Route, seconds: number, connections: number): Promise<LoadResult> {
  const baseUrl = server.baseUrl;
  const cpuBefore = cpuSnapshot(server.pid, "postgres");
  const ownBefore = process.cpuUsage();
  const result = await autocannon({
    url: baseUrl + route.path,
    method: route.method,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${apiKey}`, ...(route.body ? { "content-type": "application/json" } : {}) },
    body: route.body ? JSON.stringify(route.body) : undefined,
  });
  const own = process.cpuUsage(ownBefore);
  const cpuAfter = cpuSnapshot(server.pid, "postgres");
  const total = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
  const perRequest = (seconds: number) => (total ? (seconds * 1000) / total : 0);
  const statusCodes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}×${stat.count ?? 0}`)
    .join(" ");
  return {
    route: `${route.method} ${route.name}`,
    requestsPerSecond: total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total,
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
    cpu: {
      app: perRequest(cpuAfter.group - cpuBefore.group),
      postgres: perRequest(cpuAfter.named - cpuBefore.named),
      loadGenerator: perRequest((own.user + own.system) / 1e6),
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Walks the time-log list 100 rows at a time from the first page to the last, checking that every
 * row comes exactly once, and keeps the cursors that open the pages in `DEEP_PAGES`.
 */
async function walkTimeLogCursors(baseUrl: string, headers: Record<string, string>): Promise<Map<number, string>> {
  const cursors = new Map<number, string>();
  const seen = new Set<string>();
  let cursor: string | undefined;
  const lastPage = Math.max(...DEEP_PAGES);
  const started = performance.now();
  for (let page = 1; ; page += 1) {
    if (cursor && DEEP_PAGES.includes(page)) cursors.set(page, cursor);
    const reply = await call(baseUrl, "GET", `/api/v1/time-logs?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { headers });
    expectStatus(reply, 200, `time-log page ${page}`);
    for (const log of reply.body.data as Array<{ id: string }>) {
      if (seen.has(log.id)) throw new Error(`time log ${log.id} returned twice (page ${page})`);
      seen.add(log.id);
    }
    cursor = reply.body.pagination?.cursor;
    if (!reply.body.pagination?.hasMore) {
      if (page < lastPage) throw new Error(`only ${page} pages of time logs; page ${lastPage} does not exist`);
      break;
    }
    if (!cursor) throw new Error(`page ${page} has more rows but no cursor`);
  }
  if (seen.size !== TIME_LOGS) throw new Error(`walking every page returned ${seen.size} time logs, expected ${TIME_LOGS}`);
  console.log(`  walked all ${seen.size} time logs in ${Math.round(performance.now() - started)} ms; every row exactly once`);
  return cursors;
}

async function sequentialLatency(baseUrl: string, path: string, headers: Record<string, string>): Promise<{ p50: number; p99: number }> {
  const samples: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
    const reply = await call(baseUrl, "GET", path, { headers });
    expectStatus(reply, 200, `GET ${path}`);
    samples.push(reply.ms);
  }
  return { p50: median(samples), p99: percentile(samples, 99) };
}

interface RoundTripResult {
  route: string;
  perRequest: number[];
  typical: string[];
}

/** Sequential requests through the counting relay; each request's round trips are the statements logged while it ran. */
async function countRoundTrips(
  baseUrl: string,
  routes: Route[],
  apiKey: string,
  relay: { mark(): number; since(position: number): RoundTrip[] },
): Promise<RoundTripResult[]> {
  const headers = { authorization: `Bearer ${apiKey}` };
  // Warm-up: the first request of a process also writes lastUsedAt and prunes old rate-limit windows.
  for (const route of routes) for (let i = 0; i < 3; i += 1) await call(baseUrl, route.method, route.path, { headers, body: route.body });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const results: RoundTripResult[] = [];
  for (const route of routes) {
    const perRequest: number[] = [];
    const shapes = new Map<string, number>();
    for (let i = 0; i < ROUND_TRIP_SAMPLES; i += 1) {
      const position = relay.mark();
      const reply = await call(baseUrl, route.method, route.path, { headers, body: route.body });
      expectStatus(reply, route.expected, `${route.method} ${route.name}`);
      const trips = relay.since(position);
      perRequest.push(trips.length);
      const shape = trips.map((trip) => trip.sql.map(statementLabel).join(" + ")).join(" → ");
      shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    }
    const typical = [...shapes.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    results.push({ route: `${route.method} ${route.name}`, perRequest, typical: typical.split(" → ") });
  }
  return results;
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

async function main(): Promise<void> {
  if (process.argv.includes("--compare")) {
    await compareWithCeiling({ oneConnection: process.argv.includes("--one") });
    return;
  }
  if (process.argv.includes("--scale-out")) {
    await measureScaleOut();
    return;
  }
  if (process.argv.includes("--noisy")) {
    ensureBuild({ force: process.argv.includes("--build") });
    await measureNoisyNeighbours({ onPostgres: process.argv.includes("--pg") });
    return;
  }
  const runStarted = performance.now();
  const loadBefore = os.loadavg()[0]!;
  ensureBuild({ force: process.argv.includes("--build") });

  let database: BenchDatabase | undefined;
  const servers: RunningServer[] = [];
  let relay: Awaited<ReturnType<typeof startRoundTripCounter>> | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const server of servers) await server.stop().catch(() => {});
      killAllServers();
      await relay?.close().catch(() => {});
      if (database?.isThrowaway) {
        await database.drop().catch((error: Error) => console.error(`Could not drop the benchmark database: ${error.message}`));
      }
    })());
  // Ctrl-C reaches this process twice (from the terminal and relayed by tsx): a repeat within a
  // second is the same interruption; a later one gives up on cleaning.
  let interruptedAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interruptedAt) {
      if (Date.now() - interruptedAt > 1000) process.exit(130);
      return;
    }
    interruptedAt = Date.now();
    console.error(`\n${signal}: stopping the server and dropping the benchmark database…`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    database = await openBenchDatabase({ prefix: "orbit_bench", existingUrl: process.env.DATABASE_URL, adminUrl: process.env.ORBIT_BENCH_PG_URL });
    console.log(database.isThrowaway ? `Throwaway database: ${new URL(database.url).pathname.slice(1)}` : "Using DATABASE_URL (the benchmark organization stays in it).");
    const serverEnv = {
      DATABASE_URL: database.url,
      APP_ENV: "production",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      WEBHOOK_WORKER: "off",
    };

    console.log(`Starting the app (${SERVER_NAME})…`);
    const server = await startServer(serverEnv);
    servers.push(server);
    const { baseUrl } = server;

    console.log("Creating the organization, pro plan and API key through the app routes…");
    const setup = await createOrganization(baseUrl);
    const headers = { authorization: `Bearer ${setup.apiKey}` };

    console.log(`Seeding ${TASKS.toLocaleString("en-US")} tasks and ${TIME_LOGS.toLocaleString("en-US")} time logs…`);
    const seedStarted = performance.now();
    await seed(database.url, setup);
    console.log(`  seeded in ${Math.round(performance.now() - seedStarted)} ms`);

    const tasksList: Route = { name: "/api/v1/tasks?limit=50", method: "GET", path: "/api/v1/tasks?limit=50", expected: 200 };
    const timeLogsList: Route = {
      name: "/api/v1/time-logs?limit=100&from=…",
      method: "GET",
      path: `/api/v1/time-logs?limit=100&from=${encodeURIComponent(FROM)}`,
      expected: 200,
    };
    const createTask: Route = { name: "/api/v1/tasks", method: "POST", path: "/api/v1/tasks", body: CREATE_TASK_BODY, expected: 201 };
    const routes: Route[] = [tasksList];
    const skipped: string[] = [];
    const probe = await call(baseUrl, "GET", timeLogsList.path, { headers });
    const hasTimeLogs = probe.status !== 404;
    if (hasTimeLogs) routes.push(timeLogsList);
    else skipped.push("GET /api/v1/time-logs answers 404 in this build: the time-log routes and page latencies were skipped.");
    for (const route of routes) {
      const reply = await call(baseUrl, route.method, route.path, { headers });
      expectStatus(reply, route.expected, `${route.method} ${route.path}`);
      if (!Array.isArray(reply.body.data) || !reply.body.data.length) throw new Error(`${route.path} returned no rows`);
    }

    const pageLatency: Array<{ page: number; p50: number; p99: number }> = [];
    if (hasTimeLogs) {
      console.log("Walking the time-log cursors (limit=100)…");
      const cursors = await walkTimeLogCursors(baseUrl, headers);
      const deepest = Math.max(...DEEP_PAGES);
      routes.push({
        name: `/api/v1/time-logs?limit=100&cursor=<page ${deepest}>`,
        method: "GET",
        path: `/api/v1/time-logs?limit=100&cursor=${encodeURIComponent(cursors.get(deepest)!)}`,
        expected: 200,
      });
      console.log(`Page latency, ${LATENCY_SAMPLES} sequential requests per page…`);
      for (const page of [1, ...DEEP_PAGES]) {
        const cursor = page === 1 ? "" : `&cursor=${encodeURIComponent(cursors.get(page)!)}`;
        pageLatency.push({ page, ...(await sequentialLatency(baseUrl, `/api/v1/time-logs?limit=100${cursor}`, headers)) });
      }
    }
    routes.push(createTask);
    expectStatus(await call(baseUrl, "POST", createTask.path, { headers, body: CREATE_TASK_BODY }), 201, "POST /api/v1/tasks");

    const loads: LoadResult[] = [];
    for (const route of routes) {
      console.log(`Load: ${route.method} ${route.name} (${WARMUP_SECONDS} s warm-up, then ${CONNECTIONS} connections × ${DURATION_SECONDS} s)…`);
      await load(server, setup.apiKey, route, WARMUP_SECONDS, 8);
      const result = await load(server, setup.apiKey, route, DURATION_SECONDS, CONNECTIONS);
      loads.push(result);
      console.log(`  ${fixed(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`);
    }
    const serverProblems = server.problemLines();
    await server.stop();
    servers.pop();

    console.log("Counting SQL round trips per request (app restarted behind a counting relay)…");
    relay = await startRoundTripCounter(database.url);
    const counted = await startServer({ ...serverEnv, DATABASE_URL: relay.url });
    servers.push(counted);
    const roundTrips = await countRoundTrips(counted.baseUrl, routes, setup.apiKey, relay);
    await counted.stop();
    servers.pop();

    printReport({ loadBefore, loads, pageLatency, roundTrips, serverProblems, postgres: await withClient(database.url, async (client) => (await client.query("SHOW server_version")).rows[0].server_version) });
    console.log(`\nTotal run time: ${Math.round((performance.now() - runStarted) / 1000)} s.`);
    for (const note of skipped) console.error(`\n${note}`);
    if (skipped.length) process.exitCode = 1;
    const failures = loads.filter((result) => result.non2xx > 0 || result.errors > 0);
    if (failures.length) {
      console.error(`\nNon-2xx responses or connection errors on: ${failures.map((failure) => `${failure.route} (${failure.statusCodes}, errors ${failure.errors})`).join("; ")}`);
      process.exitCode = 1;
    }
  } catch (error) {
    const output = servers.at(-1)?.recentOutput();
    if (output && !interruptedAt) console.error(`\nLast server output:\n${output.split("\n").slice(-40).join("\n")}`);
    throw error;
  } finally {
    await cleanUp();
  }
}

function printReport(report: {
  loadBefore: number;
  loads: LoadResult[];
  pageLatency: Array<{ page: number; p50: number; p99: number }>;
  roundTrips: RoundTripResult[];
  serverProblems: string[];
  postgres: string;
}): void {
  const cpus = os.cpus();
  console.log("\n## Results\n");
  console.log(
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}; ` +
      `Node ${process.version}; PostgreSQL ${report.postgres}. App (${SERVER_NAME}), PostgreSQL and the load generator share these cores.`,
  );
  // The run itself keeps both cores busy, so only the load before it tells whether others competed.
  console.log(`Load average (1 min) before the run: ${fixed(report.loadBefore, 2)}${report.loadBefore > 1 ? ": other work was running, figures are pessimistic" : ""}.`);
  console.log(`Data: one organization, ${TASKS.toLocaleString("en-US")} tasks (2 subtasks each, a comment on every 4th), ${TIME_LOGS.toLocaleString("en-US")} time logs over ${LOG_SPAN_DAYS} days.`);
  console.log(`Load: autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per route after a ${WARMUP_SECONDS} s warm-up; one API key (limit 1,000,000/h), so every request is authenticated and rate-limited.\n`);
  console.log("| route | req/s | p50 ms | p99 ms | requests | non-2xx |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const load of report.loads) console.log(`| \`${load.route}\` | ${fixed(load.requestsPerSecond)} | ${load.p50} | ${load.p99} | ${load.total} | ${load.non2xx}${load.errors ? ` (+${load.errors} errors)` : ""} |`);
  if (isCpuAccountingAvailable) {
    console.log("\nCPU per request during each run (ms, from /proc; PostgreSQL counts all its processes on the machine): where the two cores went.\n");
    console.log(`| route | app (${SERVER_NAME}) | PostgreSQL | load generator |`);
    console.log("|---|---:|---:|---:|");
    for (const load of report.loads) console.log(`| \`${load.route}\` | ${fixed(load.cpu.app, 2)} | ${fixed(load.cpu.postgres, 2)} | ${fixed(load.cpu.loadGenerator, 2)} |`);
  }

  if (report.pageLatency.length) {
    console.log(`\nTime-log pages (limit=100, no filter), ${LATENCY_SAMPLES} sequential requests each, one connection:\n`);
    console.log("| page | rows skipped | p50 ms | p99 ms |");
    console.log("|---:|---:|---:|---:|");
  }
  for (const row of report.pageLatency) console.log(`| ${row.page} | ${((row.page - 1) * 100).toLocaleString("en-US")} | ${fixed(row.p50)} | ${fixed(row.p99)} |`);
  const first = report.pageLatency[0];
  const last = report.pageLatency[report.pageLatency.length - 1];
  if (first && last) console.log(`\nPage 1 vs page ${last.page}: ${fixed(first.p50)} ms vs ${fixed(last.p50)} ms median (×${fixed(last.p50 / first.p50, 2)}).`);

  console.log(`\nSQL round trips per request, counted on the wire (${ROUND_TRIP_SAMPLES} sequential requests per route):\n`);
  console.log("| route | round trips (median; min–max) | statements of a typical request |");
  console.log("|---|---:|---|");
  for (const row of report.roundTrips) {
    console.log(`| \`${row.route}\` | ${median(row.perRequest)} (${Math.min(...row.perRequest)}–${Math.max(...row.perRequest)}) | ${row.typical.join(" → ")} |`);
  }
  if (report.serverProblems.length) {
    console.log(`\nServer output with warnings/errors during the load run (${report.serverProblems.length} lines, first 10):`);
    for (const line of report.serverProblems.slice(0, 10)) console.log(`  ${line}`);
  }
}

main().catch((error: Error) => {
  console.error(`\nBenchmark failed: ${error.message}`);
  process.exitCode = 1;
});
