// The Origin check of mutating in-app requests (app-api.md sections 3 and 10): the expected origin is
// APP_URL's, else the one the request was addressed to (Host, or X-Forwarded-* under TRUST_PROXY=1).
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/env";
import { TestClient } from "../harness/http";
import { PASSWORD, uniqueEmail } from "../harness/factories";

const saved = { ...process.env };

function configure(variables: Record<string, string>) {
  process.env = { ...saved, ...variables };
  resetEnvCache();
}

afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

/** Logout mutates nothing without a session but passes the Origin check first: 200 or 403. */
async function logoutStatus(headers: Record<string, string>): Promise<{ status: number; body: any }> {
  const response = await new TestClient(headers).post("/api/app/auth/logout");
  return { status: response.status, body: response.body };
}

describe("Origin check without APP_URL (origin from the Host header)", () => {
  it.each([
    ["localhost", "localhost:3000", "http://localhost:3000"],
    ["127.0.0.1", "127.0.0.1:3000", "http://127.0.0.1:3000"],
    ["a LAN address", "192.168.1.20:3000", "http://192.168.1.20:3000"],
    ["an IPv6 loopback", "[::1]:3000", "http://[::1]:3000"],
    ["a domain on the default port", "orbit.example.com", "http://orbit.example.com"],
  ])("accepts a same-origin request at %s", async (_label, host, origin) => {
    expect((await logoutStatus({ host, origin })).status).toBe(200);
  });

  it("signs up and logs in at http://127.0.0.1:3000", async () => {
    const client = new TestClient({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" });
    const email = uniqueEmail();
    const signup = await client.post("/api/app/auth/signup", { email, password: PASSWORD, name: "Ada", organizationName: "Acme" });
    expect(signup.status, signup.text).toBe(201);
    const plan = await client.put("/api/app/organization/plan", { plan: "pro" });
    expect(plan.status, plan.text).toBe(200);
    const login = await client.post("/api/app/auth/login", { email, password: PASSWORD });
    expect(login.status, login.text).toBe(200);
  });

  it.each([
    ["another host", "127.0.0.1:3000", "http://evil.example"],
    ["another port", "127.0.0.1:3000", "http://127.0.0.1:4000"],
    ["another scheme", "127.0.0.1:3000", "https://127.0.0.1:3000"],
    ["localhost for 127.0.0.1", "127.0.0.1:3000", "http://localhost:3000"],
    ["an opaque origin", "127.0.0.1:3000", "null"],
    ["a forwarded host that is not trusted", "127.0.0.1:3000", "https://orbit.example.com"],
  ])("refuses %s with 403 in the envelope", async (_label, host, origin) => {
    const response = await logoutStatus({ host, origin, "x-forwarded-host": "orbit.example.com", "x-forwarded-proto": "https" });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("forbidden");
  });

  it("refuses a cross-origin signup and creates nothing", async () => {
    const email = uniqueEmail();
    const client = new TestClient({ host: "127.0.0.1:3000", origin: "http://evil.example" });
    expect((await client.post("/api/app/auth/signup", { email, password: PASSWORD, name: "Ada", organizationName: "Acme" })).status).toBe(403);
    const login = await new TestClient().post("/api/app/auth/login", { email, password: PASSWORD });
    expect(login.status).toBe(401);
  });

  it("applies to /api/trpc too", async () => {
    const response = await new TestClient({ host: "127.0.0.1:3000", origin: "http://evil.example" }).post("/api/trpc/auth.logOut", {});
    expect(response.status).toBe(403);
    const same = await new TestClient({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }).post("/api/trpc/auth.logOut", {});
    expect(same.status).toBe(200);
  });
});

describe("Origin check behind a TLS-terminating proxy (TRUST_PROXY=1)", () => {
  const proxied = { host: "127.0.0.1:3000", "x-forwarded-host": "orbit.example.com", "x-forwarded-proto": "https" };

  it("takes the origin from X-Forwarded-Host and X-Forwarded-Proto", async () => {
    configure({ TRUST_PROXY: "1" });
    expect((await logoutStatus({ ...proxied, origin: "https://orbit.example.com" })).status).toBe(200);
    // A chain of proxies: the first (client-facing) value counts.
    expect((await logoutStatus({ ...proxied, "x-forwarded-host": "orbit.example.com, 10.0.0.2", "x-forwarded-proto": "https, http", origin: "https://orbit.example.com" })).status).toBe(200);
    expect((await logoutStatus({ ...proxied, origin: "http://orbit.example.com" })).status).toBe(403);
    expect((await logoutStatus({ ...proxied, origin: "http://127.0.0.1:3000" })).status).toBe(403);
    expect((await logoutStatus({ ...proxied, origin: "https://evil.example" })).status).toBe(403);
  });

  it("falls back to the Host header when the proxy sends no forwarded headers", async () => {
    configure({ TRUST_PROXY: "1" });
    expect((await logoutStatus({ host: "192.168.1.20:3000", origin: "http://192.168.1.20:3000" })).status).toBe(200);
  });
});

describe("Origin check with APP_URL", () => {
  it("compares with APP_URL's origin whatever the Host header says", async () => {
    configure({ APP_URL: "https://Orbit.Example.com/app/" });
    expect((await logoutStatus({ host: "127.0.0.1:3000", origin: "https://orbit.example.com" })).status).toBe(200);
    expect((await logoutStatus({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" })).status).toBe(403);
    expect((await logoutStatus({ host: "evil.example", origin: "https://evil.example" })).status).toBe(403);
  });
});

describe("requests without an Origin header", () => {
  it("are not browser cross-site requests and pass (API clients, curl)", async () => {
    expect((await logoutStatus({ host: "127.0.0.1:3000" })).status).toBe(200);
  });
});
