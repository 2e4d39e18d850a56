// `npm run bench:api -- --noisy [--pg]`: noisy neighbours. Starts the built app on the embedded
// database (or, with --pg, on a throwaway PostgreSQL database, see lib/database.ts) with the inline
// delivery worker, makes a victim organization and the attackers through the app's own routes, then
// measures the victim's `GET /api/v1/tasks?limit=50` (sequential requests on VICTIM_CONNECTIONS
// connections) quiet and during each attack, and prints one table. Each attack runs for
// BENCH_ATTACK_SECONDS (default 10) and stops; the next starts once the server is quiet again.
// BENCH_ATTACKS=fan-out (or a comma-separated list of feed, search, login, login-16, login-64, invite,
// bad, fan-out, report-pdf, report-json, import) prepares and runs only those attacks.
//   - calendar feed: 8 anonymous GETs at a time of a free account's feed over 5,000 logs;
//   - task search: 8 concurrent `search=` lists over 2,000 tasks with 10 KB descriptions;
//   - fan-out: 2 concurrent 500-entry syncs of an organization with 20 endpoints (a local receiver);
//   - login flood: 16 concurrent anonymous logins with wrong passwords, from one address;
//   - failed logins for random emails from 16 and from 64 rotating addresses (distinct 127/8 source
//     addresses, `localAddress`; one worker per address), and bogus invitation tokens from 16: beside
//     these and the login flood, two more victims are measured, a real user's login with its device
//     cookie and without (sequential, each from an address of its own), against their own quiet times.
//     The real users have two-factor on and send a right code (otpauth), and their organization signs
//     their domain in with SSO (not enforced; an oidc-provider on loopback): the login runs the whole
//     path, password, code and the SSO lookup. A code is accepted once and never an earlier step's, so
//     each side takes turns among LOGIN_VICTIMS_PER_SIDE users;
//   - bad requests: 8 at a time of `tt_session=%` cookies, undecodable paths and TRACE;
//   - report PDF ×4 and report JSON ×4: 4 concurrent time reports (a year by customer and project,
//     the PDF with its detail table) of an organization with 20,000 logs over 5 hourly customers;
//   - 10 MiB import: one organization committing 50,000-row Toggl files of 10 MiB back to back, each
//     new (the server's memory is read before, at its highest during, once it settles, and after it
//     rested REST_SECONDS, when V8's memory reducer has given back what it will).
// The app runs with APP_ENV=development only so that endpoints may point at the local receiver.
import { randomBytes } from "node:crypto";
import { setMaxListeners } from "node:events";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { startOidcProvider, type OidcProvider } from "../tests/harness/oidc-providers";
import { call, createOrganization, expectStatus } from "./lib/app";
import { openBenchDatabase, withClient, type BenchDatabase } from "./lib/database";
import { killAllServers, startServer, type RunningServer } from "./lib/server";

const ATTACK_SECONDS = Number(process.env.BENCH_ATTACK_SECONDS || 10);
const QUIET_SECONDS = Number(process.env.BENCH_QUIET_SECONDS || ATTACK_SECONDS);
const VICTIM_CONNECTIONS = 2;
/** A request of the victim or an attacker that takes longer than this counts as failed. */
const REQUEST_TIMEOUT_MS = 60_000;
const FEED_LOGS = 5_000;
const SEARCH_TASKS = 2_000;
const FAN_OUT_ENDPOINTS = 20;
const SYNC_ENTRIES = 500;
const REPORT_LOGS = 20_000;
const REPORT_CUSTOMERS = 5;
const IMPORT_ROWS = 50_000;
const IMPORT_BYTES = 10 * 1024 * 1024;
/** An import of the documented maximum outlasts the other attacks' window: it is measured over this long at least. */
const IMPORT_ATTACK_SECONDS = 40;
/** Idle time after an attack that reads memory, before its last reading (V8's memory reducer acts after a few idle seconds). */
const REST_SECONDS = 30;

interface Attack {
  name: string;
  /** Concurrent attackers. */
  concurrency: number;
  /** One attacker request; `index` counts this attack's requests. */
  request: (index: number, signal: AbortSignal) => Promise<number>;
  /** A real user's logins (with and without the device cookie) are measured beside it too. */
  hasLoginVictims?: boolean;
  /** How long it runs, when longer than BENCH_ATTACK_SECONDS. */
  seconds?: number;
  /** Whether the server's memory is read before, during and after it. */
  readsMemory?: boolean;
}

