// Sessions that logout revokes, and login/signup throttling (app-api.md section 10), counted inside the
// operations: the in-app route and tRPC (batched or not) all count. Logins no flood can block
// (app-api.md section 15): an unknown email computes no password hash, a request waiting for a hash
// holds no request slot, a browser that signed in before carries a signed device cookie that exempts
// it from lockouts it did not cause, and an invitation's token is checked before any hash and throttled.
import { createHash } from "node:crypto";
import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/env";
import { getDb } from "@/server/db";
import { passwordHashCount, passwordHashing } from "@/server/auth/passwords";
import { DEVICE_COOKIE, issueDeviceCookie } from "@/server/auth/device-cookies";
import { fairAdmission } from "@/server/load/admission";
import { clientAddressOf } from "@/server/http/client-address";
import {
  INVITE_FAILURES_PER_ADDRESS,
  INVITE_FAILURES_PER_TOKEN,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_DEVICE,
  LOGIN_FAILURES_PER_EMAIL,
  SIGNUPS_PER_ADDRESS,
} from "@/server/services/auth/throttle";
import { dispatchToNext, TestClient } from "../harness/http";
import { startOrbitServer, type StartedServer } from "../harness/server";
import { PASSWORD, signUpOrganization, uniqueEmail } from "../harness/factories";

let addressCounter = 0;
/** A client at its own address (as Next reports the socket's in X-Forwarded-For). */
const clientAt = (address = `203.0.113.${(addressCounter += 1)}`) => new TestClient({ "x-forwarded-for": address });

