// The checks every public route shares (contract 4.1, 5, 7, 8; app-api section 13), run against every
// JSON route: 401 → 402 → 403 → 429 → 400 order (an unknown query parameter is a 400 of that place),
// rate-limit headers present or withheld, the error envelope, the Bearer challenge of a 401, OPTIONS
// and a method the path does not serve.
import { expectErrorEnvelope } from "../harness/assertions";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { appRouter } from "@/server/api/root";
import type { ProcedureMeta } from "@/server/api/trpc";
import { apiClient, apiOrganization, createApiKey, signUpOrganization } from "../harness/factories";
import { TestClient, type TestResponse } from "../harness/http";
import { expectMatchesOpenApi, openApiDocument } from "../harness/openapi";

interface PublicRoute {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  template: string;
  path: string;
  scope: string;
  /** A scope of another resource or action, which must not grant this route. */
  wrongScope: string;
  /** A wildcard that grants it (undefined where the contract has none: time-logs). */
  wildcard?: string;
  /** A body that fails validation (for bodies) — proves 403 and 429 come first. */
  invalidBody?: unknown;
  /** A query that fails validation. */
  invalidQuery?: string;
  /** The query a route with required parameters needs to pass validation. */
  validQuery?: string;
}

const missing = "cmissing000000000000000000";
/** Each public operation's checks by `METHOD template`; the operations themselves come from the procedures below. */
const checks: Record<string, Omit<PublicRoute, "method" | "template">> = {
  "GET /api/v1/tasks": { path: "/api/v1/tasks", scope: "tasks:read", wrongScope: "tasks:write", wildcard: "tasks:*", invalidQuery: "status=bogus" },
  "POST /api/v1/tasks": { path: "/api/v1/tasks", scope: "tasks:write", wrongScope: "tasks:read", wildcard: "tasks:*", invalidBody: { title: 5 } },
  "GET /api/v1/tasks/{taskId}": { path: `/api/v1/tasks/${missing}`, scope: "tasks:read", wrongScope: "customers:read", wildcard: "tasks:*" },
  "PATCH /api/v1/tasks/{taskId}": { path: `/api/v1/tasks/${missing}`, scope: "tasks:write", wrongScope: "tasks:delete", wildcard: "tasks:*", invalidBody: { title: "" } },
  "DELETE /api/v1/tasks/{taskId}": { path: `/api/v1/tasks/${missing}`, scope: "tasks:delete", wrongScope: "tasks:write", wildcard: "tasks:*" },
  "POST /api/v1/tasks/{taskId}/subtasks": { path: `/api/v1/tasks/${missing}/subtasks`, scope: "tasks:write", wrongScope: "tasks:read", wildcard: "tasks:*", invalidBody: { items: [] } },
  "GET /api/v1/time-logs": { path: "/api/v1/time-logs", scope: "time-logs:read", wrongScope: "tasks:*", invalidQuery: "from=2026-01-01" },
  "GET /api/v1/customers": { path: "/api/v1/customers", scope: "customers:read", wrongScope: "customers:write", wildcard: "customers:*", invalidQuery: "includeArchived=1" },
  "POST /api/v1/customers": { path: "/api/v1/customers", scope: "customers:write", wrongScope: "customers:read", wildcard: "customers:*", invalidBody: {} },
  "GET /api/v1/constellations": { path: "/api/v1/constellations", scope: "constellations:read", wrongScope: "tasks:read", wildcard: "constellations:*", invalidQuery: "status=onHold" },
  "POST /api/v1/constellations": { path: "/api/v1/constellations", scope: "constellations:write", wrongScope: "constellations:read", wildcard: "constellations:*", invalidBody: { status: "onHold" } },
  "GET /api/v1/time-logs/deleted": { path: "/api/v1/time-logs/deleted", scope: "time-logs:read", wrongScope: "tasks:*", invalidQuery: "since=yesterday" },
  "GET /api/v1/events": { path: "/api/v1/events", scope: "events:read", wrongScope: "tasks:read", invalidQuery: "type=task.created" },
  "GET /api/v1/audit-events": { path: "/api/v1/audit-events", scope: "audit:read", wrongScope: "events:read", invalidQuery: "action=member.promoted" },
  "GET /api/v1/tasks/deleted": { path: "/api/v1/tasks/deleted", scope: "tasks:read", wrongScope: "tasks:write", wildcard: "tasks:*", invalidQuery: "since=2026-01-01" },
  "GET /api/v1/time-logs/{id}": { path: `/api/v1/time-logs/${missing}`, scope: "time-logs:read", wrongScope: "tasks:*" },
  "GET /api/v1/customers/{id}": { path: `/api/v1/customers/${missing}`, scope: "customers:read", wrongScope: "customers:write", wildcard: "customers:*" },
  "GET /api/v1/constellations/{id}": { path: `/api/v1/constellations/${missing}`, scope: "constellations:read", wrongScope: "constellations:write", wildcard: "constellations:*" },
  "GET /api/v1/events/{id}": { path: `/api/v1/events/${missing}`, scope: "events:read", wrongScope: "time-logs:read" },
  "GET /api/v1/reports/time": { path: "/api/v1/reports/time", scope: "reports:read", wrongScope: "time-logs:read", invalidQuery: "from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z&groupBy=client", validQuery: "from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z&groupBy=customer" },
};