interface VictimStats {
  p50: number;
  p99: number;
  count: number;
  failed: number;
}

interface Measurement {
  name: string;
  victim: VictimStats;
  /** The real user's login with its device cookie and without, when measured. */
  logins?: { device: VictimStats; stranger: VictimStats };
  attack?: { count: number; statuses: Map<string, number> };
  /** The server's resident memory in MiB: before the attack, its highest during it, once settled, and after a rest. */
  memory?: { before: number; peak: number; after: number; rested: number };
}

/** The server process's resident memory, MiB (Linux). */
function residentMiB(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

/** A real user whose login is a victim: email, password, the device cookie its browser got at its first login, and its two-factor. */
interface LoginVictim {
  email: string;
  password: string;
  deviceCookie: string;
  totp: TOTP;
  /** The latest TOTP step the server accepted from this user (a code of a step up to it is refused). */
  lastStep: number;
}

/** The real users whose logins are measured: one set logs in with its device cookies, the other without. */
interface LoginVictims {
  device: LoginVictim[];
  stranger: LoginVictim[];
}

/** Real users per side: a user's code is accepted once per TOTP step, so each side takes turns among these. */
const LOGIN_VICTIMS_PER_SIDE = 32;
const TOTP_STEP_MS = 30_000;
const totpStep = (now = Date.now()) => Math.floor(now / TOTP_STEP_MS);

/**
 * The next right code among `users`: this step's or the next one's (the server accepts either, and never
 * a step it accepted before), from the first user with one left; undefined when every user has used both.
 */
function nextLogin(users: LoginVictim[], turn: number): { user: LoginVictim; code: string } | undefined {
  const step = totpStep();
  for (let offset = 0; offset < users.length; offset += 1) {
    const user = users[(turn + offset) % users.length]!;
    const usable = Math.max(user.lastStep + 1, step);
    if (usable > step + 1) continue;
    user.lastStep = usable;
    return { user, code: user.totp.generate({ timestamp: usable * TOTP_STEP_MS }) };
  }
  return undefined;
}

/** Source addresses of the login victims and of the rotating attackers (the server listens on every interface). */
const DEVICE_VICTIM_ADDRESS = "127.0.9.1";
const STRANGER_VICTIM_ADDRESS = "127.0.9.2";
const rotatingAddress = (block: number, index: number, count: number) => `127.0.${block}.${(index % count) + 1}`;

const percentile = (sorted: number[], share: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]! : Number.NaN);

async function timedFetch(url: string, init: RequestInit, signal?: AbortSignal): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const response = await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** One POST of JSON from the loopback source address `from` (node:http: fetch cannot choose its source address). */
function postJsonFrom(url: string, from: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<{ status: number; ms: number }> {
  const json = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        localAddress: from,
        agent: false,
        timeout: REQUEST_TIMEOUT_MS,
        signal,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(json), ...headers },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", reject);
    request.end(json);
  });
}

function stats(latencies: number[], failed: number): VictimStats {
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), count: latencies.length, failed };
}

/**
 * The real users' logins (password and two-factor code) until `seconds` have passed, one at a time with
 * the device cookie and one at a time without, side by side. When a side's users have used every code
 * of this step, it waits for the next step (the wait is no login's latency).
 */
async function measureLogins(baseUrl: string, users: LoginVictims, seconds: number): Promise<{ device: VictimStats; stranger: VictimStats }> {
  const until = performance.now() + seconds * 1000;
  const loop = async (from: string, side: LoginVictim[], withDeviceCookie: boolean) => {
    const latencies: number[] = [];
    let failed = 0;
    for (let turn = 0; performance.now() < until; turn += 1) {
      const login = nextLogin(side, turn);
      if (!login) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS), Math.max(0, until - performance.now())) + 50));
        continue;
      }
      try {
        const { user, code } = login;
        const { status, ms } = await postJsonFrom(`${baseUrl}/api/app/auth/login`, from, { email: user.email, password: user.password, code }, withDeviceCookie ? { cookie: user.deviceCookie } : {});
        if (status === 200) latencies.push(ms);
        else failed += 1;
      } catch {
        failed += 1;
      }
    }
    return stats(latencies, failed);
  };
  const [device, stranger] = await Promise.all([loop(DEVICE_VICTIM_ADDRESS, users.device, true), loop(STRANGER_VICTIM_ADDRESS, users.stranger, false)]);
  return { device, stranger };
}

