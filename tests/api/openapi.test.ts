// GET /api/v1/openapi.json: public, unwrapped, a valid OpenAPI 3.1 document covering every operation,
// telling the truth about what the API answers (app-api section 13, "What generated clients rely on"):
// every status with the headers it carries, the accepted query parameters typed as a client sends
// them, typed events and the `webhooks` section.
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/server/errors";
import { v1Operations } from "@/server/http/v1-operations";
import { EVENT_CATALOG, EVENT_TYPES, exampleEventData } from "@/server/webhooks/events";
import { TestClient } from "../harness/http";

type Json = Record<string, any>;

const operations = [
  ["get", "/v1/tasks"],
  ["post", "/v1/tasks"],
  ["get", "/v1/tasks/deleted"],
  ["get", "/v1/tasks/{taskId}"],
  ["patch", "/v1/tasks/{taskId}"],
  ["delete", "/v1/tasks/{taskId}"],
  ["post", "/v1/tasks/{taskId}/subtasks"],
  ["get", "/v1/time-logs"],
  ["get", "/v1/time-logs/deleted"],
  ["get", "/v1/time-logs/{id}"],
  ["get", "/v1/reports/time"],
  ["get", "/v1/customers"],
  ["post", "/v1/customers"],
  ["get", "/v1/customers/{id}"],
  ["get", "/v1/constellations"],
  ["post", "/v1/constellations"],
  ["get", "/v1/constellations/{id}"],
  ["get", "/v1/events"],
  ["get", "/v1/events/{id}"],
  ["get", "/v1/events/stream"],
  ["get", "/v1/audit-events"],
] as const;

async function fetchDocument(): Promise<Json> {
  const response = await new TestClient().get("/api/v1/openapi.json");
  expect(response.status, response.text).toBe(200);
  return response.body as Json;
}

