// Fuzzes every /api/v1 operation of the OpenAPI document and every /api/app route of the route table
// with generated bodies, queries and path parameters: no request may answer 5xx or outside the envelope.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@/server/http/route-table";
import { MAX_JSON_DEPTH } from "@/server/http/body";
import { openApiDocument } from "../harness/openapi";
import { apiOrganization } from "../harness/factories";
import { TestClient, type TestResponse } from "../harness/http";

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
    const operations: Operation[] = Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]: [string, Json]) => ({
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
    // Logging out would end the session the other routes are fuzzed under; it takes no input anyway.
    const operations: Operation[] = Object.entries(apiRoutes)
      .filter(([template]) => template.startsWith("/api/app/") && template !== "/api/app/auth/logout")
      .flatMap(([template, methods]) =>
        methods.map((method) => ({ method, template, pathParams: template.match(/\[[^\]]+\]/g) ?? [], query: [] })),
      );
    expect(operations.length).toBeGreaterThan(15);
    await fuzz(setup.admin.client, document, operations, 1000);
  });
});