/** Sequential victim requests on each connection until `seconds` have passed. */
async function measureVictim(baseUrl: string, apiKey: string, seconds: number) {
  const latencies: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: VICTIM_CONNECTIONS }, async () => {
      while (performance.now() < until) {
        try {
          const { status, ms } = await timedFetch(`${baseUrl}/api/v1/tasks?limit=50`, { headers: { authorization: `Bearer ${apiKey}` } });
          if (status === 200) latencies.push(ms);
          else failed += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  return stats(latencies, failed);
}

/** Runs the attack's workers until aborted; resolves to what they got back. */
function runAttack(attack: Attack, signal: AbortSignal) {
  const statuses = new Map<string, number>();
  let count = 0;
  const tally = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  const done = Promise.all(
    Array.from({ length: attack.concurrency }, async () => {
      while (!signal.aborted) {
        const index = count++;
        try {
          tally(String(await attack.request(index, signal)));
        } catch {
          if (!signal.aborted) tally("error");
          else count -= 1;
          // A refused request comes back at once: do not spin the load generator's event loop.
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    }),
  );
  return done.then(() => ({ count, statuses }));
}

function traceStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "TRACE", timeout: REQUEST_TIMEOUT_MS }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end();
  });
}

/** Waits until the victim's request is answered fast again (the attack's leftovers are done), at most 180 s (an import outlives its request). */
async function settle(baseUrl: string, apiKey: string, quietP50: number) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const samples: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      samples.push(await timedFetch(`${baseUrl}/api/v1/tasks?limit=50`, { headers: { authorization: `Bearer ${apiKey}` } }).then((reply) => reply.ms, () => Number.POSITIVE_INFINITY));
    }
    samples.sort((a, b) => a - b);
    if (samples[2]! <= Math.max(quietP50 * 2, quietP50 + 20)) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function startReceiver(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received += 1;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: () => received,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const syncEntries = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const startedAt = new Date(Date.now() - (index + 1) * 3_600_000);
    return { clientSessionId: `${prefix}-${index}`, startedAt: startedAt.toISOString(), durationSeconds: 1800, description: `Work item ${index}` };
  });

/** Runs `count` jobs, `concurrency` at a time. */
async function inParallel(count: number, concurrency: number, job: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await job(next++);
  }));
}

const cookiesOf = (headers: Headers) => headers.getSetCookie().map((header) => header.split(";")[0]!);

/**
 * The real users: members of a pro organization whose SSO (the provider, not enforced) signs their email
 * domain in, each logged in once through the app (its browser's device cookie) and with two-factor
 * turned on by a code computed here, as an authenticator app would.
 */
async function realUsers(baseUrl: string, provider: OidcProvider): Promise<LoginVictims> {
  const domain = `real-${randomBytes(4).toString("hex")}.example`;
  const admin = await signUp(baseUrl, "pro");
  const security = await call(baseUrl, "PUT", "/api/app/organization/security", {
    body: { sso: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, emailDomains: [domain], enforce: false } },
    headers: { cookie: admin.cookie },
  });
  expectStatus(security, 200, "PUT /api/app/organization/security (SSO for the real users' domain)");
  const password = "benchmark-password";
  const users: LoginVictim[] = [];
  await inParallel(2 * LOGIN_VICTIMS_PER_SIDE, 2, async (index) => {
    const email = `real-user-${index}@${domain}`;
    expectStatus(await call(baseUrl, "POST", "/api/app/members", { body: { email, password, name: `Real User ${index}`, role: "member" }, headers: { cookie: admin.cookie } }), 201, "POST /api/app/members (real user)");
    const login = await call(baseUrl, "POST", "/api/app/auth/login", { body: { email, password } });
    expectStatus(login, 200, "POST /api/app/auth/login (real user)");
    const cookies = cookiesOf(login.headers);
    const deviceCookie = cookies.find((pair) => pair.startsWith("tt_device="));
    if (!deviceCookie) throw new Error("The login set no device cookie (tt_device).");
    const session = { cookie: cookies.join("; ") };
    const setup = await call(baseUrl, "POST", "/api/app/me/two-factor/setup", { headers: session });
    expectStatus(setup, 200, "POST /api/app/me/two-factor/setup");
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.data.secret), algorithm: "SHA1", digits: 6, period: TOTP_STEP_MS / 1000 });
    const step = totpStep();
    expectStatus(await call(baseUrl, "POST", "/api/app/me/two-factor/enable", { body: { code: totp.generate({ timestamp: step * TOTP_STEP_MS }) }, headers: session }), 200, "POST /api/app/me/two-factor/enable");
    users.push({ email, password, deviceCookie, totp, lastStep: step });
  });
  return { device: users.slice(0, LOGIN_VICTIMS_PER_SIDE), stranger: users.slice(LOGIN_VICTIMS_PER_SIDE) };
}

