// The built app (`npm run build` output) served as `npm start` serves it (Orbit's server,
// .next/orbit/server.mjs) on a free local port, for benchmarks. BENCH_SERVER=next-start serves the
// same build with `next start` instead (/api/v1 through Next's route handler), to measure the difference.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { freePort } from "../../scripts/lib/free-port";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
const SERVER_BUILD = path.join(ROOT, ".next/orbit/server.mjs");
const isNextStart = process.env.BENCH_SERVER === "next-start";
/** Node's flags of `npm start` (package.json), so the benchmarks measure the server as it is deployed. */
const START_NODE_ARGS = ["--max-semi-space-size=64", "--expose-gc"];
/** What serves the app, for the reports. */
export const SERVER_NAME = isNextStart ? "next start" : "Orbit's server";

/** Builds the app when there is no production build yet (or when `force` is set). */
export function ensureBuild(options: { force?: boolean } = {}): void {
  if (!options.force && existsSync(path.join(ROOT, ".next/BUILD_ID")) && existsSync(SERVER_BUILD)) return;
  console.log(options.force ? "Building the app (npm run build)…" : "No production build found: running npm run build…");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("The build failed; fix it (npm run build) and run the benchmark again.");
}


export interface RunningServer {
  baseUrl: string;
  /** Process id of the server, also the id of its process group. */
  pid: number;
  /** The server's recent output, for error reports. */
  recentOutput(): string;
  /** Output lines that look like warnings or errors since start. */
  problemLines(): string[];
  stop(): Promise<void>;
}

const LIVE_SERVERS = new Set<ChildProcess>();

/** Kills every server this process started (signal handlers call it; `stop` is the normal path). */
export function killAllServers(): void {
  for (const child of LIVE_SERVERS) killGroup(child, "SIGKILL");
  LIVE_SERVERS.clear();
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/**
 * Starts the server with the given environment on a free port and waits until it answers HTTP.
 * The server runs in its own process group so that stopping it also stops anything it spawned.
 */
export async function startServer(
  env: Record<string, string>,
  options: { readyPath?: string; timeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const command = isNextStart ? [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"] : [...START_NODE_ARGS, SERVER_BUILD];
  // BENCH_SERVER_NODE_ARGS adds Node flags to every server started (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const extraNodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extraNodeArgs, ...(options.nodeArgs ?? []), ...command], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_ENV: "production", PORT: String(port), ...(isNextStart ? { NEXT_MANUAL_SIG_HANDLE: "true" } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  LIVE_SERVERS.add(child);
  const lines: string[] = [];
  const problems: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > 200) lines.shift();
      if (/warn|error|fail|unavailable/i.test(line)) problems.push(line);
    }
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const baseUrl = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    baseUrl,
    pid: child.pid!,
    recentOutput: () => lines.join("\n"),
    problemLines: () => [...problems],
    async stop() {
      killGroup(child, "SIGTERM");
      const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
      LIVE_SERVERS.delete(child);
    },
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const readyUrl = baseUrl + (options.readyPath ?? "/api/v1/openapi.json");
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      LIVE_SERVERS.delete(child);
      throw new Error(`${SERVER_NAME} exited before answering (code ${child.exitCode ?? child.signalCode}):\n${server.recentOutput()}`);
    }
    try {
      await fetch(readyUrl, { signal: AbortSignal.timeout(2000) });
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await server.stop();
  throw new Error(`${SERVER_NAME} did not answer within ${(options.timeoutMs ?? 60_000) / 1000} s:\n${server.recentOutput()}`);
}