function resolve(document: Json, node: Json): Json {
  if (!node?.$ref) return node;
  return resolve(document, node.$ref.replace(/^#\//, "").split("/").reduce((at: Json, key: string) => at?.[key], document));
}

describe("the OpenAPI document", () => {
  it("is served without a key, not wrapped, and without rate-limit headers", async () => {
    const response = await new TestClient().get("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body.openapi).toBe("3.1.0");
    expect(response.body).not.toHaveProperty("data");
    expect(response.headers.get("ratelimit-limit")).toBeNull();
  });

  it("validates as OpenAPI 3.1 with an independent validator", async () => {
    const body = await fetchDocument();
    const validator = new Validator();
    const result = await validator.validate(body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("names the server the caller reached, tags, a contact and a license", async () => {
    const body = await fetchDocument();
    expect(body.servers).toEqual([{ url: "{origin}/api", description: expect.any(String), variables: { origin: { default: "http://localhost:3000", description: expect.any(String) } } }]);
    const elsewhere = await new TestClient({ host: "orbit.acme.test:8443" }).get("/api/v1/openapi.json");
    expect(elsewhere.body.servers[0].variables.origin.default).toBe("http://orbit.acme.test:8443");
    expect(body.info.contact).toEqual({ name: expect.any(String), url: "http://localhost:3000/docs/api" });
    expect(body.info.license).toEqual({ name: expect.any(String), identifier: expect.any(String) });
    const tagNames = body.tags.map((tag: Json) => tag.name);
    for (const tag of body.tags) expect(tag.description, tag.name).toEqual(expect.any(String));
    for (const item of [...Object.values(body.paths as Json), ...Object.values(body.webhooks as Json)]) {
      for (const operation of Object.values(item as Json)) for (const tag of operation.tags) expect(tagNames).toContain(tag);
    }
  });

  it("documents every operation with scopes, security, the envelope and every answer with its headers", async () => {
    const body = await fetchDocument();
    expect(body.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    // Every code the API may answer, 503 and 405 included, so an exhaustive switch of a generated client is complete.
    expect(body.components.schemas.Error.properties.error.enum).toEqual(ERROR_CODES);
    expect(ERROR_CODES).toEqual(expect.arrayContaining(["service_unavailable", "method_not_allowed", "rate_limit_exceeded"]));
    const documented = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(operations.map(([method, path]) => `${method} ${path}`).sort());
    const header = (response: Json, name: string) => resolve(body, response.headers?.[name]);
    for (const [method, path] of operations) {
      const operation = body.paths[path][method];
      const label = `${method} ${path}`;
      expect(operation.description, label).toMatch(/Requires scope `[a-z-]+:[a-z]+`/);
      expect(operation.security).toEqual([{ apiKey: [] }]);
      const success = method === "post" ? operation.responses["201"] : operation.responses["200"];
      expect(success, `${label} success status`).toBeDefined();
      for (const name of ["RateLimit", "RateLimit-Policy", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) {
        expect(header(success, name), `${label} ${name}`).toMatchObject({ schema: expect.any(Object) });
      }
      if (path === "/v1/events/stream") expect(success.content["text/event-stream"]).toBeDefined();
      else expect(success.content["application/json"].schema.properties.meta).toBeDefined();
      // Every POST and PATCH takes an Idempotency-Key and may answer 409 for it, with the rate-limit headers of an admitted request.
      const isIdempotent = method === "post" || method === "patch";
      expect((operation.parameters ?? []).some((parameter: { name: string; in: string }) => parameter.name === "Idempotency-Key" && parameter.in === "header"), label).toBe(isIdempotent);
      if (isIdempotent) {
        expect(operation.responses["409"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
        expect(header(operation.responses["409"], "RateLimit-Remaining")).toBeDefined();
        expect(header(operation.responses["409"], "RateLimit")).toBeDefined();
      }
      for (const status of ["400", "401", "402", "403", "429", "500", "503"]) {
        expect(operation.responses[status].content["application/json"].schema, `${label} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
      }
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        expect(header(response, "X-Request-Id"), `${label} ${status} X-Request-Id`).toMatchObject({ required: true });
      }
      for (const status of ["429", "503"]) expect(header(operation.responses[status], "Retry-After"), `${label} ${status}`).toMatchObject({ required: true, schema: { type: "integer" } });
      expect(header(operation.responses["401"], "WWW-Authenticate")).toMatchObject({ required: true });
      // 401, 402 and 403 are decided before the rate limit: they carry none of its headers.
      for (const status of ["401", "402", "403"]) expect(header(operation.responses[status], "RateLimit-Limit"), `${label} ${status}`).toBeUndefined();
    }
    expect(body.paths["/v1/tasks"].post.description).toMatch(/`constellations:write` when `constellationId` is sent/);
  });

  it("lists exactly the query parameters each operation accepts, booleans as booleans and instants as date-times", async () => {
    const body = await fetchDocument();
    for (const operation of v1Operations().filter((each) => each.kind !== "document")) {
      const documented = body.paths[operation.template.replace(/^\/api/, "")][operation.method.toLowerCase()];
      const queryNames = (documented.parameters ?? []).filter((parameter: Json) => parameter.in === "query").map((parameter: Json) => parameter.name);
      expect(queryNames.sort(), `${operation.method} ${operation.template}`).toEqual([...operation.queryParameters!].sort());
    }
    const queryParameter = (path: string, name: string) => body.paths[path].get.parameters.find((parameter: Json) => parameter.name === name && parameter.in === "query");
    for (const [path, name] of [["/v1/time-logs", "isBillable"], ["/v1/reports/time", "isBillable"], ["/v1/reports/time", "invoiced"], ["/v1/customers", "includeArchived"], ["/v1/constellations", "includeArchived"], ["/v1/events", "undelivered"]]) {
      expect(queryParameter(path!, name!).schema.type, `${path} ${name}`).toBe("boolean");
    }
    for (const [path, name] of [["/v1/time-logs", "from"], ["/v1/time-logs", "to"], ["/v1/reports/time", "from"], ["/v1/reports/time", "to"], ["/v1/tasks", "updatedSince"], ["/v1/events", "since"], ["/v1/tasks/deleted", "since"], ["/v1/time-logs/deleted", "since"], ["/v1/audit-events", "from"], ["/v1/audit-events", "to"]]) {
      expect(queryParameter(path!, name!).schema, `${path} ${name}`).toMatchObject({ type: "string", format: "date-time" });
    }
    expect(resolve(body, body.components.schemas.TimeLog).properties.startedAt).toMatchObject({ type: "string", format: "date-time" });
    const auditEvent = resolve(body, body.components.schemas.AuditEvent);
    expect(Object.keys(auditEvent.properties).sort()).toEqual(["action", "actor", "createdAt", "id", "ip", "metadata", "target", "userAgent"]);
    expect(auditEvent.properties.action.enum).toContain("api_key.created");
    expect(body.paths["/v1/audit-events"].get.description).toMatch(/audit:read/);
    expect(body.paths["/v1/tasks"].get.responses["200"].content["application/json"].schema.properties.meta.properties.timestamp).toMatchObject({ format: "date-time" });
    // Every instant in every answer and component: a string property named as instants are.
    const untyped: string[] = [];
    const isString = (schema: Json) => schema.type === "string" || (Array.isArray(schema.type) && schema.type.includes("string")) || (schema.anyOf ?? []).some((each: Json) => each.type === "string");
    const hasFormat = (schema: Json) => schema.format === "date-time" || (schema.anyOf ?? []).some((each: Json) => each.format === "date-time");
    const walk = (schema: Json | undefined, at: string) => {
      if (!schema || typeof schema !== "object") return;
      for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) {
        if (/(At|^from|^to|^since|^timestamp|^periodStart)$/.test(name) && isString(property) && !hasFormat(property)) untyped.push(`${at}.${name}`);
        walk(property, `${at}.${name}`);
      }
      for (const key of ["items", "additionalProperties"]) walk(schema[key], `${at}[]`);
      for (const key of ["anyOf", "oneOf", "allOf"]) (schema[key] ?? []).forEach((each: Json) => walk(each, at));
    };
    for (const [name, schema] of Object.entries<Json>(body.components.schemas)) walk(schema, name);
    for (const [path, methods] of Object.entries<Json>(body.paths)) {
      for (const [method, operation] of Object.entries<Json>(methods)) {
        for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) walk(resolve(body, response).content?.["application/json"]?.schema, `${method} ${path} ${status}`);
      }
    }
    expect(untyped).toEqual([]);
  });

  it("types Event by its `type` and has one `webhooks` entry per catalog type whose schema accepts the type's bodies", async () => {
    const body = await fetchDocument();
    const event = body.components.schemas.Event;
    expect(event.discriminator.propertyName).toBe("type");
    expect(Object.keys(event.discriminator.mapping).sort()).toEqual([...EVENT_TYPES].sort());
    expect(event.oneOf).toHaveLength(EVENT_TYPES.length);
    expect(Object.keys(body.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema({ $id: "doc", components: body.components });
    const compile = (schema: Json) => ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')));
    const anyEvent = compile({ $ref: "#/components/schemas/Event" });
    for (const type of EVENT_TYPES) {
      const operation = body.webhooks[type].post;
      expect(operation.description).toContain(EVENT_CATALOG[type].when);
      expect(operation.parameters.map((parameter: Json) => parameter.name)).toEqual(expect.arrayContaining(["X-Service-Signature", "webhook-signature"]));
      const validate = compile(operation.requestBody.content["application/json"].schema);
      const example = { id: "evt_1", type, createdAt: "2026-01-05T10:00:00.000Z", data: exampleEventData(type, "org_1") };
      expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
      expect(anyEvent(example)).toBe(true);
      // The data of another type does not pass as this one.
      const other = EVENT_TYPES.find((candidate) => candidate !== type)!;
      expect(validate({ ...example, data: exampleEventData(other, "org_1") })).toBe(false);
      expect(anyEvent({ ...example, data: exampleEventData(other, "org_1") })).toBe(false);
    }
  });
});
