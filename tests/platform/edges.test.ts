// What every request meets before its route (src/proxy.ts) and the bounds of /api/trpc: envelope
// 404/405 for in-app and cron paths, request ids, security headers, body and batch limits.
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/env";
import { apiRoutes } from "@/server/http/route-table";
import { routeTemplateOf } from "@/server/http/observe";
import { MAX_JSON_DEPTH } from "@/server/http/body";
import { MAX_BODY_BYTES } from "@/lib/limits";
import { TRPC_MAX_BATCH_SIZE } from "@/trpc/limits";
import { TestClient } from "../harness/http";
import { signUpOrganization } from "../harness/factories";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

function expectEnvelopeError(response: { status: number; body: any; headers: Headers }, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.body.error).toBe(code);
  expect(typeof response.body.message).toBe("string");
  expect(response.body.meta.apiVersion).toBe("v1");
}

/** Route templates and exported methods of the route files under a folder of src/app/api. */
async function routeFiles(folder: string): Promise<Record<string, string[]>> {
  const root = path.resolve(import.meta.dirname, "../../src/app/api");
  const found: Record<string, string[]> = {};
  const walk = async (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name === "route.ts") {
        const module = (await import(full)) as Record<string, unknown>;
        found[`/api/${path.relative(root, dir).split(path.sep).join("/")}`] = METHODS.filter((method) => typeof module[method] === "function");
      }
    }
  };
  await walk(path.join(root, folder));
  return found;
}

