// The production build of Orbit's server (`npm run build`, run as `npm start` runs it): /api/v1 answered
// by the server itself with the contract's headers, one copy of the server's state per process (the
// metrics /api/v1 counts are the ones Next's /api/metrics shows; one database, one worker), the
// client's address from the socket, and SIGTERM. Needs the build: CI builds before the suite; locally
// the file is skipped without one (run `npm run build`).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { SIGNUPS_PER_ADDRESS } from "@/server/services/auth/throttle";

const root = path.resolve(import.meta.dirname, "../..");
const serverBuild = path.join(root, ".next/orbit/server.mjs");
const isBuilt = existsSync(serverBuild) && existsSync(path.join(root, ".next/BUILD_ID"));
if (!isBuilt && process.env.CI) throw new Error("No production build: CI runs `npm run build` before the suite.");

const METRICS_TOKEN = "own-server-metrics-token-0123456789";
const PASSWORD = "correct horse battery staple";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

describe.skipIf(!isBuilt)("Orbit's server, built", () => {
  let child: ChildProcess;
  let output = "";
  let port: number;
  let pgliteDir: string | undefined;
  let exitCode: Promise<number | null>;

  /** One request to the server from the loopback address `from` (a client of its own). */
  function send(method: string, requestPath: string, options: { body?: unknown; headers?: Record<string, string>; from?: string } = {}): Promise<Answer> {
    const json = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string | number> = { ...options.headers };
    if (json !== undefined) Object.assign(headers, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
    return new Promise((resolve, reject) => {
      http
        .request({ host: "127.0.0.1", port, method, path: requestPath, headers, localAddress: options.from ?? "127.0.0.1" }, (response) => {
          let text = "";
          response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
        })
        .on("error", reject)
        .end(json);
    });
  }

  /** Signs up an organization on the pro plan through the app's routes and makes a key; returns the key. */
  async function apiKey(): Promise<string> {
    const email = `own-server-${randomBytes(4).toString("hex")}@example.com`;
    const signup = await send("POST", "/api/app/auth/signup", { body: { email, password: PASSWORD, name: "Ada", organizationName: "Acme" }, from: "127.0.0.9" });
    expect(signup.status, signup.text).toBe(201);
    const cookie = (signup.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ");
    expect((await send("PUT", "/api/app/organization/plan", { body: { plan: "pro" }, headers: { cookie } })).status).toBe(200);
    const created = await send("POST", "/api/app/api-keys", { body: { name: "server", scopes: ["*"] }, headers: { cookie } });
    expect(created.status, created.text).toBe(201);
    return (JSON.parse(created.text) as { data: { key: string } }).data.key;
  }

  beforeAll(async () => {
    port = await freePort();
    // PostgreSQL: this file's database (migrated already). PGlite: a directory of its own, migrated at boot.
    if (!process.env.DATABASE_URL) pgliteDir = mkdtempSync(path.join(os.tmpdir(), "orbit-own-server-"));
    child = spawn(process.execPath, [serverBuild], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        APP_ENV: "production",
        PORT: String(port),
        SESSION_SECRET: randomBytes(32).toString("hex"),
        METRICS_TOKEN,
        WEBHOOK_WORKER: "inline",
        PASSWORD_HASH_COST: "14",
        LOG_LEVEL: "info",
        NEXT_TELEMETRY_DISABLED: "1",
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { PGLITE_DIR: pgliteDir }),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    exitCode = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    // Until it answers (boot migrates a PGlite database first); bounded by the hook's timeout.
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited at boot:\n${output}`);
      if ((await send("GET", "/api/health").catch(() => undefined))?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  afterAll(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  });

  // The first requests of a fresh process (and the in-process import of the route module) are cold.
  it("answers /api/v1 itself with the contract's headers, the same as the route handler's", { timeout: 90_000 }, async () => {
    const key = await apiKey();
    const list = await send("GET", "/api/v1/tasks?limit=5", { headers: { authorization: `Bearer ${key}`, "x-request-id": "own-server-request-0001" } });
    expect(list.status, list.text).toBe(200);
    expect(JSON.parse(list.text)).toMatchObject({ data: [], meta: { apiVersion: "v1" } });
    expect(list.headers).toMatchObject({
      "content-type": "application/json",
      "cache-control": "no-store",
      "x-request-id": "own-server-request-0001",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
      "content-length": String(Buffer.byteLength(list.text)),
    });
    expect(list.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    for (const name of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "ratelimit-policy", "ratelimit"]) {
      expect(list.headers[name], name).toMatch(/\S/);
    }
    expect(list.headers["x-powered-by"]).toBeUndefined();

    // The same request through Next's route handler (the path `next start` took) carries the same headers.
    const { GET } = await import("@/app/api/v1/[...path]/route");
    const viaNext = await GET(new Request(`http://localhost:${port}/api/v1/tasks?limit=5`, { headers: { authorization: "Bearer sk_live_unknown" } }));
    const refused = await send("GET", "/api/v1/tasks?limit=5", { headers: { authorization: "Bearer sk_live_unknown" } });
    expect(refused.status).toBe(viaNext.status);
    expect(JSON.parse(refused.text)).toMatchObject({ error: (await viaNext.json()).error });
    const names = (headers: Iterable<string>) => [...headers].filter((name) => !["date", "connection", "keep-alive", "content-length", "x-request-id"].includes(name)).sort();
    expect(names(Object.keys(refused.headers))).toEqual(names(viaNext.headers.keys()));

    // A create answers 201; an Idempotency-Key repeat is replayed.
    const create = () => send("POST", "/api/v1/tasks", { body: { title: "From the server" }, headers: { authorization: `Bearer ${key}`, "idempotency-key": "own-server-create-1" } });
    const created = await create();
    expect(created.status, created.text).toBe(201);
    const replayed = await create();
    expect(replayed.status).toBe(201);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.text).toBe(created.text);
    // Bodies: 1 MiB at most, JSON objects only, in the envelope.
    const tooLarge = await send("POST", "/api/v1/tasks", { body: { title: "x".repeat(1024 * 1024) }, headers: { authorization: `Bearer ${key}` } });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.text)).toMatchObject({ error: "payload_too_large" });
    const array = await send("POST", "/api/v1/tasks", { body: [1], headers: { authorization: `Bearer ${key}` } });
    expect(JSON.parse(array.text)).toMatchObject({ error: "validation_error" });
    const unknown = await send("GET", "/api/v1/nothing-here", { headers: { authorization: `Bearer ${key}` } });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ error: "not_found", meta: { apiVersion: "v1" } });
    // The request guard, before anything else.
    const trace = await send("TRACE", "/api/v1/tasks");
    expect(trace.status).toBe(405);
    expect(JSON.parse(trace.text)).toMatchObject({ error: "method_not_allowed" });
  });

  it("keeps one copy of its state: what /api/v1 counts, Next's /api/metrics shows; one database, one worker", async () => {
    const key = await apiKey();
    const metric = async () => {
      const scraped = await send("GET", "/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scraped.status).toBe(200);
      const line = scraped.text.split("\n").find((row) => row.startsWith('orbit_http_requests_total{route="/api/v1/customers",method="GET",status="200"}'));
      return Number(line?.split(" ").at(-1) ?? 0);
    };
    const before = await metric();
    for (let index = 0; index < 3; index += 1) expect((await send("GET", "/api/v1/customers", { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect(await metric()).toBe(before + 3);
    // Next's own routes ran in this process too (signup, keys, metrics): still one database and one worker.
    expect(output.match(/"database open"/g)).toHaveLength(1);
    expect(output.match(/"webhook worker started"/g)).toHaveLength(1);
  });

  it("takes the client's address from the socket: a forged X-Forwarded-For does not get past the signup throttle", { timeout: 120_000 }, async () => {
    const signup = (from: string, forwardedFor?: string) =>
      send("POST", "/api/app/auth/signup", {
        body: { email: `throttle-${randomBytes(4).toString("hex")}@example.com`, password: PASSWORD, name: "Ada", organizationName: "Acme" },
        headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
        from,
      });
    for (let index = 0; index < SIGNUPS_PER_ADDRESS; index += 1) expect((await signup("127.0.0.20", `198.51.100.${index}`)).status).toBe(201);
    expect((await signup("127.0.0.20")).status).toBe(429);
    expect((await signup("127.0.0.20", "198.51.100.99")).status).toBe(429);
    expect((await signup("127.0.0.21", "127.0.0.20")).status).toBe(201);
  });

  it("on SIGTERM stops (the worker, the database) and exits 0", async () => {
    expect((await send("GET", "/api/ready")).status).toBe(200);
    child.kill("SIGTERM");
    expect(await exitCode).toBe(0);
    expect(output).toContain("SIGTERM: stopped");
  });
});
