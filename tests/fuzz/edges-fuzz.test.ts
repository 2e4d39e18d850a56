// Fuzzes every /api/v1 operation of the OpenAPI document and every /api/app route of the in-app table
// with generated bodies, queries and path parameters, and Orbit's server with raw request lines over a
// socket (odd targets, methods and versions): no request may answer 5xx or outside the envelope.
import http from "node:http";
import net from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { malformedRequestError, SERVER_ALLOW } from "@/server/http/request-guard";
import { listAppRoutes } from "@/server/http/app-routes";
import { MAX_JSON_DEPTH } from "@/server/http/body";
import { openApiDocument } from "../harness/openapi";
import { apiOrganization, PASSWORD, uniqueEmail } from "../harness/factories";
import { TestClient, type TestResponse } from "../harness/http";
import { startOrbitServer, type StartedServer } from "../harness/server";

type Json = Record<string, any>;

interface Operation {
  method: string;
  /** Template with `{name}` or `[name]` parameters. */
  template: string;
  pathParams: string[];
  query: { name: string; schema: Json }[];
  bodySchema?: Json;
}

/** Success `{ data, meta }` (or a download) or error `{ error, message, meta }`, and never a 5xx. */
function envelopeProblem(response: TestResponse): string | undefined {
  if (response.status >= 500) return `status ${response.status}`;
  // A download (the export, a report as CSV or PDF) is a file on success; its errors are still enveloped.
  if (response.status < 300 && response.headers.get("content-disposition")?.startsWith("attachment;")) return undefined;
  const body = response.body;
  if (typeof body !== "object" || body === null || body.meta?.apiVersion !== "v1") return "no envelope";
  if (response.status < 400) return "data" in body ? undefined : "success without data";
  return typeof body.error === "string" && typeof body.message === "string" ? undefined : "error without code or message";
}

function resolve(document: Json, schema: Json | undefined): Json {
  if (!schema?.$ref) return schema ?? {};
  return resolve(document, schema.$ref.replace(/^#\//, "").split("/").reduce((node: Json, key: string) => node?.[key], document));
}

/** Plausible and implausible values for a schema: its enum, numbers, dates, booleans, junk. */
function valueFor(document: Json, raw: Json | undefined): fc.Arbitrary<unknown> {
  const schema = resolve(document, raw);
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map((variant: Json) => resolve(document, variant));
  const types = [schema.type, ...variants.map((variant) => variant.type)].flat().filter(Boolean);
  const enums = [...(schema.enum ?? []), ...variants.flatMap((variant) => variant.enum ?? [])];
  const options: fc.Arbitrary<unknown>[] = [fc.jsonValue({ maxDepth: 2 }), fc.string(), fc.constant(null)];
  if (enums.length) options.push(fc.constantFrom(...enums));
  if (types.includes("integer") || types.includes("number")) options.push(fc.integer(), fc.double(), fc.constantFrom(0, -1, 2 ** 53, 1e308));
  if (types.includes("boolean")) options.push(fc.boolean());
  if (types.includes("array")) options.push(fc.array(valueFor(document, schema.items), { maxLength: 3 }));
  if (types.includes("string")) options.push(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()), fc.string({ maxLength: 300 }), fc.constantFrom("", " ", "\u0000", "2024-01-01", "true"));
  return fc.oneof(...options);
}

/** A query-string value: the schema's values as text, and junk. */
function queryValue(document: Json, schema: Json): fc.Arbitrary<string> {
  return fc.oneof(
    valueFor(document, schema).map((value) => (typeof value === "string" ? value : JSON.stringify(value) ?? "")),
    fc.constantFrom("-1", "0", "1e309", "NaN", "true", "null", "[]", "%", "a".repeat(2000), "2024-02-30", "2024-01-01T00:00:00Z"),
  );
}

/** JSON bodies shaped like the schema, any JSON, non-JSON text and over-deep nesting. */
function bodyFor(document: Json, raw: Json | undefined): fc.Arbitrary<{ rawBody: string }> {
  const schema = resolve(document, raw);
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Json>);
  const shaped = properties.length
    ? fc.record(Object.fromEntries(properties.map(([name, property]) => [name, valueFor(document, property)])), { requiredKeys: [] })
    : fc.object({ maxDepth: 2 });
  const deep = fc.integer({ min: MAX_JSON_DEPTH, max: 5000 }).map((depth) => `{"a":${"[".repeat(depth)}1${"]".repeat(depth)}}`);
  return fc.oneof(
    { weight: 6, arbitrary: shaped.map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 100 }) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: fc.constantFrom("", "{", "null", "[]", '{"__proto__":{"x":1}}', '{"a":1e999999}', "\uFEFF{}", '"\\ud800"') },
  ).map((rawBody) => ({ rawBody }));
}

