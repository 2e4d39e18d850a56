// `npm run test:e2e`: the web pages in a real browser. Starts the app on a free port with an in-memory
// database, drives sign-up → plan switch → log-out → log-in and the API reference in headless
// Chromium, and saves a screenshot of each page. `-- --start` serves the production build (`next
// build` first) instead of the development server. Exit codes: 0 all passed, 1 a check failed, 2 the
// test could not run (no Chromium, no build, the server did not start).
import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { freePort } from "./lib/free-port";

const projectRoot = path.resolve(import.meta.dirname, "..");
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
const STEP_TIMEOUT_MS = 60_000;

const useBuild = process.argv.includes("--start");

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
  const port = await freePort();
  const args = useBuild ? ["start", "-p", String(port)] : ["dev", "-p", String(port)];
  let output = "";
  const child: ChildProcess = spawn(path.join(projectRoot, "node_modules", ".bin", "next"), args, {
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
      // As `npm start` does: SIGTERM is the app's to handle (finish deliveries, exit 0), not Next's.
      NEXT_MANUAL_SIG_HANDLE: "true",
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
  // Reached as 127.0.0.1, not localhost: the Origin check must hold for the address users type.
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
  cannotRun(`the app did not answer 200 on ${url} (next ${args[0]}).`);
}

let passed = 0;
let failed = 0;
let notRun = 0;

/** Runs checks in order; after the first failure the rest of the flow cannot mean anything. */
async function flow(name: string, steps: [string, () => Promise<void>][]): Promise<void> {
  for (const [index, [label, run]] of steps.entries()) {
    try {
      await run();
      passed += 1;
      console.log(`  ok    ${name}: ${label}`);
    } catch (error) {
      failed += 1;
      notRun += steps.length - index - 1;
      console.log(`  FAIL  ${name}: ${label}\n        ${(error instanceof Error ? error.message : String(error)).split("\n").join("\n        ")}`);
      return;
    }
  }
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

async function text(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).textContent({ timeout: STEP_TIMEOUT_MS })) ?? "").trim();
}

/** A POST over a raw socket, so the Host header can name any address the server might be reached by. */
function postWithHost(url: string, pathname: string, headers: Record<string, string>): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: target.hostname, port: target.port, path: pathname, method: "POST", headers: { "content-length": "0", ...headers }, timeout: STEP_TIMEOUT_MS }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("timeout", () => request.destroy(new Error(`POST ${pathname} timed out`)));
    request.on("error", reject);
    request.end();
  });
}

