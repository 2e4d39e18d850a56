// `npm run bench:api -- --scale-out`: two Orbit processes on one PostgreSQL database, the deployment
// shape of N stateless app processes. Checks that the rate limit stays exact across both (a key with
// a limit of 20, hit 50 times at once, half through each process, admits exactly 20; repeated), then
// measures throughput with one process taking all 32 connections against two processes taking 16
// each at the same time, alternated over rounds on the same data. Env: ORBIT_BENCH_PG_URL (the server
// for the throwaway database), BENCH_DURATION (seconds per measurement, default 10), BENCH_ROUNDS (3).
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { call, createOrganization, expectStatus, seed } from "./lib/app";
import { openBenchDatabase, type BenchDatabase } from "./lib/database";
import { ensureBuild, killAllServers, SERVER_NAME, startServer, type RunningServer } from "./lib/server";

const DURATION_SECONDS = Number(process.env.BENCH_DURATION || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = 32;
const LIMIT = 20;
const HITS = 50;
const EXACTNESS_TRIALS = 5;

interface Target {
  baseUrl: string;
  connections: number;
}

/** Closed-loop load on each target at once; the summed completed requests per second and the worst p99. */
async function loadAtOnce(targets: Target[], apiKey: string, route: { method: "GET" | "POST"; path: string; body?: unknown }, seconds: number) {
  const results = await Promise.all(
    targets.map(
      (target) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          autocannon(
            {
              url: target.baseUrl + route.path,
              method: route.method,
              connections: target.connections,
              duration: seconds,
              headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
              body: route.body === undefined ? undefined : JSON.stringify(route.body),
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          );
        }),
    ),
  );
  const completed = results.reduce((sum, result) => sum + result.requests.total, 0);
  const non2xx = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
  return { rps: completed / seconds, p99: Math.max(...results.map((result) => result.latency.p99)), non2xx };
}

/** A fresh key with an hourly limit of LIMIT, hit HITS times at once, alternately through each process. */
async function exactnessTrial(servers: RunningServer[], cookie: string): Promise<{ admitted: number; refused: number; other: number }> {
  const created = await call(servers[0]!.baseUrl, "POST", "/api/app/api-keys", {
    body: { name: `limit-${LIMIT}-${randomBytes(3).toString("hex")}`, scopes: ["tasks:read"], rateLimitPerHour: LIMIT },
    headers: { cookie },
  });
  expectStatus(created, 201, "POST /api/app/api-keys");
  const headers = { authorization: `Bearer ${created.body.data.key}` };
  const statuses = await Promise.all(
    Array.from({ length: HITS }, (_, index) => call(servers[index % servers.length]!.baseUrl, "GET", "/api/v1/tasks?limit=1", { headers }).then((reply) => reply.status)),
  );
  return {
    admitted: statuses.filter((status) => status === 200).length,
    refused: statuses.filter((status) => status === 429).length,
    other: statuses.filter((status) => status !== 200 && status !== 429).length,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureScaleOut(): Promise<void> {
  ensureBuild();
  let database: BenchDatabase | undefined;
  const servers: RunningServer[] = [];
  try {
    database = await openBenchDatabase({ prefix: "orbit_scale", adminUrl: process.env.ORBIT_BENCH_PG_URL });
    const env = { DATABASE_URL: database.url, APP_ENV: "production", SESSION_SECRET: randomBytes(32).toString("hex"), WEBHOOK_WORKER: "off" };
    console.log(`Starting two app processes (${SERVER_NAME}) on one database…`);
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const setup = await createOrganization(servers[0]!.baseUrl);
    await seed(database.url, setup);

    console.log(`\nRate limit across both processes: a key limited to ${LIMIT}/h, ${HITS} requests at once, alternating between them.\n`);
    console.log("| trial | admitted (200) | refused (429) | other |");
    console.log("|---:|---:|---:|---:|");
    let isExact = true;
    for (let trial = 1; trial <= EXACTNESS_TRIALS; trial += 1) {
      const result = await exactnessTrial(servers, setup.cookie);
      isExact &&= result.admitted === LIMIT && result.refused === HITS - LIMIT && result.other === 0;
      console.log(`| ${trial} | ${result.admitted} | ${result.refused} | ${result.other} |`);
    }

    const routes = [
      { name: "GET /api/v1/tasks?limit=50", method: "GET" as const, path: "/api/v1/tasks?limit=50" },
      { name: "GET /api/v1/time-logs?limit=100", method: "GET" as const, path: "/api/v1/time-logs?limit=100" },
      { name: "POST /api/v1/tasks", method: "POST" as const, path: "/api/v1/tasks", body: { title: "Scale-out task" } },
    ];
    const [one, two] = [servers.slice(0, 1), servers];
    const shapes = {
      one: one.map((server) => ({ baseUrl: server.baseUrl, connections: CONNECTIONS })),
      two: two.map((server) => ({ baseUrl: server.baseUrl, connections: CONNECTIONS / two.length })),
    };
    console.log(`\nThroughput, ${CONNECTIONS} connections in all, ${DURATION_SECONDS} s per measurement, ${ROUNDS} rounds alternating one and two processes (medians):\n`);
    console.log("| route | one process req/s | two processes req/s | ratio | p99 ms one / two | non-2xx |");
    console.log("|---|---:|---:|---:|---:|---:|");
    let failures = 0;
    for (const route of routes) {
      await loadAtOnce(shapes.two, setup.apiKey, route, 2); // warm both
      const runs = { one: [] as Array<{ rps: number; p99: number }>, two: [] as Array<{ rps: number; p99: number }> };
      let routeFailures = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const shape of round % 2 ? (["two", "one"] as const) : (["one", "two"] as const)) {
          const result = await loadAtOnce(shapes[shape], setup.apiKey, route, DURATION_SECONDS);
          routeFailures += result.non2xx;
          runs[shape].push(result);
        }
      }
      failures += routeFailures;
      const rps = { one: median(runs.one.map((run) => run.rps)), two: median(runs.two.map((run) => run.rps)) };
      const p99 = { one: median(runs.one.map((run) => run.p99)), two: median(runs.two.map((run) => run.p99)) };
      console.log(`| \`${route.name}\` | ${rps.one.toFixed(0)} | ${rps.two.toFixed(0)} | ${(rps.two / rps.one).toFixed(2)} | ${p99.one} / ${p99.two} | ${routeFailures} |`);
    }
    if (!isExact) {
      console.error(`\nThe rate limit was not exact across the two processes.`);
      process.exitCode = 1;
    }
    if (failures) {
      console.error(`\n${failures} non-2xx responses or errors under load.`);
      process.exitCode = 1;
    }
  } finally {
    for (const server of servers) await server.stop().catch(() => {});
    killAllServers();
    if (database?.isThrowaway) await database.drop().catch((error: Error) => console.error(`Could not drop the benchmark database: ${error.message}`));
  }
}
