// GET /api/v1/openapi.json: public, unwrapped, a valid OpenAPI 3.1 document covering every operation.
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { TestClient } from "../harness/http";

const operations = [
  ["get", "/v1/tasks"],
  ["post", "/v1/tasks"],
  ["get", "/v1/tasks/{taskId}"],
  ["patch", "/v1/tasks/{taskId}"],
  ["delete", "/v1/tasks/{taskId}"],
  ["post", "/v1/tasks/{taskId}/subtasks"],
  ["get", "/v1/time-logs"],
  ["get", "/v1/time-logs/deleted"],
  ["get", "/v1/customers"],
  ["post", "/v1/customers"],
  ["get", "/v1/constellations"],
  ["post", "/v1/constellations"],
  ["get", "/v1/events"],
  ["get", "/v1/events/stream"],
] as const;

describe("the OpenAPI document", () => {
  it("is served without a key, not wrapped, and without rate-limit headers", async () => {
    const response = await new TestClient().get("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(response.body.openapi).toBe("3.1.0");
    expect(response.body).not.toHaveProperty("data");
    expect(response.headers.get("ratelimit-limit")).toBeNull();
  });

  it("validates as OpenAPI 3.1 with an independent validator", async () => {
    const { body } = await new TestClient().get("/api/v1/openapi.json");
    const validator = new Validator();
    const result = await validator.validate(body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every operation with scopes, security, the envelope and the error envelope", async () => {
    const { body } = await new TestClient().get("/api/v1/openapi.json");
    expect(body.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(body.components.schemas.Error.properties.error.enum).toContain("rate_limit_exceeded");
    const documented = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(operations.map(([method, path]) => `${method} ${path}`).sort());
    for (const [method, path] of operations) {
      const operation = body.paths[path][method];
      expect(operation.description, `${method} ${path}`).toMatch(/Requires scope `[a-z-]+:[a-z]+`/);
      expect(operation.security).toEqual([{ apiKey: [] }]);
      const success = method === "post" ? operation.responses["201"] : operation.responses["200"];
      expect(success, `${method} ${path} success status`).toBeDefined();
      expect(success.headers["RateLimit-Limit"]).toBeDefined();
      if (path === "/v1/events/stream") expect(success.content["text/event-stream"]).toBeDefined();
      else expect(success.content["application/json"].schema.properties.meta).toBeDefined();
      // Every POST and PATCH takes an Idempotency-Key and may answer 409 for it.
      const isIdempotent = method === "post" || method === "patch";
      expect((operation.parameters ?? []).some((parameter: { name: string; in: string }) => parameter.name === "Idempotency-Key" && parameter.in === "header"), `${method} ${path}`).toBe(isIdempotent);
      if (isIdempotent) expect(operation.responses["409"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      for (const status of ["400", "401", "402", "403", "429", "500"]) {
        expect(operation.responses[status].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      }
      expect(operation.responses["429"].headers["Retry-After"]).toBeDefined();
    }
    expect(body.paths["/v1/tasks"].post.description).toMatch(/`constellations:write` when `constellationId` is sent/);
  });
});