async function signUp(baseUrl: string, plan: "free" | "pro") {
  const email = `noisy-${randomBytes(4).toString("hex")}@example.com`;
  const reply = await call(baseUrl, "POST", "/api/app/auth/signup", { body: { email, password: "benchmark-password", name: "Noisy", organizationName: "Noisy Org" } });
  expectStatus(reply, 201, "POST /api/app/auth/signup");
  const cookie = reply.headers.getSetCookie().map((header) => header.split(";")[0]!).join("; ");
  if (plan === "pro") expectStatus(await call(baseUrl, "PUT", "/api/app/organization/plan", { body: { plan }, headers: { cookie } }), 200, "PUT /api/app/organization/plan");
  return { cookie, email };
}

/** The attacks BENCH_ATTACKS names (comma-separated keys: feed, search, login, login-16, login-64, invite, bad, fan-out, report-pdf, report-json, import); all when unset. */
function selectedAttacks(): Set<string> {
  const keys = ["feed", "search", "login", "login-16", "login-64", "invite", "bad", "fan-out", "report-pdf", "report-json", "import"];
  const wanted = (process.env.BENCH_ATTACKS ?? "").split(",").map((key) => key.trim()).filter(Boolean);
  const unknown = wanted.filter((key) => !keys.includes(key));
  if (unknown.length) throw new Error(`BENCH_ATTACKS: unknown attack ${unknown.join(", ")} (known: ${keys.join(", ")})`);
  return new Set(wanted.length ? wanted : keys);
}