/** Every procedure served under /api/v1 (its `meta.openapi`), as `METHOD template`: a new one cannot be left out of the checks. */
const operations = Object.values(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>).flatMap(({ _def }) => {
  const openapi = _def.meta?.openapi;
  return openapi && openapi.enabled !== false ? [`${openapi.method} /api${openapi.path}`] : [];
});

const routes: PublicRoute[] = operations.flatMap((operation) => {
  const [method, template] = operation.split(" ") as [PublicRoute["method"], string];
  return checks[operation] ? [{ method, template, ...checks[operation] }] : [];
});

it("every procedure served under /api/v1 has its checks here, and every check its procedure", () => {
  expect(Object.keys(checks).sort()).toEqual([...operations].sort());
});

/** Harvest's and Stripe's spellings, which are not Orbit's: each is named in the 400. */
const UNKNOWN_QUERY = ["updated_since", "per_page", "expand"];
const UNKNOWN_QUERY_STRING = "updated_since=2026-01-01T00:00:00Z&per_page=5&expand=customer";
const join = (...queries: (string | undefined)[]) => queries.filter(Boolean).join("&");

/** `Allow` of a path, from the contract's routes above: its methods, HEAD beside GET, OPTIONS. */
function allowOf(template: string): string {
  const methods = routes.filter((route) => route.template === template).map((route) => route.method);
  return [...["GET", "POST", "PUT", "PATCH", "DELETE"].filter((method) => methods.includes(method as PublicRoute["method"])), ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
}

const RATE_LIMIT_HEADERS = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"];

function send(client: TestClient, route: PublicRoute, options: { body?: unknown; query?: string } = {}): Promise<TestResponse> {
  const url = options.query ? `${route.path}?${options.query}` : route.path;
  const body = options.body ?? (route.method === "POST" || route.method === "PATCH" ? { title: "x", name: "x", items: [{ title: "x" }] } : undefined);
  return client.request(route.method, url, { body });
}

function expectNoRateLimitHeaders(response: TestResponse) {
  for (const header of [...RATE_LIMIT_HEADERS, "retry-after"]) expect(response.headers.get(header), header).toBeNull();
}

function expectRateLimitHeaders(response: TestResponse, limit: number) {
  for (const header of RATE_LIMIT_HEADERS) expect(response.headers.get(header), header).toMatch(/^\d+$/);
  expect(Number(response.headers.get("ratelimit-limit"))).toBe(limit);
  expect(response.headers.get("x-ratelimit-limit")).toBe(response.headers.get("ratelimit-limit"));
  expect(response.headers.get("x-ratelimit-remaining")).toBe(response.headers.get("ratelimit-remaining"));
  const delta = Number(response.headers.get("ratelimit-reset"));
  const resetAt = Number(response.headers.get("x-ratelimit-reset"));
  expect(delta).toBeGreaterThan(0);
  expect(delta).toBeLessThanOrEqual(3600);
  expect(Math.abs(resetAt - Math.floor(Date.now() / 1000) - delta)).toBeLessThanOrEqual(2);
  expect(resetAt % 3600).toBe(0);
}

describe.each(routes)("$method $template", (route) => {
  it("401 without a key, with a malformed header, with a revoked key — no rate-limit headers, a Bearer challenge", async () => {
    const { admin, key, keyId } = await apiOrganization([route.scope]);
    for (const client of [new TestClient(), new TestClient({ authorization: key }), new TestClient({ authorization: `Token ${key}` })]) {
      // An unknown query parameter changes nothing: the key is decided first.
      const response = await send(client, route, { query: UNKNOWN_QUERY_STRING });
      expectErrorEnvelope(response, 401, "unauthorized");
      expectNoRateLimitHeaders(response);
      // No Bearer token was sent: the challenge carries no error code (RFC 6750 section 3).
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="Orbit API"');
      await expectMatchesOpenApi(route.method, route.template, response);
    }
    for (const token of ["nope", `sk_${"0".repeat(64)}`]) {
      const refused = await send(apiClient(token), route);
      expectErrorEnvelope(refused, 401, "unauthorized");
      expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer realm="Orbit API", error="invalid_token", error_description="[^"]+"$/);
    }
    await admin.client.delete(`/api/app/api-keys/${keyId}`);
    const revoked = await send(apiClient(key), route);
    expectErrorEnvelope(revoked, 401, "unauthorized");
    expect(revoked.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
  });

  it("402 when the plan lacks customIntegrations, before the scope check", async () => {
    const { admin, key } = await apiOrganization([route.wrongScope]);
    await admin.client.put("/api/app/organization/plan", { plan: "free" });
    const response = await send(apiClient(key), route, { body: route.invalidBody });
    expectErrorEnvelope(response, 402, "plan_required");
    expectNoRateLimitHeaders(response);
    await expectMatchesOpenApi(route.method, route.template, response);
  });

  it("403 naming the missing scope, before validation and without counting a request", async () => {
    const { api, keyId } = await apiOrganization([route.wrongScope]);
    const response = await send(api, route, { body: route.invalidBody, query: join(route.invalidQuery, UNKNOWN_QUERY_STRING) });
    expectErrorEnvelope(response, 403, "forbidden");
    expect(response.body.details).toEqual([{ field: "permission", message: route.scope }]);
    expectNoRateLimitHeaders(response);
    await expectMatchesOpenApi(route.method, route.template, response);
    expect(await (await getDb()).rateLimitWindow.count({ where: { key: keyId } })).toBe(0);
  });

  it("the exact scope, its wildcard and * all grant the route", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    for (const scope of [route.scope, route.wildcard, "*"].filter(Boolean) as string[]) {
      const { key } = await createApiKey(admin, [scope]);
      const response = await send(apiClient(key), route);
      expect([401, 402, 403], `${scope}: ${response.text}`).not.toContain(response.status);
      expectRateLimitHeaders(response, 1000);
    }
  });

  it("429 with Retry-After and both header sets once the hourly limit is used, before validation", async () => {
    const { api } = await apiOrganization([route.scope], { rateLimitPerHour: 1 });
    const first = await send(api, route);
    expectRateLimitHeaders(first, 1);
    expect(first.headers.get("ratelimit-remaining")).toBe("0");
    const second = await send(api, route, { body: route.invalidBody, query: join(route.invalidQuery, UNKNOWN_QUERY_STRING) });
    expectErrorEnvelope(second, 429, "rate_limit_exceeded");
    expectRateLimitHeaders(second, 1);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(second.body.meta.rateLimit).toBeUndefined();
    await expectMatchesOpenApi(route.method, route.template, second);
  });

  it("handler-level errors carry both header sets and the error envelope", async () => {
    const { api } = await apiOrganization([route.scope]);
    if (route.invalidBody === undefined && route.invalidQuery === undefined) {
      const response = await send(api, route);
      expectErrorEnvelope(response, 404, "not_found");
      expectRateLimitHeaders(response, 1000);
      await expectMatchesOpenApi(route.method, route.template, response);
      return;
    }
    const response = await send(api, route, { body: route.invalidBody, query: route.invalidQuery });
    expectErrorEnvelope(response, 400, "validation_error");
    expect(response.body.details.length).toBeGreaterThan(0);
    for (const detail of response.body.details) {
      expect(detail).toEqual({ field: expect.any(String), message: expect.any(String) });
      // Words for people, never the schema library's ("Invalid input: expected string", "Too small: expected number to be >=1").
      expect(detail.message, detail.field).not.toMatch(/expected|invalid input|invalid option|too (small|big)|>=|<=/i);
    }
    expectRateLimitHeaders(response, 1000);
    await expectMatchesOpenApi(route.method, route.template, response);
  });

  it("an unknown query parameter is a 400 naming each one, counted like any request, and nothing is written", async () => {
    const { admin, api } = await apiOrganization([route.scope]);
    const db = await getDb();
    const before = await Promise.all([db.task.count({ where: { organizationId: admin.organizationId } }), db.customer.count({ where: { organizationId: admin.organizationId } }), db.constellation.count({ where: { organizationId: admin.organizationId } })]);
    const response = await send(api, route, { query: join(route.validQuery, UNKNOWN_QUERY_STRING) });
    expectErrorEnvelope(response, 400, "validation_error");
    expect(response.body.details).toEqual(UNKNOWN_QUERY.map((field) => ({ field, message: "is not a query parameter of this operation" })));
    expectRateLimitHeaders(response, 1000);
    expect(response.headers.get("ratelimit-remaining")).toBe("999");
    await expectMatchesOpenApi(route.method, route.template, response);
    expect(await Promise.all([db.task.count({ where: { organizationId: admin.organizationId } }), db.customer.count({ where: { organizationId: admin.organizationId } }), db.constellation.count({ where: { organizationId: admin.organizationId } })])).toEqual(before);
    // Names that only look like the prototype's are unknown parameters too, never a 500.
    const prototypeNames = await send(api, route, { query: join(route.validQuery, "__proto__=x&toString=y&constructor=z") });
    expect(prototypeNames.body.details.map((detail: { field: string }) => detail.field)).toEqual(["__proto__", "toString", "constructor"]);
  });

  it("one 400 names the unknown parameters beside every field the input refuses", async () => {
    if (route.invalidBody === undefined && route.invalidQuery === undefined) return;
    const { api } = await apiOrganization([route.scope]);
    const alone = await send(api, route, { body: route.invalidBody, query: route.invalidQuery });
    expectErrorEnvelope(alone, 400, "validation_error");
    const response = await send(api, route, { body: route.invalidBody, query: join(route.invalidQuery, UNKNOWN_QUERY_STRING) });
    expectErrorEnvelope(response, 400, "validation_error");
    expect(response.body.details).toEqual([...alone.body.details, ...UNKNOWN_QUERY.map((field) => ({ field, message: "is not a query parameter of this operation" }))]);
    await expectMatchesOpenApi(route.method, route.template, response);
  });

  it("every parameter the document lists is accepted by name", async () => {
    const { api } = await apiOrganization([route.scope]);
    const document = await openApiDocument();
    const operation = document.paths[route.template.replace(/^\/api/, "")][route.method.toLowerCase()];
    const names: string[] = (operation.parameters ?? []).filter((parameter: { in: string }) => parameter.in === "query").map((parameter: { name: string }) => parameter.name);
    if (route.method !== "GET") expect(names).toEqual([]);
    const response = await send(api, route, { query: names.map((name) => `${name}=`).join("&") });
    expect([401, 402, 403, 429, 500, 503]).not.toContain(response.status);
    for (const detail of response.body.details ?? []) expect(detail.message, detail.field).not.toBe("is not a query parameter of this operation");
  });

  it("OPTIONS is a 204 naming the path's methods, without a key and without CORS headers", async () => {
    const response = await new TestClient({ origin: "https://elsewhere.example" }).request("OPTIONS", route.path);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect(response.headers.get("allow")).toBe(allowOf(route.template));
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    for (const [name] of response.headers) expect(name).not.toMatch(/^access-control-/);
    expectNoRateLimitHeaders(response);
  });

  it("a method the path does not serve is a 405 in the envelope with Allow", async () => {
    const { api } = await apiOrganization([route.scope]);
    const allow = allowOf(route.template);
    for (const method of ["PUT", ...["GET", "POST", "PATCH", "DELETE"].filter((candidate) => !allow.split(", ").includes(candidate))]) {
      const response = await api.request(method, route.path);
      expectErrorEnvelope(response, 405, "method_not_allowed");
      expect(response.headers.get("allow"), method).toBe(allow);
      expectNoRateLimitHeaders(response);
    }
  });
});

