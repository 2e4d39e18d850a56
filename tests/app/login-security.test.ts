// Sessions that logout revokes, and login/signup throttling (app-api.md section 10), counted inside the
// operations: the in-app route and tRPC (batched or not) all count.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_EMAIL, SIGNUPS_PER_ADDRESS } from "@/server/services/auth/throttle";
import { TestClient } from "../harness/http";
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