describe("API routing in the envelope", () => {
  it("the route table names exactly the route files and their methods", async () => {
    const files = await routeFiles(".");
    const table = Object.fromEntries(Object.entries(apiRoutes).map(([template, methods]) => [template, [...methods].sort()]));
    expect(table).toEqual(Object.fromEntries(Object.entries(files).map(([template, methods]) => [template, methods.sort()])));
  });

  it.each([
    ["GET", "/api/app/nothing-here"],
    ["POST", "/api/app/customers/abc/explode"],
    ["GET", "/api/app"],
    ["POST", "/api/cron/other"],
    ["GET", "/api/cron"],
    ["GET", "/api/nothing"],
    ["GET", "/api/v1"],
  ])("%s %s is a 404 envelope, not the HTML page", async (method, url) => {
    expectEnvelopeError(await new TestClient().request(method, url), 404, "not_found");
  });

  it("a wrong method is a 405 envelope naming the allowed methods", async () => {
    const me = await new TestClient().request("DELETE", "/api/app/me");
    expectEnvelopeError(me, 405, "method_not_allowed");
    expect(me.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const cron = await new TestClient().get("/api/cron/webhooks");
    expectEnvelopeError(cron, 405, "method_not_allowed");
    expect(cron.headers.get("allow")).toBe("POST, OPTIONS");
    const webhook = await new TestClient().request("PUT", "/api/app/webhooks/wh_1");
    expect(webhook.headers.get("allow")).toBe("GET, PATCH, DELETE, HEAD, OPTIONS");
  });

  it("OPTIONS on an in-app path is a 204 naming its methods, as Next answers it for a route file", async () => {
    for (const [url, allow] of [
      ["/api/app/me", "GET, HEAD, OPTIONS"],
      ["/api/app/webhooks/wh_1", "DELETE, GET, HEAD, OPTIONS, PATCH"],
      ["/api/app/nothing-here", "DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT"],
    ]) {
      const response = await new TestClient().request("OPTIONS", url!);
      expect(response.status, url).toBe(204);
      expect(response.headers.get("allow"), url).toBe(allow);
    }
  });

  it("an in-app request is labelled with its route's template; an unknown path with the catch-all's", () => {
    expect(routeTemplateOf("GET", "/api/app/customers/c_1/work")).toBe("/api/app/customers/[id]/work");
    expect(routeTemplateOf("POST", "/api/app/invoices/preview")).toBe("/api/app/invoices/preview");
    expect(routeTemplateOf("GET", "/api/app/webhooks/wh_1/deliveries/d_1")).toBe("/api/app/webhooks/[id]/deliveries/[deliveryId]");
    expect(routeTemplateOf("GET", "/api/app/nothing-here")).toBe("/api/[...path]");
  });

  it("a known route with its own method still runs", async () => {
    expectEnvelopeError(await new TestClient().get("/api/app/me"), 401, "unauthorized");
  });
});

describe("X-Request-Id", () => {
  it("is on every response: a well-formed incoming id is kept, anything else is replaced", async () => {
    const made = await new TestClient().get("/api/app/me");
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await new TestClient({ "x-request-id": "proxy-abc-12345" }).get("/api/app/nothing");
    expect(kept.headers.get("x-request-id")).toBe("proxy-abc-12345");
    const replaced = await new TestClient({ "x-request-id": "bad id\u00e9<script>" }).get("/api/v1/customers");
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const tooLong = await new TestClient({ "x-request-id": "a".repeat(200) }).get("/api/v1/customers");
    expect(tooLong.headers.get("x-request-id")).not.toBe("a".repeat(200));
  });
});

describe("security headers", () => {
  it("are on API responses of every kind; HSTS only under https", async () => {
    for (const response of [
      await new TestClient().get("/api/app/me"),
      await new TestClient().get("/api/v1/customers"),
      await new TestClient().get("/api/app/unknown"),
      await new TestClient().get("/api/calendar/no-such-feed.ics"),
    ]) {
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("adds HSTS when the request came over https (APP_URL or a trusted proxy)", async () => {
    process.env = { ...saved, TRUST_PROXY: "1" };
    resetEnvCache();
    const proxied = await new TestClient({ "x-forwarded-proto": "https", "x-forwarded-host": "orbit.example.com" }).get("/api/app/me");
    expect(proxied.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
    process.env = { ...saved, APP_URL: "https://orbit.example.com" };
    resetEnvCache();
    expect((await new TestClient().get("/api/app/me")).headers.get("strict-transport-security")).toMatch(/^max-age=/);
  });
});

describe("/api/trpc bounds", () => {
  const sameOrigin = { origin: "http://localhost:3000" };

  it("refuses a body over 1 MiB with 413 before parsing it", async () => {
    const padding = "x".repeat(MAX_BODY_BYTES);
    const response = await new TestClient(sameOrigin).post("/api/trpc/auth.logIn", undefined, { rawBody: JSON.stringify({ email: padding, password: "x" }), headers: { "content-type": "application/json" } });
    expectEnvelopeError(response, 413, "payload_too_large");
  });

  it("caps a batch at TRPC_MAX_BATCH_SIZE calls", async () => {
    const batch = (size: number) => {
      const paths = Array.from({ length: size }, () => "auth.logIn").join(",");
      const input = Object.fromEntries(Array.from({ length: size }, (_, index) => [index, { email: "nobody@example.com", password: "wrong password" }]));
      return new TestClient(sameOrigin).post(`/api/trpc/${paths}?batch=1`, input);
    };
    const over = await batch(TRPC_MAX_BATCH_SIZE + 1);
    expect(over.status).toBe(400);
    const within = await batch(2);
    expect(within.body.map((item: any) => item.error.data.appCode)).toEqual(["unauthorized", "unauthorized"]);
  });

  it("answers a deeply nested body or input with 400, not 500", async () => {
    const deep = "[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1);
    const body = await new TestClient(sameOrigin).post("/api/trpc/auth.logIn", undefined, { rawBody: `{"a":${"[".repeat(100_000)}`, headers: { "content-type": "application/json" } });
    expectEnvelopeError(body, 400, "validation_error");
    const query = await new TestClient().get(`/api/trpc/auth.me?input=${encodeURIComponent(deep)}`);
    expectEnvelopeError(query, 400, "validation_error");
  });

  it("serves the web app's calls as before", async () => {
    const admin = await signUpOrganization();
    const response = await admin.client.get("/api/trpc/auth.me");
    expect(response.status, response.text).toBe(200);
  });
});