describe("successful responses", () => {
  it("carry meta.rateLimit equal to the headers", async () => {
    const { api } = await apiOrganization(["*"], { rateLimitPerHour: 7 });
    const response = await api.get("/api/v1/customers");
    expect(response.status).toBe(200);
    expect(response.body.meta.apiVersion).toBe("v1");
    expect(response.body.meta.rateLimit).toEqual({
      limit: 7,
      remaining: Number(response.headers.get("ratelimit-remaining")),
      reset: Number(response.headers.get("x-ratelimit-reset")),
    });
    expect(response.body.meta.rateLimit.remaining).toBe(6);
    await expectMatchesOpenApi("GET", "/api/v1/customers", response);
  });
});

describe("non-JSON and oversized bodies", () => {
  it("a body that is not a JSON object is a 400; over 1 MiB is a 413 — both in the envelope", async () => {
    const { api } = await apiOrganization(["*"]);
    const notJson = await api.request("POST", "/api/v1/customers", { rawBody: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expectErrorEnvelope(notJson, 400, "validation_error");
    const array = await api.post("/api/v1/customers", [{ name: "x" }]);
    expectErrorEnvelope(array, 400, "validation_error");
    const huge = await api.post("/api/v1/customers", { name: "x", notes: "x".repeat(1024 * 1024 + 10) });
    expectErrorEnvelope(huge, 413, "payload_too_large");
  });

  it("a bad body or query is answered after admission: 401, 402, 403 and 429 first, then its 400 or 413, counted and with the rate-limit headers", async () => {
    const huge = JSON.stringify({ name: "x", notes: "x".repeat(1024 * 1024 + 10) });
    const post = (client: TestClient, rawBody: string) => client.request("POST", "/api/v1/customers", { rawBody, headers: { "content-type": "application/json" } });
    const unknownKey = apiClient(`sk_${"0".repeat(64)}`);
    for (const [client, rawBody] of [
      [new TestClient(), "{not json"],
      [new TestClient({ authorization: "Bearer nope" }), huge],
      [unknownKey, "{not json"],
      [unknownKey, huge],
    ] as const) {
      const response = await post(client, rawBody);
      expectErrorEnvelope(response, 401, "unauthorized");
      expect(response.headers.get("ratelimit-limit")).toBeNull();
    }
    // A NUL in the query of a request without a key: its 401 first.
    expectErrorEnvelope(await new TestClient().get("/api/v1/customers?search=%00"), 401, "unauthorized");

    const { admin, api } = await apiOrganization(["*"], { rateLimitPerHour: 4 });
    const notJson = await post(api, "{not json");
    expectErrorEnvelope(notJson, 400, "validation_error");
    expect(notJson.headers.get("ratelimit-remaining")).toBe("3");
    const tooLarge = await post(api, huge);
    expectErrorEnvelope(tooLarge, 413, "payload_too_large");
    expect(tooLarge.headers.get("ratelimit-remaining")).toBe("2");
    const nul = await api.get("/api/v1/customers?search=%00");
    expectErrorEnvelope(nul, 400, "validation_error");
    expect(nul.body.details).toEqual([{ field: "search", message: "must not contain NUL characters" }]);
    expect(nul.headers.get("ratelimit-remaining")).toBe("1");
    expect((await api.get("/api/v1/customers")).headers.get("ratelimit-remaining")).toBe("0");
    expectErrorEnvelope(await post(api, "{not json"), 429, "rate_limit_exceeded");

    const { api: readOnly } = await apiOrganization(["customers:read"]);
    expectErrorEnvelope(await post(readOnly, "[]"), 403, "forbidden");
    await admin.client.put("/api/app/organization/plan", { plan: "free" });
    expectErrorEnvelope(await post(api, "{not json"), 402, "plan_required");
  });

  it("an unknown route is a 404 in the envelope, whatever the method, with a key or without", async () => {
    const { api } = await apiOrganization(["*"]);
    for (const client of [api, new TestClient()]) {
      for (const method of ["GET", "POST", "OPTIONS", "PUT"]) {
        for (const path of ["/api/v1/users", "/api/v1/tasks/a/b/c", "/api/v1/"]) expectErrorEnvelope(await client.request(method, path), 404, "not_found");
      }
    }
  });

  it("HEAD is answered as GET without a body", async () => {
    const { api } = await apiOrganization(["*"]);
    const head = await api.request("HEAD", "/api/v1/customers");
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers.get("ratelimit-limit")).toBe("1000");
  });
});
