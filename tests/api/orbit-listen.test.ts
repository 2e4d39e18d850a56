// `orbit listen` (app-api section 13) as an integrator runs it, by the documented command
// `npx --no-install orbit listen` (never a package of the registry: its `orbit` is someone else's) as a
// child process, against the real route handlers served over HTTP on 127.0.0.1, forwarding to a real
// receiver. Each
// event arrives with the stored body, the contract's headers and signatures that verify with the
// printed secret (our verifier and the Standard Webhooks library); other types are left out; one
// printed line per event; nothing is recorded as a delivery; Ctrl-C ends it with 0.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { verifyWebhookSignature } from "@/webhooks/verify";
import { apiOrganization } from "../harness/factories";
import { BASE_URL, dispatch } from "../harness/http";
import { Receiver } from "../harness/receiver";

const root = path.resolve(import.meta.dirname, "../..");
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The route handlers behind a real HTTP server, bodies streamed both ways (the events stream stays open). */
async function serveRoutes(): Promise<string> {
  const server = http.createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const closed = new AbortController();
    outgoing.on("close", () => closed.abort());
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await dispatch(
      new Request(new URL(incoming.url ?? "/", BASE_URL), { method: incoming.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined, signal: closed.signal }),
    );
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.flushHeaders();
    if (response.body) {
      const reader = response.body.getReader();
      closed.signal.addEventListener("abort", () => void reader.cancel().catch(() => {}), { once: true });
      for (let chunk = await reader.read().catch(() => ({ done: true as const, value: undefined })); !chunk.done; chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }))) {
        outgoing.write(chunk.value);
      }
    }
    outgoing.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The documented command. Offline: a test must never reach the registry, and the command needs nothing from it. */
const DOCUMENTED = ["npx", "--no-install", "orbit"];

/**
 * Runs the documented command in `cwd` (the repository unless told), in a process group of its own as
 * a terminal runs it (npx and the command it starts); `output()` is everything printed so far, and
 * `interrupt()` is a Ctrl-C: SIGINT to the whole group.
 */
function runOrbit(args: string[], env: Record<string, string> = {}, cwd = root) {
  const child: ChildProcessWithoutNullStreams = spawn(DOCUMENTED[0]!, [...DOCUMENTED.slice(1), ...args], {
    cwd,
    detached: true,
    env: { ...process.env, npm_config_offline: "true", npm_config_update_notifier: "false", ...env },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group is gone already.
    }
  };
  cleanups.push(() => signalGroup("SIGKILL"));
  const isGroupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  return { child, output: () => output, exited, interrupt: () => signalGroup("SIGINT"), isGroupAlive };
}

const runListen = (args: string[], env: Record<string, string>) => runOrbit(["listen", ...args], env);

describe("orbit listen", () => {
  it("forwards each new event of the chosen types, signed with the printed secret, and records nothing", { timeout: 120_000 }, async () => {
    const { admin, key } = await apiOrganization(["events:read"]);
    const server = await serveRoutes();
    const receiver = await Receiver.start(() => ({ status: 204 }));
    cleanups.push(() => receiver.close());
    const listener = runListen(["--forward-to", receiver.url("/local"), "--events", "time_log.created"], { ORBIT_API_KEY: key, ORBIT_URL: server });
    await expect.poll(listener.output, { timeout: 30_000 }).toContain("Ready: listening for events");
    const secret = listener.output().match(/Signing secret: (whsec_\S+)/)![1]!;

    const sync = await admin.client.post("/api/app/time-logs/sync", {
      entries: [1, 2].map((index) => ({ clientSessionId: `listen-${index}-${Date.now()}`, description: `Listen ${index}`, startedAt: new Date(Date.now() - 3_600_000).toISOString(), durationSeconds: 60, source: "manual" })),
    });
    expect(sync.status, sync.text).toBe(200);
    await receiver.waitForRequests(2, 20_000);

    const db = await getDb();
    const events = await db.webhookEvent.findMany({ where: { organizationId: admin.organizationId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(receiver.requests.map((request) => request.headers["x-service-event-id"])).toEqual(events.map((event) => event.id));
    for (const [index, request] of receiver.requests.entries()) {
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/local");
      expect(request.body.toString("utf8")).toBe(events[index]!.payload);
      expect(request.headers["x-service-event-type"]).toBe("time_log.created");
      expect(verifyWebhookSignature(request.body, String(request.headers["x-service-signature"]), secret)).toBe(true);
      expect(verifyWebhookSignature(request.body, String(request.headers["x-service-signature"]), "whsec_another")).toBe(false);
      new Webhook(secret).verify(request.body.toString("utf8"), {
        "webhook-id": String(request.headers["webhook-id"]),
        "webhook-timestamp": String(request.headers["webhook-timestamp"]),
        "webhook-signature": String(request.headers["webhook-signature"]),
      });
    }
    await expect.poll(() => listener.output().split("\n").filter((line) => / time_log\.created {2}evt_\w+ {2}-> 204 \(\d+ ms\)$/.test(line)).length).toBe(2);
    // Not deliveries: nothing is recorded.
    expect(await db.webhookDelivery.count({ where: { organizationId: admin.organizationId } })).toBe(0);

    // Ctrl-C ends npx and the command it runs: nothing of the group is left.
    listener.interrupt();
    await listener.exited;
    await expect.poll(listener.isGroupAlive).toBe(false);
  });

  it("stops with 1 and the server's words when the key may not read events", { timeout: 60_000 }, async () => {
    const { key } = await apiOrganization(["tasks:read"]);
    const server = await serveRoutes();
    const listener = runListen(["--forward-to", "http://127.0.0.1:9/never"], { ORBIT_API_KEY: key, ORBIT_URL: server });
    expect(await listener.exited).toBe(1);
    expect(listener.output()).toMatch(/The server answered 403: .*events:read/);
  });

  it("the documented command runs Orbit's bin in a project that installed Orbit, and nothing in one that did not", { timeout: 120_000 }, async () => {
    const projects = mkdtempSync(path.join(os.tmpdir(), "orbit-cli-"));
    cleanups.push(() => rmSync(projects, { recursive: true, force: true }));
    // A project with Orbit's package installed, laid out as `npm install <path to Orbit>` lays it out: a link and its bin.
    const withOrbit = path.join(projects, "with-orbit");
    mkdirSync(path.join(withOrbit, "node_modules/.bin"), { recursive: true });
    writeFileSync(path.join(withOrbit, "package.json"), JSON.stringify({ name: "integrator", version: "1.0.0", private: true, dependencies: { orbit: `file:${root}` } }));
    symlinkSync(root, path.join(withOrbit, "node_modules/orbit"), "dir");
    symlinkSync("../orbit/bin/orbit.mjs", path.join(withOrbit, "node_modules/.bin/orbit"));
    const help = runOrbit(["listen", "--help"], {}, withOrbit);
    expect(await help.exited).toBe(0);
    expect(help.output()).toContain("Usage: npx --no-install orbit listen --forward-to");

    // Without it, npx refuses instead of fetching the registry's `orbit`, and runs nothing.
    const withoutOrbit = path.join(projects, "without-orbit");
    mkdirSync(withoutOrbit);
    writeFileSync(path.join(withoutOrbit, "package.json"), JSON.stringify({ name: "other", version: "1.0.0", private: true }));
    const refused = runOrbit(["listen", "--help"], {}, withoutOrbit);
    expect(await refused.exited).not.toBe(0);
    expect(refused.output()).not.toContain("Usage:");
  });
});