describe("session revocation", () => {
  it("logout revokes the session everywhere: a copied cookie no longer works", async () => {
    const admin = await signUpOrganization();
    const cookie = `tt_session=${admin.client.cookie("tt_session")}`;
    const otherDevice = new TestClient();
    const login = await otherDevice.post("/api/app/auth/login", { email: admin.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect((await new TestClient({ cookie }).get("/api/app/me")).status).toBe(200);

    expect((await admin.client.post("/api/app/auth/logout")).status).toBe(200);
    const replayed = await new TestClient({ cookie }).get("/api/app/me");
    expect(replayed.status).toBe(401);
    expect(replayed.body.error).toBe("unauthorized");
    expect((await otherDevice.get("/api/app/me")).status).toBe(401);

    const again = new TestClient();
    expect((await again.post("/api/app/auth/login", { email: admin.email, password: PASSWORD })).status).toBe(200);
    expect((await again.get("/api/app/me")).status).toBe(200);
  });
});

describe("login throttling", () => {
  async function failLogins(email: string, count: number, client: () => TestClient) {
    for (let index = 0; index < count; index += 1) {
      expect((await client().post("/api/app/auth/login", { email, password: "wrong password" })).status).toBe(401);
    }
  }

  it(`refuses attempts on an email past ${LOGIN_FAILURES_PER_EMAIL} failures, even with the right password, the same for unknown emails`, async () => {
    const admin = await signUpOrganization();
    const unknown = uniqueEmail("nobody");
    await failLogins(admin.email, LOGIN_FAILURES_PER_EMAIL, () => clientAt());
    await failLogins(unknown, LOGIN_FAILURES_PER_EMAIL, () => clientAt());
    const known = await clientAt().post("/api/app/auth/login", { email: admin.email.toUpperCase(), password: PASSWORD });
    const missing = await clientAt().post("/api/app/auth/login", { email: unknown, password: PASSWORD });
    for (const response of [known, missing]) {
      expect(response.status).toBe(429);
      expect(response.body.error).toBe("rate_limit_exceeded");
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(800);
      expect(Number(response.headers.get("retry-after"))).toBeLessThanOrEqual(900);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(known.body.message).toBe(missing.body.message);
    // Another account is not affected.
    const other = await signUpOrganization();
    expect((await clientAt().post("/api/app/auth/login", { email: other.email, password: PASSWORD })).status).toBe(200);
  });

  it("counts every call of a tRPC batch", async () => {
    const admin = await signUpOrganization();
    const paths = Array.from({ length: LOGIN_FAILURES_PER_EMAIL }, () => "auth.logIn").join(",");
    const input = Object.fromEntries(Array.from({ length: LOGIN_FAILURES_PER_EMAIL }, (_, index) => [index, { email: admin.email, password: `wrong ${index}` }]));
    const batch = await clientAt().post(`/api/trpc/${paths}?batch=1`, input);
    expect(batch.body.map((item: any) => item.error.data.appCode)).toEqual(Array(LOGIN_FAILURES_PER_EMAIL).fill("unauthorized"));
    const single = await clientAt().post("/api/trpc/auth.logIn", { email: admin.email, password: PASSWORD });
    expect(single.status).toBe(429);
    expect(single.body.error.data.appCode).toBe("rate_limit_exceeded");
    expect(single.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it(`refuses an address after ${LOGIN_FAILURES_PER_ADDRESS} failed logins, whatever the email`, { timeout: 120_000 }, async () => {
    const address = "198.51.100.7";
    const db = await getDb();
    // The first failures through the route, the rest written as the route writes them (scrypt is slow on purpose).
    await failLogins(uniqueEmail(), 5, () => clientAt(address));
    await db.loginFailure.createMany({ data: Array.from({ length: LOGIN_FAILURES_PER_ADDRESS - 5 }, () => ({ key: `address:${address}` })) });
    const admin = await signUpOrganization();
    const refused = await clientAt(address).post("/api/app/auth/login", { email: admin.email, password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await clientAt().post("/api/app/auth/login", { email: admin.email, password: PASSWORD })).status).toBe(200);
  });
});

describe("concurrent guesses", () => {
  it(`evaluates at most ${LOGIN_FAILURES_PER_EMAIL} of 40 concurrent wrong guesses; the rest and the right password after them are 429`, { timeout: 120_000 }, async () => {
    const admin = await signUpOrganization();
    const guesses = await Promise.all(Array.from({ length: 40 }, (_, index) => clientAt().post("/api/app/auth/login", { email: admin.email, password: `wrong ${index}` })));
    const statuses = guesses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LOGIN_FAILURES_PER_EMAIL);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(LOGIN_FAILURES_PER_EMAIL);
    expect(statuses.filter((status) => ![401, 429, 503].includes(status))).toEqual([]);
    const right = await clientAt().post("/api/app/auth/login", { email: admin.email, password: PASSWORD });
    expect(right.status).toBe(429);
    expect(right.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("password hashing under load", () => {
  afterEach(() => {
    delete process.env.PASSWORD_HASH_CONCURRENCY;
    delete process.env.PASSWORD_HASH_QUEUE;
    resetEnvCache();
  });

  it("hashes at most PASSWORD_HASH_CONCURRENCY at once; beyond the queue a clean 503 with Retry-After, and nothing counted", { timeout: 120_000 }, async () => {
    const admin = await signUpOrganization();
    Object.assign(process.env, { PASSWORD_HASH_CONCURRENCY: "1", PASSWORD_HASH_QUEUE: "1" });
    resetEnvCache();
    let mostRunning = 0;
    const sampler = setInterval(() => (mostRunning = Math.max(mostRunning, passwordHashing.load().running)), 0);
    // Fewer than the email's limit: attempts in progress count against it until they end.
    const logins = await Promise.all(Array.from({ length: LOGIN_FAILURES_PER_EMAIL - 2 }, () => clientAt().post("/api/app/auth/login", { email: admin.email, password: PASSWORD })));
    clearInterval(sampler);
    expect(mostRunning).toBe(1);
    const refused = logins.filter((response) => response.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(logins.filter((response) => ![200, 503].includes(response.status))).toEqual([]);
    for (const response of refused) {
      expect(response.body).toMatchObject({ error: "service_unavailable", meta: { apiVersion: "v1" } });
      expect(response.headers.get("retry-after")).toBe("1");
    }
    // A refused attempt is not a failure: the account is not locked by the burst.
    const emailKey = `email:${createHash("sha256").update(admin.email).digest("hex")}`;
    expect(await (await getDb()).loginFailure.count({ where: { key: emailKey } })).toBe(0);
    expect((await clientAt().post("/api/app/auth/login", { email: admin.email, password: PASSWORD })).status).toBe(200);
  });
});

describe("the client address", () => {
  let server: StartedServer;

  beforeAll(async () => {
    server = await startOrbitServer(dispatchToNext);
  });
  afterAll(() => server.close());
  afterEach(() => {
    delete process.env.TRUST_PROXY;
    resetEnvCache();
  });

  /** POSTs JSON to Orbit's server from the loopback address `from` (each one a client of its own). */
  function postFrom(from: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
    const json = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      http
        .request(
          { host: "127.0.0.1", port: server.port, localAddress: from, method: "POST", path, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(json), ...headers } },
          (response) => response.resume().on("end", () => resolve(response.statusCode!)),
        )
        .on("error", reject)
        .end(json);
    });
  }
  const signup = () => ({ email: uniqueEmail(), password: PASSWORD, name: "Ada", organizationName: "Acme" });

  it("is the right-most X-Forwarded-For entry, which Orbit's server sets", () => {
    expect(clientAddressOf(new Headers({ "x-forwarded-for": "6.6.6.6, 7.7.7.7" }))).toBe("7.7.7.7");
    expect(clientAddressOf(new Headers())).toBeUndefined();
    // A dual-stack socket reports IPv4 clients as IPv4-mapped IPv6: shown (sessions, the audit log) and counted as IPv4.
    expect(clientAddressOf(new Headers({ "x-forwarded-for": "::ffff:127.0.0.5" }))).toBe("127.0.0.5");
    expect(clientAddressOf(new Headers({ "x-forwarded-for": "2001:db8::1" }))).toBe("2001:db8::1");
  });

  it("without TRUST_PROXY is the socket's: a forged X-Forwarded-For changes nothing for the signup throttle", { timeout: 120_000 }, async () => {
    const db = await getDb();
    await db.signupAttempt.createMany({ data: Array.from({ length: SIGNUPS_PER_ADDRESS - 1 }, () => ({ address: "127.0.0.2" })) });
    expect(await postFrom("127.0.0.2", "/api/app/auth/signup", signup())).toBe(201);
    // Used up: a made-up header, or one naming another client, does not make this client another one.
    expect(await postFrom("127.0.0.2", "/api/app/auth/signup", signup(), { "x-forwarded-for": "198.51.100.7" })).toBe(429);
    expect(await postFrom("127.0.0.2", "/api/app/auth/signup", signup(), { "x-forwarded-for": "198.51.100.7, 127.0.0.3" })).toBe(429);
    expect(await db.signupAttempt.count({ where: { address: { not: "127.0.0.2" }, createdAt: { gt: new Date(Date.now() - 60_000) } } })).toBe(0);
    // Another client (another socket address) signs up.
    expect(await postFrom("127.0.0.3", "/api/app/auth/signup", signup(), { "x-forwarded-for": "127.0.0.2" })).toBe(201);
    expect(await db.signupAttempt.count({ where: { address: "127.0.0.3" } })).toBe(1);
  });

  it("without TRUST_PROXY is the socket's: a forged X-Forwarded-For changes nothing for the login throttle", { timeout: 60_000 }, async () => {
    const db = await getDb();
    const admin = await signUpOrganization();
    await db.loginFailure.createMany({ data: Array.from({ length: LOGIN_FAILURES_PER_ADDRESS }, () => ({ key: "address:127.0.0.4" })) });
    const login = { email: admin.email, password: PASSWORD };
    expect(await postFrom("127.0.0.4", "/api/app/auth/login", login)).toBe(429);
    expect(await postFrom("127.0.0.4", "/api/app/auth/login", login, { "x-forwarded-for": "198.51.100.8" })).toBe(429);
    expect(await postFrom("127.0.0.5", "/api/app/auth/login", login, { "x-forwarded-for": "127.0.0.4" })).toBe(200);
  });

  it("with TRUST_PROXY is the right-most X-Forwarded-For entry, the one the proxy appended", { timeout: 120_000 }, async () => {
    process.env.TRUST_PROXY = "1";
    resetEnvCache();
    const db = await getDb();
    await db.signupAttempt.createMany({ data: Array.from({ length: SIGNUPS_PER_ADDRESS }, () => ({ address: "192.0.2.60" })) });
    // The proxy's socket is one address for every client; the entry it appended tells them apart.
    expect(await postFrom("127.0.0.6", "/api/app/auth/signup", signup(), { "x-forwarded-for": "192.0.2.61, 192.0.2.60" })).toBe(429);
    expect(await postFrom("127.0.0.6", "/api/app/auth/signup", signup(), { "x-forwarded-for": "192.0.2.60, 192.0.2.61" })).toBe(201);
    expect(await db.signupAttempt.count({ where: { address: "192.0.2.61" } })).toBe(1);
    // No header (a request that did not pass the proxy): the socket's address.
    expect(await postFrom("127.0.0.6", "/api/app/auth/signup", signup())).toBe(201);
    expect(await db.signupAttempt.count({ where: { address: "127.0.0.6" } })).toBe(1);
  });
});

describe("signup throttling", () => {
  it(`refuses an address's signups past ${SIGNUPS_PER_ADDRESS} within an hour`, { timeout: 120_000 }, async () => {
    const address = "192.0.2.44";
    const db = await getDb();
    await db.signupAttempt.createMany({ data: Array.from({ length: SIGNUPS_PER_ADDRESS - 1 }, () => ({ address })) });
    const body = () => ({ email: uniqueEmail(), password: PASSWORD, name: "Ada", organizationName: "Acme" });
    expect((await clientAt(address).post("/api/app/auth/signup", body())).status).toBe(201);
    const refused = await clientAt(address).post("/api/app/auth/signup", body());
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("rate_limit_exceeded");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await clientAt().post("/api/app/auth/signup", body())).status).toBe(201);
  });
});

describe("password hashing cost", () => {
  it("hashes at N=2^17, r=8, p=1 by default and upgrades an older hash at the next login", { timeout: 60_000 }, async () => {
    const { resetEnvCache } = await import("@/env");
    const admin = await signUpOrganization(); // at the suite's lowered cost, 2^14
    const db = await getDb();
    const before = await db.user.findUniqueOrThrow({ where: { email: admin.email } });
    expect(before.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    const saved = process.env.PASSWORD_HASH_COST;
    delete process.env.PASSWORD_HASH_COST;
    resetEnvCache();
    try {
      expect((await new TestClient().post("/api/app/auth/login", { email: admin.email, password: "wrong password" })).status).toBe(401);
      expect((await db.user.findUniqueOrThrow({ where: { email: admin.email } })).passwordHash).toBe(before.passwordHash);
      expect((await new TestClient().post("/api/app/auth/login", { email: admin.email, password: PASSWORD })).status).toBe(200);
      const after = await db.user.findUniqueOrThrow({ where: { email: admin.email } });
      expect(after.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect((await new TestClient().post("/api/app/auth/login", { email: admin.email, password: PASSWORD })).status).toBe(200);
    } finally {
      process.env.PASSWORD_HASH_COST = saved;
      resetEnvCache();
    }
  });
});

const emailKeyOf = (email: string) => `email:${createHash("sha256").update(email).digest("hex")}`;
const deviceCookieOf = (client: TestClient) => `${DEVICE_COOKIE}=${client.cookie(DEVICE_COOKIE)!}`;

describe("an unknown email", () => {
  it("computes no password hash: it waits like a wrong password instead, and answers the same", { timeout: 60_000 }, async () => {
    const admin = await signUpOrganization(); // a hash was timed: the wait has a duration to follow
    const before = passwordHashCount();
    const unknown = await Promise.all(Array.from({ length: 5 }, () => clientAt().post("/api/app/auth/login", { email: uniqueEmail("nobody"), password: PASSWORD })));
    expect(passwordHashCount()).toBe(before);
    const wrong = await clientAt().post("/api/app/auth/login", { email: admin.email, password: "wrong password" });
    expect(passwordHashCount()).toBe(before + 1);
    for (const response of [...unknown, wrong]) {
      expect(response.status).toBe(401);
      expect(response.body.error).toBe("unauthorized");
      expect(response.body.message).toBe(wrong.body.message);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // It still counts as a failed login for that email.
    const email = uniqueEmail("nobody");
    await clientAt().post("/api/app/auth/login", { email, password: PASSWORD });
    expect(await (await getDb()).loginFailure.count({ where: { key: emailKeyOf(email) } })).toBe(1);
  });
});

describe("a request waiting for a password hash", () => {
  let server: StartedServer;
  const admission = fairAdmission({ maxInProgress: () => 1, laneQueue: () => 10, maxWaiting: () => 100 });

  beforeAll(async () => {
    server = await startOrbitServer(dispatchToNext, undefined, { admission });
  });
  afterAll(() => server.close());
  afterEach(() => {
    delete process.env.PASSWORD_HASH_CONCURRENCY;
    resetEnvCache();
  });

  function requestFrom(from: string, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
    const json = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      http
        .request(
          { host: "127.0.0.1", port: server.port, localAddress: from, method, path, agent: false, headers: json ? { "content-type": "application/json", "content-length": Buffer.byteLength(json) } : {} },
          (response) => {
            let text = "";
            response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve({ status: response.statusCode!, text }));
          },
        )
        .on("error", reject)
        .end(json);
    });
  }

  it("holds no slot of fair admission: with one slot, another client is answered while a login waits for the hasher", { timeout: 60_000 }, async () => {
    const admin = await signUpOrganization();
    Object.assign(process.env, { PASSWORD_HASH_CONCURRENCY: "1" });
    resetEnvCache();
    // The hasher's only place taken until the test lets it go.
    let freeHasher!: () => void;
    const occupied = passwordHashing.run(() => new Promise<void>((resolve) => (freeHasher = resolve)));
    await vi.waitFor(() => expect(passwordHashing.load().running).toBe(1));
    let isAnswered = false;
    const login = requestFrom("127.0.5.1", "POST", "/api/app/auth/login", { email: admin.email, password: PASSWORD }).then((answer) => ((isAnswered = true), answer));
    await vi.waitFor(() => expect(passwordHashing.load().waiting).toBe(1), { timeout: 20_000, interval: 10 });
    expect(admission.load().inProgress).toBe(0);
    // Another client's request takes the one slot and is answered, the login still waiting.
    expect((await requestFrom("127.0.5.2", "GET", "/api/app/me")).status).toBe(401);
    expect(isAnswered).toBe(false);
    freeHasher();
    await occupied;
    expect((await login).status).toBe(200);
  });
});

describe("device cookies", () => {
  it("are signed, HttpOnly, and given to a browser at signup and at every login", async () => {
    const admin = await signUpOrganization();
    const issued = admin.client.cookie(DEVICE_COOKIE);
    expect(issued).toMatch(new RegExp(`^v1\\.${admin.userId}\\.\\d+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
    const login = await new TestClient().post("/api/app/auth/login", { email: admin.email, password: PASSWORD });
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(cookie).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=15552000$/);
    expect(cookie).toContain("Path=/");
    // A new one each time (a new device id); a failed login gets none.
    expect(cookie.split(";")[0]).not.toBe(`${DEVICE_COOKIE}=${issued}`);
    expect((await new TestClient().post("/api/app/auth/login", { email: admin.email, password: "wrong password" })).headers.getSetCookie()).toEqual([]);
  });

  it("let the browser that signed in before sign in while its email is locked by others' failures, and from an address locked by others'", { timeout: 120_000 }, async () => {
    const admin = await signUpOrganization();
    const device = deviceCookieOf(admin.client);
    const db = await getDb();
    // A flood against the email from elsewhere: strangers are refused, even with the right password.
    await db.loginFailure.createMany({ data: Array.from({ length: LOGIN_FAILURES_PER_EMAIL }, () => ({ key: emailKeyOf(admin.email) })) });
    expect((await clientAt().post("/api/app/auth/login", { email: admin.email, password: PASSWORD })).status).toBe(429);
    // And against the device's own address.
    const address = "198.51.100.77";
    await db.loginFailure.createMany({ data: Array.from({ length: LOGIN_FAILURES_PER_ADDRESS }, () => ({ key: `address:${address}` })) });
    const proven = new TestClient({ "x-forwarded-for": address, cookie: device });
    const login = await proven.post("/api/app/auth/login", { email: admin.email, password: PASSWORD });
    expect(login.status, login.text).toBe(200);
    expect(login.body.data.user.id).toBe(admin.userId);
    // Through tRPC too.
    const viaTrpc = await new TestClient({ "x-forwarded-for": address, cookie: device }).post("/api/trpc/auth.logIn", { email: admin.email, password: PASSWORD });
    expect(viaTrpc.status).toBe(200);
    // Its own wrong guesses are counted against the device alone: neither the email nor the address grew.
    expect((await proven.post("/api/app/auth/login", { email: admin.email, password: "wrong password" })).status).toBe(401);
    expect(await db.loginFailure.count({ where: { key: emailKeyOf(admin.email) } })).toBe(LOGIN_FAILURES_PER_EMAIL);
    expect(await db.loginFailure.count({ where: { key: `address:${address}` } })).toBe(LOGIN_FAILURES_PER_ADDRESS);
  });

  it("lock out only their own device after its own failures", { timeout: 120_000 }, async () => {
    const admin = await signUpOrganization();
    const device = deviceCookieOf(admin.client);
    const withDevice = () => new TestClient({ "x-forwarded-for": "198.51.100.78", cookie: device });
    for (let index = 0; index < LOGIN_FAILURES_PER_DEVICE; index += 1) {
      expect((await withDevice().post("/api/app/auth/login", { email: admin.email, password: `wrong ${index}` })).status).toBe(401);
    }
    const refused = await withDevice().post("/api/app/auth/login", { email: admin.email, password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // The email is not locked for anyone else: a stranger (another browser) signs in.
    expect((await clientAt().post("/api/app/auth/login", { email: admin.email, password: PASSWORD })).status).toBe(200);
  });

  it("prove nothing for another user, nor when forged or expired: the email's lockout applies", { timeout: 120_000 }, async () => {
    const locked = await signUpOrganization();
    const other = await signUpOrganization();
    await (await getDb()).loginFailure.createMany({ data: Array.from({ length: LOGIN_FAILURES_PER_EMAIL }, () => ({ key: emailKeyOf(locked.email) })) });
    const issued = locked.client.cookie(DEVICE_COOKIE)!;
    const [version, userId, time, deviceId, signature] = issued.split(".");
    const cookies = [
      deviceCookieOf(other.client), // another user's
      `${DEVICE_COOKIE}=${[version, userId, time, deviceId, signature!.slice(0, -2) + (signature!.endsWith("AA") ? "BB" : "AA")].join(".")}`, // signature changed
      `${DEVICE_COOKIE}=${[version, userId, time, "another-device-id", signature].join(".")}`, // device id changed
      `${DEVICE_COOKIE}=${issueDeviceCookie(locked.userId, Date.now() - 200 * 86_400_000)}`, // expired
    ];
    for (const cookie of cookies) {
      const response = await new TestClient({ "x-forwarded-for": "198.51.100.79", cookie }).post("/api/app/auth/login", { email: locked.email, password: PASSWORD });
      expect(response.status, cookie).toBe(429);
    }
    expect((await new TestClient({ "x-forwarded-for": "198.51.100.79", cookie: deviceCookieOf(locked.client) }).post("/api/app/auth/login", { email: locked.email, password: PASSWORD })).status).toBe(200);
  });
});

describe("accepting an invitation", () => {
  async function invite(): Promise<{ admin: Awaited<ReturnType<typeof signUpOrganization>>; token: string }> {
    const admin = await signUpOrganization();
    const sent = await admin.client.post("/api/app/invites", { email: uniqueEmail("invited"), role: "member" });
    expect(sent.status, sent.text).toBe(201);
    return { admin, token: sent.body.data.url.split("/invite/")[1] };
  }
  const accept = (client: TestClient, token: string) => client.post(`/api/app/invites/${token}/accept`, { name: "Nia", password: PASSWORD });

  it("checks the token before hashing the password: a made-up or used token computes no hash", { timeout: 60_000 }, async () => {
    const { token } = await invite();
    const before = passwordHashCount();
    for (const bogus of ["x".repeat(43), "y".repeat(43)]) expect((await accept(clientAt(), bogus)).status).toBe(404);
    expect(passwordHashCount()).toBe(before);
    const accepted = await accept(clientAt(), token);
    expect(accepted.status, accepted.text).toBe(201);
    expect(passwordHashCount()).toBe(before + 1);
    expect(accepted.headers.getSetCookie().some((line) => line.startsWith(`${DEVICE_COOKIE}=`))).toBe(true);
    expect((await accept(clientAt(), token)).status).toBe(404);
    expect(passwordHashCount()).toBe(before + 1);
  });

  it(`is throttled per token (${INVITE_FAILURES_PER_TOKEN} failures) and per address (${INVITE_FAILURES_PER_ADDRESS}), like a login`, { timeout: 120_000 }, async () => {
    const db = await getDb();
    const bogus = "z".repeat(43);
    for (let index = 0; index < INVITE_FAILURES_PER_TOKEN; index += 1) expect((await accept(clientAt(), bogus)).status).toBe(404);
    const refused = await accept(clientAt(), bogus);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("rate_limit_exceeded");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);

    const address = "198.51.100.80";
    await db.loginFailure.createMany({ data: Array.from({ length: INVITE_FAILURES_PER_ADDRESS - 1 }, () => ({ key: `invite-address:${address}` })) });
    expect((await accept(clientAt(address), "w".repeat(43))).status).toBe(404);
    const { token } = await invite();
    // The address has used its failures: even a real invitation waits, before any hash.
    const before = passwordHashCount();
    expect((await accept(clientAt(address), token)).status).toBe(429);
    expect(passwordHashCount()).toBe(before);
    // From elsewhere it is accepted, and a success gives its row back.
    const accepted = await accept(clientAt(), token);
    expect(accepted.status, accepted.text).toBe(201);
    const tokenKey = (value: string) => `invite:${createHash("sha256").update(value).digest("hex")}`;
    expect(await db.loginFailure.count({ where: { key: tokenKey(bogus) } })).toBe(INVITE_FAILURES_PER_TOKEN);
    expect(await db.loginFailure.count({ where: { key: tokenKey(token) } })).toBe(0);
  });
});