/** The Origin check over the started server: each address the app is reached by, and foreign origins. */
async function originChecks(url: string): Promise<void> {
  const port = new URL(url).port;
  const cases: [string, Record<string, string>, number][] = [
    ["localhost", { host: `localhost:${port}`, origin: `http://localhost:${port}` }, 200],
    ["127.0.0.1", { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` }, 200],
    ["a LAN address", { host: `192.168.1.20:${port}`, origin: `http://192.168.1.20:${port}` }, 200],
    ["a foreign origin", { host: `127.0.0.1:${port}`, origin: "https://evil.example" }, 403],
    ["another port", { host: `127.0.0.1:${port}`, origin: "http://127.0.0.1:1" }, 403],
    ["an untrusted X-Forwarded-Host", { host: `127.0.0.1:${port}`, "x-forwarded-host": "evil.example", origin: "http://evil.example" }, 403],
  ];
  for (const [label, headers, expected] of cases) {
    const status = await postWithHost(url, "/api/app/auth/logout", headers);
    check(status === expected, `${label}: POST /api/app/auth/logout answered ${status}, expected ${expected}`);
  }
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) cannotRun(`Chromium not found at ${CHROMIUM}. Install it with: apt-get install -y chromium`);
  if (useBuild && !existsSync(path.join(projectRoot, ".next", "BUILD_ID"))) cannotRun("no production build: run `npx next build` first, or drop --start.");

  const screenshots = mkdtempSync(path.join(tmpdir(), "orbit-e2e-shots-"));
  const userDataDir = mkdtempSync(path.join(tmpdir(), "orbit-e2e-profile-"));
  const app = await startApp();
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1280, height: 860 },
    });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = context.pages()[0] ?? (await context.newPage());
    const browserErrors: string[] = [];
    const serverErrors: string[] = [];
    page.on("pageerror", (error) => browserErrors.push(error.message));
    // Failed requests are logged by the browser too; they are judged by status below instead.
    page.on("console", (message) => message.type() === "error" && !message.text().startsWith("Failed to load resource") && browserErrors.push(message.text()));
    page.on("response", (response) => response.status() >= 500 && serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`));
    const shot = (name: string, fullPage = false) => page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage });

    const email = `e2e-${randomBytes(5).toString("hex")}@example.com`;
    const password = "orbit e2e password";
    const organization = "E2E Orbiters";
    const plan = () => text(page, "plan");

    console.log(`e2e: ${app.url} (next ${useBuild ? "start" : "dev"}), screenshots in ${screenshots}`);
    await flow("origin", [["mutations pass the Origin check at localhost, 127.0.0.1 and a LAN address, and foreign origins are refused", () => originChecks(app.url)]]);
    await flow("headers", [
      [
        "pages and API responses carry the security headers and a request id",
        async () => {
          for (const pathname of ["/", "/docs/api", "/api/app/me", "/api/app/no-such-route"]) {
            const response = await fetch(`${app.url}${pathname}`);
            check((response.headers.get("content-security-policy") ?? "").includes("frame-ancestors 'none'"), `${pathname}: no CSP with frame-ancestors 'none'`);
            check(response.headers.get("x-content-type-options") === "nosniff", `${pathname}: no X-Content-Type-Options`);
            check(response.headers.get("referrer-policy") !== null, `${pathname}: no Referrer-Policy`);
            check(/^[\w.:-]{8,}$/.test(response.headers.get("x-request-id") ?? ""), `${pathname}: no X-Request-Id`);
          }
          const unknown = await fetch(`${app.url}/api/app/no-such-route`);
          check(unknown.status === 404 && ((await unknown.json()) as { error?: string }).error === "not_found", "an unknown in-app route is not the 404 envelope");
        },
      ],
    ]);
    await flow("account", [
      [
        "the home page offers sign-up to a visitor",
        async () => {
          await page.goto(app.url);
          await page.getByRole("tab", { name: "Create account" }).waitFor();
          await page.getByLabel("Organization name").waitFor();
          await shot("01-signed-out");
        },
      ],
      [
        "sign-up shows the new organization on the free plan",
        async () => {
          await page.getByLabel("Your name").fill("Erin Tester");
          await page.getByLabel("Email").fill(email);
          await page.getByLabel("Password").fill(password);
          await page.getByLabel("Organization name").fill(organization);
          await page.getByRole("button", { name: "Create account" }).click();
          await page.getByRole("heading", { name: "Welcome, Erin Tester" }).waitFor();
          check((await text(page, "organization-name")) === organization, "organization name not shown");
          check((await plan()) === "free", `plan is "${await plan()}", expected "free"`);
          check((await text(page, "role")) === "admin", "role is not admin");
          await shot("02-signed-up");
        },
      ],
      [
        "a reload renders the account from the session cookie",
        async () => {
          const response = await page.reload();
          const html = (await response?.text()) ?? "";
          check(html.includes(organization), "the server-rendered page does not name the organization");
          check((await plan()) === "free", "plan lost after reload");
        },
      ],
      [
        "switching to pro shows the pro plan",
        async () => {
          await page.getByRole("button", { name: "Switch to Pro" }).click();
          await page.getByRole("button", { name: "Switch to Free" }).waitFor();
          check((await plan()) === "pro", `plan is "${await plan()}", expected "pro"`);
          await shot("03-pro");
        },
      ],
      [
        "log-out returns to the sign-in forms, also after a reload",
        async () => {
          await page.getByRole("button", { name: "Log out" }).click();
          await page.getByText("You are logged out.").waitFor();
          await page.reload();
          await page.getByRole("tab", { name: "Log in" }).waitFor();
          check((await page.getByTestId("plan").count()) === 0, "account still shown after log-out");
        },
      ],
      [
        "signing up with a taken email shows the conflict error",
        async () => {
          await page.getByLabel("Your name").fill("Someone Else");
          await page.getByLabel("Email").fill(email);
          await page.getByLabel("Password").fill(password);
          await page.getByLabel("Organization name").fill("Other");
          await page.getByRole("button", { name: "Create account" }).click();
          const alert = page.locator(".notice-error");
          await alert.waitFor();
          const message = (await alert.textContent()) ?? "";
          check(message.includes("conflict"), `error does not name the code: ${message}`);
          await shot("04-conflict-error");
        },
      ],
      [
        "a wrong password shows the unauthorized error",
        async () => {
          await page.getByRole("tab", { name: "Log in" }).click();
          await page.getByLabel("Email").fill(email);
          await page.getByLabel("Password").fill("not the password");
          await page.getByRole("button", { name: "Log in" }).click();
          const alert = page.locator(".notice-error");
          await alert.waitFor();
          const message = (await alert.textContent()) ?? "";
          check(message.includes("unauthorized") && message.includes("incorrect"), `unexpected error: ${message}`);
        },
      ],
      [
        "log-in shows the organization, still on pro",
        async () => {
          await page.getByLabel("Password").fill(password);
          await page.getByRole("button", { name: "Log in" }).click();
          await page.getByRole("heading", { name: "Welcome, Erin Tester" }).waitFor();
          check((await text(page, "organization-name")) === organization, "organization name not shown");
          check((await plan()) === "pro", `plan is "${await plan()}", expected "pro"`);
          await shot("05-logged-in-pro");
        },
      ],
    ]);

    await flow("docs", [
      [
        "the API reference lists the operations of the OpenAPI document",
        async () => {
          const document = (await (await fetch(`${app.url}/api/v1/openapi.json`)).json()) as { paths?: Record<string, Record<string, unknown>> };
          const expected = Object.entries(document.paths ?? {}).flatMap(([route, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`));
          check(expected.length > 0, "the OpenAPI document lists no operations");
          await page.goto(`${app.url}/docs/api`);
          const operations = page.getByTestId("operation");
          await operations.first().waitFor();
          const shown = await operations.evaluateAll((nodes) =>
            nodes.map((node) => `${node.querySelector(".method")?.textContent ?? ""} ${node.querySelector(".operation-path")?.textContent ?? ""}`),
          );
          const missing = expected.filter((operation) => !shown.includes(operation));
          check(missing.length === 0, `operations missing from the page: ${missing.join(", ")}`);
          check(shown.length === expected.length, `the page shows ${shown.length} operations, the document has ${expected.length}`);
          await page.getByRole("heading", { name: "Errors" }).waitFor();
          await page.getByRole("heading", { name: "Authentication" }).waitFor();
          await shot("06-api-reference");
          await shot("07-api-reference-full", true);
        },
      ],
      [
        "a schema opens on click",
        async () => {
          const firstSchema = page.getByTestId("operation").first().locator("details.json").first();
          await firstSchema.locator("summary").click();
          check(await firstSchema.locator("pre").isVisible(), "the schema did not open");
          const schema = JSON.parse((await firstSchema.locator("pre").textContent()) ?? "null") as unknown;
          check(typeof schema === "object" && schema !== null, "the schema is not JSON");
        },
      ],
    ]);

    await flow("browser", [
      [
        "no script errors in the browser console",
        async () => {
          check(browserErrors.length === 0, browserErrors.join("\n"));
        },
      ],
    ]);
    if (useBuild) {
      await flow("shutdown", [
        [
          "SIGTERM: the server reports ready until then, and exits 0",
          async () => {
            const ready = await fetch(`${app.url}/api/ready`);
            check(ready.status === 200, `/api/ready answered ${ready.status}`);
            const code = await app.terminate(20_000);
            check(code === 0, `the server exited with ${code === null ? "nothing (still running after 20 s)" : code}, expected 0`);
          },
        ],
      ]);
    }
    await flow("server", [
      [
        "no request answered with a server error (expected failures are 4xx)",
        async () => {
          check(serverErrors.length === 0, serverErrors.join("\n"));
        },
      ],
    ]);
  } finally {
    await context?.close().catch(() => {});
    app.stop();
    rmSync(userDataDir, { recursive: true, force: true });
  }
  if (failed) console.log(`\nserver output (last lines):\n${app.output().split("\n").slice(-30).join("\n")}`);
  console.log(`\nscreenshots: ${screenshots}`);
  console.log(`${passed} passed, ${failed} failed${notRun ? ` (${notRun} not run after a failure)` : ""}`);
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