function toUrl(operation: Operation, pathValues: string[], query: [string, string][]): string {
  let index = 0;
  const pathname = operation.template.replace(/\{[^}]+\}|\[[^\]]+\]/g, () => encodeURIComponent(pathValues[index++] ?? "x"));
  const search = new URLSearchParams(query).toString();
  return search ? `${pathname}?${search}` : pathname;
}

function requestArbitrary(document: Json, operation: Operation) {
  const hasBody = ["POST", "PUT", "PATCH"].includes(operation.method);
  return fc.record({
    pathValues: fc.array(fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom("cus_1", "0", "..", "\u0000", "a".repeat(300))), {
      minLength: operation.pathParams.length,
      maxLength: operation.pathParams.length,
    }),
    query: fc.array(
      operation.query.length
        ? fc.oneof(fc.constantFrom(...operation.query).chain((parameter) => queryValue(document, parameter.schema).map((value) => [parameter.name, value] as [string, string])), fc.tuple(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty")), fc.string({ maxLength: 20 })))
        : fc.tuple(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty")), fc.string({ maxLength: 20 })),
      { maxLength: 4 },
    ),
    body: hasBody ? bodyFor(document, operation.bodySchema) : fc.constant(undefined),
  });
}

async function fuzz(client: TestClient, document: Json, operations: Operation[], runs: number): Promise<void> {
  const failures: string[] = [];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...operations).chain((operation) => requestArbitrary(document, operation).map((request) => ({ operation, request }))),
      async ({ operation, request }) => {
        const url = toUrl(operation, request.pathValues, request.query);
        const headers = request.body ? { "content-type": "application/json" } : undefined;
        const response = await client.request(operation.method, url, { rawBody: request.body?.rawBody, headers });
        const problem = envelopeProblem(response);
        if (problem) failures.push(`${operation.method} ${url} ${request.body?.rawBody.slice(0, 200) ?? ""} -> ${problem}: ${response.text.slice(0, 300)}`);
        return problem === undefined;
      },
    ),
    { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), endOnFailure: true },
  ).catch((error: unknown) => {
    throw new Error(`${failures.join("\n")}\n${(error as Error).message.split("\n").slice(0, 4).join("\n")}`);
  });
}

let document: Json;
let setup: Awaited<ReturnType<typeof apiOrganization>>;

beforeAll(async () => {
  document = await openApiDocument();
  setup = await apiOrganization(["*"], { rateLimitPerHour: 1_000_000 });
});

describe("fuzzing every edge", () => {
  it("every /api/v1 operation answers in the envelope, never 5xx", { timeout: 180_000 }, async () => {
    // JSON operations only: the events stream stays open by design (its refusals are tested in tests/api/events.test.ts).
    const operations: Operation[] = Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
      Object.entries(item).filter(([, operation]: [string, Json]) => !Object.values(operation.responses as Json).some((response: Json) => response.content?.["text/event-stream"])).map(([method, operation]: [string, Json]) => ({
        method: method.toUpperCase(),
        template: `/api${path}`,
        pathParams: (operation.parameters ?? []).filter((parameter: Json) => parameter.in === "path").map((parameter: Json) => parameter.name),
        query: (operation.parameters ?? []).filter((parameter: Json) => parameter.in === "query").map((parameter: Json) => ({ name: parameter.name, schema: parameter.schema ?? {} })),
        bodySchema: operation.requestBody?.content?.["application/json"]?.schema,
      })),
    );
    expect(operations.length).toBeGreaterThan(10);
    await fuzz(setup.api, document, operations, 1500);
  });

  it("every /api/app route answers in the envelope, never 5xx", { timeout: 180_000 }, async () => {
    // Logging out would end the session the other routes are fuzzed under; it takes no input anyway. The
    // SSO routes send the browser elsewhere (302, no body) whatever they are given (tests/accounts/sso.test.ts).
    const operations: Operation[] = listAppRoutes()
      .filter(({ template }) => template !== "/api/app/auth/logout" && !template.startsWith("/api/app/auth/sso/"))
      .map(({ method, template }) => ({ method, template, pathParams: template.match(/\[[^\]]+\]/g) ?? [], query: [] }));
    expect(operations.length).toBeGreaterThan(15);
    await fuzz(setup.admin.client, document, operations, 1000);
  });
});

