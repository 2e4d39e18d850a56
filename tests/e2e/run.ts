// `npm run test:e2e`: the web app in a real browser. Starts the app on a free port with an in-memory
// database and runs every flow module of tests/e2e/flows/ (one per area, in file-name order) at a
// desktop and a phone-sized viewport in headless Chromium, saving screenshots.
//   -- --start              serve the production build (`npm run build` first, then as `npm start`) instead of `npm run dev`
//   -- --only timer,tasks   run only these flows (by their `name`)
//   -- --viewport phone     run only one viewport
//   -- --shots <dir>        keep the screenshots there (default: a temporary folder)
//   -- --url <origin>       use an app that is already running there (nothing started or stopped)
//   -- --color-scheme dark  render in the dark set (screenshots named …-dark.png)
// Exit codes: 0 all passed, 1 a check failed, 2 the test could not run (no Chromium, no build, no server).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { freePort } from "../../scripts/lib/free-port";
import { E2E, VIEWPORTS, type E2EFlow, type Tally } from "./harness";

const projectRoot = path.resolve(import.meta.dirname, "..", "..");
const flowsDir = path.join(import.meta.dirname, "flows");
const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const SERVER_START_TIMEOUT_MS = 180_000;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const useBuild = process.argv.includes("--start");
/** The production build of Orbit's server (scripts/build-server.mjs). */
const SERVER_BUILD = path.join(projectRoot, ".next", "orbit", "server.mjs");
const only = option("--only")?.split(",").map((name) => name.trim());
const viewports = VIEWPORTS.filter((viewport) => !option("--viewport") || viewport.name === option("--viewport"));

function cannotRun(message: string): never {
  console.error(`e2e: ${message}`);
  process.exit(2);
}

interface AppServer {
  url: string;
  output: () => string;
  stop: () => void;
  /** Sends SIGTERM to the server process alone and resolves with its exit code (null: still running after the timeout). */
  terminate: (timeoutMs: number) => Promise<number | null>;
}

async function startApp(): Promise<AppServer> {
  const running = option("--url");
  if (running) return { url: running.replace(/\/$/, ""), output: () => "", stop: () => {}, terminate: async () => null };
  const port = await freePort();
  // Orbit's server as `npm start` and `npm run dev` run it (without npm in between, so that SIGTERM reaches it).
  const args = useBuild ? [SERVER_BUILD] : [path.join(projectRoot, "node_modules", "tsx", "dist", "cli.mjs"), "src/server.ts", "--dev"];
  let output = "";
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: projectRoot,
    // Its own process group, so stopping it also stops the workers it starts.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      PGLITE_DIR: "memory://",
      DATABASE_URL: "",
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: useBuild ? "production" : "development",
      ...(useBuild ? { SESSION_SECRET: randomBytes(32).toString("hex") } : {}),
    },
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
  };
  const terminate = (timeoutMs: number) =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      const timer = setTimeout(() => resolve(null), timeoutMs);
      child.once("exit", (code) => {
        clearTimeout(timer);
        resolve(code);
      });
      child.kill("SIGTERM");
    });
  // Reached as 127.0.0.1, not localhost: the Origin check must hold for the address people type.
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    // The first request also compiles the page under the development server.
    const response = await fetch(url, { signal: AbortSignal.timeout(SERVER_START_TIMEOUT_MS) }).catch(() => null);
    if (response?.status === 200) return { url, output: () => output, stop, terminate };
    if (response) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  console.error(output.split("\n").slice(-40).join("\n"));
  cannotRun(`the app did not answer 200 on ${url} (${useBuild ? "npm start" : "npm run dev"}).`);
}

async function loadFlows(): Promise<E2EFlow[]> {
  const files = readdirSync(flowsDir)
    .filter((file) => file.endsWith(".ts"))
    .sort();
  const flows: E2EFlow[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(flowsDir, file)).href)) as { default?: E2EFlow };
    if (!module.default?.name || typeof module.default.run !== "function") cannotRun(`${file} does not export a default { name, run } flow.`);
    flows.push(module.default);
  }
  return flows.filter((flow) => !only || only.includes(flow.name));
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) cannotRun(`Chromium not found at ${CHROMIUM}. Install it with: apt-get install -y chromium`);
  if (useBuild && !(existsSync(path.join(projectRoot, ".next", "BUILD_ID")) && existsSync(SERVER_BUILD))) cannotRun("no production build: run `npm run build` first, or drop --start.");
  const flows = await loadFlows();
  if (flows.length === 0) cannotRun(`no flows to run${only ? ` named ${only.join(", ")}` : ""}.`);

  const shotsOption = option("--shots");
  const screenshots = shotsOption ? path.resolve(shotsOption) : mkdtempSync(path.join(tmpdir(), "orbit-e2e-shots-"));
  mkdirSync(screenshots, { recursive: true });
  const app = await startApp();
  const tally: Tally = { passed: 0, failed: 0, notRun: 0 };
  const problems = { browserErrors: [] as string[], serverErrors: [] as string[] };
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
    console.log(`e2e: ${app.url} (${useBuild ? "npm start" : "npm run dev"}), flows: ${flows.map((flow) => flow.name).join(", ")}; screenshots in ${screenshots}`);
    for (const viewport of viewports) {
      for (const flow of flows) {
        const e2e = new E2E(app.url, viewport, browser, screenshots, tally, problems);
        try {
          await flow.run(e2e);
        } catch (error) {
          tally.failed += 1;
          console.log(`  FAIL  [${viewport.name}] ${flow.name}: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          await e2e.close();
        }
      }
    }
    const final = new E2E(app.url, viewports[0]!, browser, screenshots, tally, problems);
    await final.flow("console", [
      ["no script errors in the browser console", async () => void (problems.browserErrors.length === 0 || fail(problems.browserErrors))],
      ["no request answered with a server error (expected failures are 4xx)", async () => void (problems.serverErrors.length === 0 || fail(problems.serverErrors))],
    ]);
    if (useBuild && !option("--url")) {
      await final.flow("shutdown", [
        [
          "SIGTERM: the server reports ready until then, and exits 0",
          async () => {
            const ready = await fetch(`${app.url}/api/ready`);
            if (ready.status !== 200) throw new Error(`/api/ready answered ${ready.status}`);
            const code = await app.terminate(20_000);
            if (code !== 0) throw new Error(`the server exited with ${code === null ? "nothing (still running after 20 s)" : code}, expected 0`);
          },
        ],
      ]);
    }
  } finally {
    await browser?.close().catch(() => {});
    app.stop();
  }
  if (tally.failed) console.log(`\nserver output (last lines):\n${app.output().split("\n").slice(-30).join("\n")}`);
  console.log(`\nscreenshots: ${screenshots}`);
  console.log(`${tally.passed} passed, ${tally.failed} failed${tally.notRun ? ` (${tally.notRun} not run after a failure)` : ""}`);
  process.exit(tally.failed ? 1 : 0);
}

function fail(lines: string[]): never {
  throw new Error([...new Set(lines)].join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