/** Prepares only the selected attacks' data, in the table's order. */
async function prepareAttacks(baseUrl: string, receiverUrl: string, selected: Set<string>): Promise<Attack[]> {
  const attacks: Attack[] = [];
  if (selected.has("feed")) {
    // The calendar feed of a free account with 5,000 logs.
    const feedOwner = await signUp(baseUrl, "free");
    for (let batch = 0; batch < FEED_LOGS / SYNC_ENTRIES; batch += 1) {
      expectStatus(await call(baseUrl, "POST", "/api/app/time-logs/sync", { body: { entries: syncEntries(`feed-${batch}`, SYNC_ENTRIES) }, headers: { cookie: feedOwner.cookie } }), 200, "feed logs");
    }
    const feed = await call(baseUrl, "POST", "/api/app/calendar-feed", { headers: { cookie: feedOwner.cookie } });
    expectStatus(feed, 201, "POST /api/app/calendar-feed");
    const feedPath = new URL(feed.body.data.url).pathname;
    attacks.push({ name: "calendar feed, 8 anonymous GETs at a time (5,000 logs)", concurrency: 8, request: async (_, signal) => (await timedFetch(baseUrl + feedPath, {}, signal)).status });
  }

  if (selected.has("search")) {
    // Tasks with long descriptions for the searches.
    const searcher = await createOrganization(baseUrl);
    const description = `${"lorem ipsum dolor sit amet ".repeat(366)}`.slice(0, 9_900);
    await inParallel(SEARCH_TASKS, 4, async (index) => {
      const reply = await call(baseUrl, "POST", "/api/v1/tasks", { body: { title: `Searchable ${index}`, description: `${description} marker-${index}` }, headers: { authorization: `Bearer ${searcher.apiKey}` } });
      expectStatus(reply, 201, "POST /api/v1/tasks (search data)");
    });
    const searchTerms = ["marker-1999", "amet lorem", "nothing-like-this", "ipsum marker-7"];
    attacks.push({
      name: "task search, 8 concurrent (2,000 × 10 KB descriptions)",
      concurrency: 8,
      request: async (index, signal) =>
        (await timedFetch(`${baseUrl}/api/v1/tasks?limit=50&search=${encodeURIComponent(searchTerms[index % searchTerms.length]!)}`, { headers: { authorization: `Bearer ${searcher.apiKey}` } }, signal)).status,
    });
  }

  if (selected.has("login")) {
    attacks.push({
      name: "login flood, 16 anonymous logins at a time",
      concurrency: 16,
      hasLoginVictims: true,
      request: async (index, signal) =>
        (await timedFetch(`${baseUrl}/api/app/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `nobody-${index}@example.com`, password: "not-the-password" }) }, signal)).status,
    });
  }

  for (const [key, addresses, block] of [["login-16", 16, 1], ["login-64", 64, 2]] as const) {
    if (!selected.has(key)) continue;
    attacks.push({
      name: `failed logins for random emails from ${addresses} rotating addresses`,
      concurrency: addresses,
      hasLoginVictims: true,
      request: async (index, signal) =>
        (await postJsonFrom(`${baseUrl}/api/app/auth/login`, rotatingAddress(block, index, addresses), { email: `nobody-${randomBytes(6).toString("hex")}@example.com`, password: "not-the-password" }, {}, signal))
          .status,
    });
  }

  if (selected.has("invite")) {
    attacks.push({
      name: "bogus invitation tokens from 16 rotating addresses",
      concurrency: 16,
      hasLoginVictims: true,
      request: async (index, signal) =>
        (await postJsonFrom(`${baseUrl}/api/app/invites/${randomBytes(32).toString("base64url")}/accept`, rotatingAddress(3, index, 16), { name: "Mallory", password: "not-the-password" }, {}, signal)).status,
    });
  }

  if (selected.has("bad")) {
    attacks.push({
      name: "bad cookies, paths and methods, 8 at a time",
      concurrency: 8,
      request: async (index, signal) => {
        const variants: [string, RequestInit][] = [
          ["/api/app/me", { headers: { cookie: "tt_session=%" } }],
          ["/api/trpc/calendarFeed.get", { headers: { cookie: "tt_session=%E0%A4%A" } }],
          ["/api/v1/tasks/%E0%A4%A", {}],
          ["/api/v1/tasks", { method: "TRACE" }],
        ];
        const [target, init] = variants[index % variants.length]!;
        // fetch refuses TRACE: sent with node:http.
        if (init.method === "TRACE") return traceStatus(baseUrl + target);
        return (await timedFetch(baseUrl + target, init, signal)).status;
      },
    });
  }

  if (selected.has("fan-out")) {
    // An organization with 20 endpoints, all subscribed to time_log.created.
    const producer = await signUp(baseUrl, "pro");
    for (let index = 0; index < FAN_OUT_ENDPOINTS; index += 1) {
      const reply = await call(baseUrl, "POST", "/api/app/webhooks", { body: { url: `${receiverUrl}?e=${index}`, eventTypes: ["time_log.created"] }, headers: { cookie: producer.cookie } });
      expectStatus(reply, 201, "POST /api/app/webhooks");
    }
    attacks.push({
      name: "fan-out, 2 concurrent 500-entry syncs to 20 endpoints",
      concurrency: 2,
      request: async (index, signal) =>
        (await timedFetch(`${baseUrl}/api/app/time-logs/sync`, { method: "POST", headers: { cookie: producer.cookie, "content-type": "application/json" }, body: JSON.stringify({ entries: syncEntries(`fan-${index}-${randomBytes(3).toString("hex")}`, SYNC_ENTRIES) }) }, signal)).status,
    });
  }
  if (selected.has("import")) {
    // Toggl Track detailed reports of 50,000 rows and just under 10 MiB, each with its own descriptions (a re-import would write nothing).
    const importer = await signUp(baseUrl, "free");
    const importFile = (index: number) => {
      const header = "User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags\n";
      const rowBytes = Math.floor((IMPORT_BYTES - 4096 - header.length) / IMPORT_ROWS);
      const lines = Array.from({ length: IMPORT_ROWS }, (_, row) => {
        const day = new Date(Date.UTC(2025, 0, 1) + (row % 365) * 86_400_000).toISOString().slice(0, 10);
        const start = `${String(6 + (Math.floor(row / 365) % 12)).padStart(2, "0")}:${String(row % 60).padStart(2, "0")}:00`;
        const line = `Noisy,${importer.email},Client ${row % 7},Project ${row % 13},Task ${row % 29},Attack ${index} row ${row},Yes,${day},${start},${day},${start},00:15:00,`;
        return line.replace(`row ${row},`, `row ${row} ${"x".repeat(Math.max(0, rowBytes - line.length - 2))},`);
      });
      return header + lines.join("\n") + "\n";
    };
    attacks.push({
      name: "10 MiB import, 50,000 rows, one commit after another",
      concurrency: 1,
      seconds: Math.max(ATTACK_SECONDS, IMPORT_ATTACK_SECONDS),
      readsMemory: true,
      // Not aborted with the attack: the import in flight is waited for, so that the memory read after it is the server's after an import.
      request: async (index) => {
        const form = new FormData();
        form.set("source", "toggl");
        form.set("commit", "true");
        form.set("file", new Blob([importFile(index)], { type: "text/csv" }), "toggl.csv");
        return (await timedFetch(`${baseUrl}/api/app/imports`, { method: "POST", headers: { cookie: importer.cookie, origin: baseUrl }, body: form })).status;
      },
    });
  }
  if (selected.has("report-pdf") || selected.has("report-json")) attacks.push(...(await prepareReportAttacks(baseUrl, selected)));
  return attacks;
}

/** A big organization's year of time (20,000 logs over 5 hourly customers with rounding and tax), reported 4 at a time. */
async function prepareReportAttacks(baseUrl: string, selected: Set<string>): Promise<Attack[]> {
  const owner = await createOrganization(baseUrl);
  const customersKey = await call(baseUrl, "POST", "/api/app/api-keys", { body: { name: "report customers", scopes: ["customers:write"], rateLimitPerHour: 1_000 }, headers: { cookie: owner.cookie } });
  expectStatus(customersKey, 201, "POST /api/app/api-keys (report data)");
  const customers: string[] = [];
  for (let index = 0; index < REPORT_CUSTOMERS; index += 1) {
    const reply = await call(baseUrl, "POST", "/api/v1/customers", {
      body: { name: `Client ${index}`, hourlyRateCents: 9_000 + index * 1_500, currency: index % 2 ? "USD" : "EUR", taxRateBps: 1_900, roundingIncrementMinutes: [0, 6, 15][index % 3], roundingMode: "up" },
      headers: { authorization: `Bearer ${customersKey.body.data.key}` },
    });
    expectStatus(reply, 201, "POST /api/v1/customers (report data)");
    customers.push(reply.body.data.id);
  }
  const yearAgo = Date.now() - 365 * 86_400_000;
  for (let batch = 0; batch < REPORT_LOGS / SYNC_ENTRIES; batch += 1) {
    const entries = Array.from({ length: SYNC_ENTRIES }, (_, index) => {
      const position = batch * SYNC_ENTRIES + index;
      return {
        clientSessionId: `report-${position}`,
        startedAt: new Date(yearAgo + (position * 365 * 86_400_000) / REPORT_LOGS).toISOString(),
        durationSeconds: 300 + ((position * 37) % 7_200),
        description: `Report work ${position}`,
        customerId: customers[position % REPORT_CUSTOMERS],
        isBillable: position % 5 !== 0,
      };
    });
    expectStatus(await call(baseUrl, "POST", "/api/app/time-logs/sync", { body: { entries }, headers: { cookie: owner.cookie } }), 200, "report logs");
  }
  const query = new URLSearchParams({ from: new Date(yearAgo).toISOString(), to: new Date(Date.now() + 60_000).toISOString(), groupBy: "customer,project" });
  const report = (format: "pdf" | "json") => async (_: number, signal: AbortSignal) =>
    (await timedFetch(`${baseUrl}/api/app/reports/time?${query}&format=${format}`, { headers: { cookie: owner.cookie } }, signal)).status;
  const attacks: Attack[] = [];
  if (selected.has("report-pdf")) attacks.push({ name: `report PDF ×4 (a year, ${REPORT_LOGS.toLocaleString("en")} logs)`, concurrency: 4, request: report("pdf") });
  if (selected.has("report-json")) attacks.push({ name: `report JSON ×4 (a year, ${REPORT_LOGS.toLocaleString("en")} logs)`, concurrency: 4, request: report("json") });
  return attacks;
}

export async function measureNoisyNeighbours(options: { onPostgres: boolean }): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  let database: BenchDatabase | undefined;
  let pgliteDir: string | undefined;
  let server: RunningServer | undefined;
  let provider: OidcProvider | undefined;
  const receiver = await startReceiver();
  const cleanUp = async () => {
    await server?.stop().catch(() => {});
    await provider?.close();
    killAllServers();
    await receiver.close();
    if (database?.isThrowaway) await database.drop().catch((error: Error) => console.error(`Could not drop the benchmark database: ${error.message}`));
    if (pgliteDir) await rm(pgliteDir, { recursive: true, force: true });
  };
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const databaseEnv: Record<string, string> = {};
    if (options.onPostgres) {
      database = await openBenchDatabase({ prefix: "orbit_noisy", existingUrl: process.env.DATABASE_URL, adminUrl: process.env.ORBIT_BENCH_PG_URL });
      databaseEnv.DATABASE_URL = database.url;
    } else {
      if (process.env.DATABASE_URL) throw new Error("Unset DATABASE_URL to measure the embedded database (or pass --pg).");
      pgliteDir = await mkdtemp(path.join(os.tmpdir(), "orbit-noisy-"));
      databaseEnv.PGLITE_DIR = pgliteDir;
    }
    console.log(`Starting the app (next start) on ${options.onPostgres ? "PostgreSQL" : "the embedded database (PGlite)"}…`);
    server = await startServer({ ...databaseEnv, APP_ENV: "development", SESSION_SECRET: randomBytes(32).toString("hex"), WEBHOOK_WORKER: "inline" }, { timeoutMs: 120_000 });
    const { baseUrl } = server;

    console.log("Creating the victim (50 tasks) and the attackers through the app routes…");
    const victim = await createOrganization(baseUrl);
    await inParallel(50, 2, async (index) => {
      expectStatus(await call(baseUrl, "POST", "/api/v1/tasks", { body: { title: `Victim task ${index}` }, headers: { authorization: `Bearer ${victim.apiKey}` } }), 201, "victim task");
    });
    const prepared = performance.now();
    const attacks = await prepareAttacks(baseUrl, receiver.url, selectedAttacks());
    console.log(`  attackers ready in ${Math.round((performance.now() - prepared) / 1000)} s`);

    // The real users whose logins are victims beside the login and invitation attacks (two-factor on, SSO on their domain).
    if (attacks.some((attack) => attack.hasLoginVictims)) provider = await startOidcProvider({ redirectUri: `${baseUrl}/api/app/auth/sso/callback` });
    const loginVictim = provider ? await realUsers(baseUrl, provider) : undefined;

    await measureVictim(baseUrl, victim.apiKey, 2); // warm-up
    console.log(`Quiet: the victim alone for ${QUIET_SECONDS} s…`);
    const quiet = await measureVictim(baseUrl, victim.apiKey, QUIET_SECONDS);
    const measurements: Measurement[] = [{ name: "quiet", victim: quiet }];
    if (loginVictim) {
      console.log(`Quiet: the victim and the real user's logins for ${QUIET_SECONDS} s…`);
      const [withLogins, logins] = await Promise.all([measureVictim(baseUrl, victim.apiKey, QUIET_SECONDS), measureLogins(baseUrl, loginVictim, QUIET_SECONDS)]);
      measurements.push({ name: "quiet, with the real user's logins", victim: withLogins, logins });
    }
    for (const attack of attacks) {
      await settle(baseUrl, victim.apiKey, quiet.p50);
      const seconds = attack.seconds ?? ATTACK_SECONDS;
      console.log(`Attack: ${attack.name}, ${seconds} s…`);
      const memoryBefore = attack.readsMemory ? residentMiB(server.pid) : Number.NaN;
      let memoryPeak = memoryBefore;
      const sampler = attack.readsMemory ? setInterval(() => (memoryPeak = Math.max(memoryPeak, residentMiB(server!.pid))), 250) : undefined;
      const stop = new AbortController();
      // Every attacker's request listens to it (64 at once from the rotating addresses).
      setMaxListeners(attack.concurrency * 2 + 10, stop.signal);
      const attacking = runAttack(attack, stop.signal);
      const [victimDuring, logins] = await Promise.all([
        measureVictim(baseUrl, victim.apiKey, seconds),
        attack.hasLoginVictims && loginVictim ? measureLogins(baseUrl, loginVictim, seconds) : undefined,
      ]);
      stop.abort();
      const attacked = await attacking;
      let memory: Measurement["memory"];
      if (sampler) {
        await settle(baseUrl, victim.apiKey, quiet.p50);
        clearInterval(sampler);
        const after = residentMiB(server.pid);
        await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
        memory = { before: memoryBefore, peak: memoryPeak, after, rested: residentMiB(server.pid) };
        console.log(`  server memory ${memory.before} MiB before, ${memory.peak} MiB at most, ${memory.after} MiB after, ${memory.rested} MiB after ${REST_SECONDS} s at rest`);
      }
      measurements.push({ name: attack.name, victim: victimDuring, logins, attack: attacked, memory });
      console.log(`  victim p50 ${victimDuring.p50.toFixed(0)} ms, p99 ${victimDuring.p99.toFixed(0)} ms (quiet ${quiet.p50.toFixed(0)} / ${quiet.p99.toFixed(0)} ms)`);
      if (logins) console.log(`  login p50 with the device cookie ${logins.device.p50.toFixed(0)} ms, without ${logins.stranger.p50.toFixed(0)} ms`);
    }
    await settle(baseUrl, victim.apiKey, quiet.p50);

    const postgres = options.onPostgres && database ? await withClient(database.url, async (client) => (await client.query("SHOW server_version")).rows[0].server_version as string) : undefined;
    printNoisyReport({ measurements, loadBefore, postgres, delivered: receiver.received(), problems: server.problemLines() });
  } catch (error) {
    const output = server?.recentOutput();
    if (output) console.error(`\nLast server output:\n${output.split("\n").slice(-40).join("\n")}`);
    throw error;
  } finally {
    await cleanUp();
  }
}

function printNoisyReport(report: { measurements: Measurement[]; loadBefore: number; postgres?: string; delivered: number; problems: string[] }) {
  const cpus = os.cpus();
  const quiet = report.measurements[0]!.victim;
  const ms = (value: number) => (Number.isNaN(value) ? "–" : value.toFixed(0));
  console.log("\n## Noisy neighbours\n");
  console.log(
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? "CPU"}, Node ${process.version}; database: ${report.postgres ? `PostgreSQL ${report.postgres}` : "embedded (PGlite)"}. ` +
      `Load average (1 min) before the run: ${report.loadBefore.toFixed(2)}${report.loadBefore > 1 ? " (other work was running)" : ""}.`,
  );
  console.log(`Victim: GET /api/v1/tasks?limit=50, sequential on ${VICTIM_CONNECTIONS} connections; each attack ${ATTACK_SECONDS} s.\n`);
  console.log("| while | victim p50 ms | victim p99 ms | × quiet p50 | victim requests (failed) | attacker requests: statuses |");
  console.log("|---|---:|---:|---:|---:|---|");
  for (const row of report.measurements) {
    const statuses = row.attack ? [...row.attack.statuses.entries()].sort().map(([status, count]) => `${status}×${count}`).join(" ") : "";
    console.log(
      `| ${row.name} | ${ms(row.victim.p50)} | ${ms(row.victim.p99)} | ${(row.victim.p50 / quiet.p50).toFixed(1)} | ${row.victim.count} (${row.victim.failed}) | ${row.attack ? `${row.attack.count}: ${statuses}` : ""} |`,
    );
  }
  const withLogins = report.measurements.filter((row) => row.logins);
  const loginQuiet = withLogins[0];
  if (loginQuiet?.logins) {
    console.log("\nBeside the login and invitation attacks, three victims, each as a multiple of its own quiet p50 (measured together, quiet):\n");
    console.log("| while | API p50 ms (× quiet) | login with device cookie p50 ms (× quiet) | login without p50 ms (× quiet) | logins failed (with / without) | attacker requests: statuses |");
    console.log("|---|---:|---:|---:|---:|---|");
    const times = (value: number, base: number) => `${ms(value)} (×${(value / base).toFixed(1)})`;
    for (const row of withLogins) {
      const statuses = row.attack ? [...row.attack.statuses.entries()].sort().map(([status, count]) => `${status}×${count}`).join(" ") : "";
      console.log(
        `| ${row.name} | ${times(row.victim.p50, loginQuiet.victim.p50)} | ${times(row.logins!.device.p50, loginQuiet.logins.device.p50)} | ${times(row.logins!.stranger.p50, loginQuiet.logins.stranger.p50)} | ${row.logins!.device.failed} / ${row.logins!.stranger.failed} | ${row.attack ? `${row.attack.count}: ${statuses}` : ""} |`,
      );
    }
  }
  for (const row of report.measurements) if (row.memory) console.log(`\nServer memory during "${row.name}": ${row.memory.before} MiB before, ${row.memory.peak} MiB at most, ${row.memory.after} MiB once settled, ${row.memory.rested} MiB after ${REST_SECONDS} s at rest.`);
  console.log(`\nWebhook requests the local receiver got during the run: ${report.delivered}.`);
  if (report.problems.length) {
    console.log(`Server output with warnings/errors (${report.problems.length} lines, first 5):`);
    for (const line of report.problems.slice(0, 5)) console.log(`  ${line.slice(0, 300)}`);
  }
}