const fuzzSeed = () => Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

describe("malformed cookies, paths, methods and hosts", () => {
  it("a malformed session cookie is no session: 401 on protected routes, signup and login still work", { timeout: 120_000 }, async () => {
    const email = uniqueEmail("cookie");
    const cookieValues = fc.oneof(fc.constantFrom("%", "%E0%A4%A", "%%", "Fe26.2**junk*", '"', "a".repeat(5_000), "Fe26.2*1*%zz"), fc.string({ maxLength: 200 }));
    const signup = await new TestClient({ cookie: "tt_session=%" }).post("/api/app/auth/signup", { email, password: PASSWORD, name: "Cookie", organizationName: "Cookie Co" });
    expect(signup.status, signup.text).toBe(201);
    await fc.assert(
      fc.asyncProperty(cookieValues, async (value) => {
        const client = new TestClient({ cookie: `tt_session=${value.replace(/[;\r\n]/g, "")}` });
        const me = await client.get("/api/app/me");
        expect(envelopeProblem(me)).toBeUndefined();
        expect(me.status).toBe(401);
        const trpc = await client.get("/api/trpc/auth.me");
        expect(trpc.status).toBe(401);
      }),
      { numRuns: 60, seed: fuzzSeed() },
    );
    const login = await new TestClient({ cookie: "tt_session=%" }).post("/api/app/auth/login", { email, password: PASSWORD });
    expect(login.status, login.text).toBe(200);
  });

  it("any Host header: no 5xx, and the feed URL is still an absolute URL", { timeout: 120_000 }, async () => {
    const hosts = fc.oneof(fc.constantFrom("a b", "[::1", "exa mple.com:99999", "ex%41mple.com", "user@host", "host/path", "[", ":", "..", "\u00e9.example"), fc.string({ maxLength: 60 }));
    await fc.assert(
      fc.asyncProperty(hosts, async (host) => {
        const client = setup.admin.client;
        // A header value holds visible ASCII only (a Request refuses the rest).
        const headers = { host: [...host].filter((character) => character >= " " && character <= "~").join("") || "x" };
        const me = await client.request("GET", "/api/app/me", { headers });
        expect(envelopeProblem(me)).toBeUndefined();
        const feed = await client.request("POST", "/api/app/calendar-feed", { headers });
        expect(envelopeProblem(feed)).toBeUndefined();
        expect(feed.status, feed.text).toBe(201);
        expect(() => new URL(feed.body.data.url)).not.toThrow();
      }),
      { numRuns: 40, seed: fuzzSeed() },
    );
  });

  describe("at Orbit's server, before Next", () => {
    let server: StartedServer;
    let port: number;

    beforeAll(async () => {
      // Next's part answers "passed": what reaches it was not refused.
      server = await startOrbitServer(async () => new Response("passed"));
      port = server.port;
    });
    afterAll(() => server.close());

    function send(method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
      return new Promise((resolve, reject) => {
        const request = http.request({ host: "127.0.0.1", port, method, path }, (response) => {
          let text = "";
          response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
        });
        request.on("error", reject).end();
      });
    }

    it.each([
      ["TRACE", "/api/app/me", "GET, HEAD, OPTIONS"],
      ["TRACE", "/api/app/webhooks", "GET, POST, HEAD, OPTIONS"],
      ["PROPFIND", "/api/v1/tasks", "GET, POST, HEAD, OPTIONS"],
      ["TRACE", "/api/v1/tasks/abc", "GET, PATCH, DELETE, HEAD, OPTIONS"],
      ["TRACE", "/timer", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"],
    ])("%s %s is a 405 in the envelope with Allow", async (method, path, allow) => {
      const response = await send(method, path);
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(response.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(response.text)).toMatchObject({ error: "method_not_allowed", meta: { apiVersion: "v1" } });
    });

    it("a path with an undecodable escape is a 400 in the envelope; everything decodable passes to Next", { timeout: 60_000 }, async () => {
      for (const path of ["/api/app/me%", "/api/app/webhooks/%E0%A4%A", "/api/foo%zz", "/tasks/%ff"]) {
        const response = await send("GET", path);
        expect(response.status, path).toBe(400);
        expect(JSON.parse(response.text)).toMatchObject({ error: "validation_error", details: [{ field: "path" }], meta: { apiVersion: "v1" } });
      }
      expect((await send("GET", "/api/app/me?q=%")).text).toBe("passed");
      const escapes = fc.array(fc.oneof(fc.constantFrom("%", "%2", "%zz", "%E0%A4", "%C3%A9", "%20", "a", "/"), fc.hexaString({ minLength: 0, maxLength: 2 }).map((hex) => `%${hex}`)), { maxLength: 6 });
      await fc.assert(
        fc.asyncProperty(escapes, fc.constantFrom("GET", "POST", "DELETE"), async (parts, method) => {
          const path = `/api/app/${parts.join("")}`;
          const response = await send(method, path);
          if (malformedRequestError(method, path)) expect(response.status).toBe(400);
          else expect(response.text).toBe("passed");
        }),
        { numRuns: 200, seed: fuzzSeed() },
      );
    });

    /** Sends `head` (a request line and headers) as raw bytes and reads the answer until the server closes. */
    function sendRaw(head: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
      return new Promise((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1");
        const chunks: Buffer[] = [];
        socket.on("data", (chunk: Buffer) => chunks.push(chunk));
        socket.on("error", reject);
        socket.on("close", () => {
          const raw = Buffer.concat(chunks).toString("latin1");
          const split = raw.indexOf("\r\n\r\n");
          const [statusLine = "", ...lines] = raw.slice(0, split === -1 ? raw.length : split).split("\r\n");
          const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
          let body = split === -1 ? "" : raw.slice(split + 4);
          if (headers["transfer-encoding"] === "chunked") {
            let decoded = "";
            for (let at = 0; ; ) {
              const end = body.indexOf("\r\n", at);
              const size = parseInt(body.slice(at, end), 16);
              if (!size) break;
              decoded += body.slice(end + 2, end + 2 + size);
              at = end + 2 + size + 2;
            }
            body = decoded;
          }
          const status = Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1] ?? 0);
          resolve({ status, headers, body: Buffer.from(body, "latin1").toString("utf8") });
        });
        socket.end(head);
      });
    }

    const requestOf = (line: string) => `${line}\r\nHost: localhost\r\nConnection: close\r\n\r\n`;

    /** An answer of the guard or the v1 edge: an error envelope naming `code` (no body for a HEAD). */
    function expectRawEnvelope(response: { status: number; headers: Record<string, string>; body: string }, status: number, code: string, line: string) {
      expect(response.status, line).toBe(status);
      expect(response.headers["content-type"], line).toMatch(/^application\/json/);
      expect(response.headers["x-request-id"], line).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(response.body), line).toMatchObject({ error: code, message: expect.any(String), meta: { apiVersion: "v1" } });
    }

    it("OPTIONS * is the server's own 204 with Allow; every other odd request line a 400 in the envelope", { timeout: 60_000 }, async () => {
      const options = await sendRaw(requestOf("OPTIONS * HTTP/1.1"));
      expect(options.status).toBe(204);
      expect(options.headers.allow).toBe(SERVER_ALLOW);
      expect(options.body).toBe("");
      for (const line of [
        "GET * HTTP/1.1",
        "POST * HTTP/1.1",
        "GET * HTTP/1.0",
        "M-SEARCH * HTTP/1.1",
        "GET http://evil.example/api/v1/tasks HTTP/1.1",
        "OPTIONS http://localhost/api/v1/tasks HTTP/1.1",
        "CONNECT evil.example:443 HTTP/1.1",
        "GET evil.example:443 HTTP/1.1",
        "GET  HTTP/1.1",
        "GET foo HTTP/1.1",
        "get / HTTP/1.1",
        "FOO /api/v1/tasks HTTP/1.1",
        "GET /a b HTTP/1.1",
        "GET /\u0001 HTTP/1.1",
        "GET / HTTP/1.1 extra",
        `GET /api/v1/tasks?${"a".repeat(20_000)} HTTP/1.1`,
        `GET /${"a".repeat(20_000)} HTTP/1.1`,
      ]) {
        expectRawEnvelope(await sendRaw(requestOf(line)), 400, "validation_error", line.slice(0, 80));
      }
      // Headers past the parser's limit are the same 400.
      expectRawEnvelope(await sendRaw(`GET /api/app/me HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${"p".repeat(20_000)}\r\nConnection: close\r\n\r\n`), 400, "validation_error", "long header");
      // The v1 edge: a method its path does not serve, OPTIONS on a known path, an unknown path.
      const trace = await sendRaw(requestOf("TRACE /api/v1/customers HTTP/1.1"));
      expectRawEnvelope(trace, 405, "method_not_allowed", "TRACE");
      expect(trace.headers.allow).toBe("GET, POST, HEAD, OPTIONS");
      const pathOptions = await sendRaw(requestOf("OPTIONS /api/v1/tasks/abc HTTP/1.1"));
      expect(pathOptions.status).toBe(204);
      expect(pathOptions.headers.allow).toBe("GET, PATCH, DELETE, HEAD, OPTIONS");
      expect(Object.keys(pathOptions.headers).filter((name) => name.startsWith("access-control-"))).toEqual([]);
      expectRawEnvelope(await sendRaw(requestOf("PROPFIND /api/v1/nothing HTTP/1.1")), 404, "not_found", "unknown v1 path");
    });

    it("raw request lines of every shape: an answer, never a 5xx, every error in the envelope unless Next served it", { timeout: 180_000 }, async () => {
      const methods = fc.oneof(
        fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "PROPFIND", "M-SEARCH", "QUERY", "get", "G ET", ""),
        fc.stringMatching(/^[A-Z-]{1,10}$/),
      );
      const paths = fc.constantFrom("/", "/api/v1/tasks", "/api/v1/tasks/abc", "/api/v1/tasks/deleted", "/api/v1/events/stream", "/api/v1/openapi.json", "/api/v1/nope", "/api/app/me", "/timer", "/api/v1/tasks?per_page=5");
      const targets = fc.oneof(
        paths,
        fc.constantFrom("*", "", "//evil/x", "/#frag", "/%", "/%zz", "/api/v1/%E0%A4%A"),
        paths.map((path) => `http://evil.example${path}`),
        fc.constantFrom("evil.example:443", "localhost:3000", "[::1]:80"),
        fc.string({ maxLength: 40 }).map((text) => text.replace(/[\r\n]/g, "")),
        fc.integer({ min: 1, max: 20_000 }).map((length) => `/api/v1/tasks?q=${"x".repeat(length)}`),
      );
      const versions = fc.constantFrom("HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/1.1 extra", "http/1.1", "");
      await fc.assert(
        fc.asyncProperty(methods, targets, versions, async (method, target, version) => {
          const line = [method, target, version].filter((part, index) => index === 1 || part !== "").join(" ");
          const response = await sendRaw(requestOf(line));
          const label = JSON.stringify(line.slice(0, 120));
          expect(response.status, label).toBeGreaterThanOrEqual(200);
          expect(response.status, label).toBeLessThan(500);
          // Next's answers, successes (the OpenAPI document) and bodiless answers have no error to wrap.
          if (response.body === "passed" || response.status < 300 || method === "HEAD") return;
          expect(JSON.parse(response.body), label).toMatchObject({ error: expect.any(String), meta: { apiVersion: "v1" } });
        }),
        { numRuns: 300, seed: fuzzSeed() },
      );
    });
  });
});
