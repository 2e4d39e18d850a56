// /docs/api: the reference rendered from the OpenAPI document the API serves, and how the reader
// copes with documents of other shapes.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiReference } from "@/components/api-reference/api-reference";
import { describeType, inlineRefs, readApiDocument } from "@/components/api-reference/openapi";
import { toBlocks } from "@/components/api-reference/plain-markdown";
import { buildOpenApiDocument } from "@/server/api/openapi";

type Json = Record<string, any>;

const render = (document: unknown) => renderToStaticMarkup(createElement(ApiReference, { document }));
const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe("the served document", () => {
  const document = buildOpenApiDocument("http://localhost:3000") as unknown as Json;
  const expected = Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation: operation as Json })),
  );
  const view = readApiDocument(document);
  const operations = view.groups.flatMap((group) => group.operations);

  it("lists every operation once, with its summary, description, parameters and body", () => {
    expect(expected.length).toBeGreaterThan(0);
    expect(view.operationCount).toBe(expected.length);
    expect(operations.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual(expected.map((entry) => `${entry.method} ${entry.path}`).sort());
    expect(new Set(operations.map((operation) => operation.anchor)).size).toBe(operations.length);
    for (const { method, path, operation } of expected) {
      const shown = operations.find((candidate) => candidate.method === method && candidate.path === path)!;
      expect(shown.summary).toBe(operation.summary);
      expect(shown.description).toBe(operation.description);
      expect(shown.needsAuth).toBe(true);
      expect(shown.parameters.map((parameter) => parameter.name).sort()).toEqual(((operation.parameters ?? []) as Json[]).map((parameter) => parameter.name).sort());
      expect(shown.requestBody !== undefined).toBe(operation.requestBody !== undefined);
      expect(shown.responses.map((response) => response.status).sort()).toEqual(Object.keys(operation.responses).sort());
    }
  });

  it("shows the base URL with the origin the reader reached in place of the server variable", () => {
    expect(document.servers[0].url).toBe("{origin}/api");
    expect(view.servers).toEqual(["http://localhost:3000/api"]);
    expect(render(document)).toContain("http://localhost:3000/api");
  });

  it("describes the error envelope once and points every error response at it", () => {
    expect(view.errorEnvelope?.fields.map((field) => field.name)).toEqual(["error", "message", "details", "meta"]);
    expect(view.errorEnvelope?.fields.filter((field) => field.isRequired).map((field) => field.name)).toEqual(["error", "message", "meta"]);
    expect(view.errorEnvelope?.fields[0]!.type).toContain('"rate_limit_exceeded"');
    for (const response of operations.flatMap((operation) => operation.responses)) {
      expect(response.isErrorEnvelope, response.status).toBe(!response.status.startsWith("2"));
    }
  });

  it("shows the fields of each success response's data, as a list where the API pages", () => {
    const listTasks = operations.find((operation) => operation.method === "GET" && operation.path.endsWith("/tasks"))!;
    const success = listTasks.responses.find((response) => response.status === "200")!;
    expect(success.isList).toBe(true);
    expect(success.dataFields.map((field) => field.name)).toContain("title");
    // Events are a union by type: one row per field, the types of every variant shown.
    const events = operations.find((operation) => operation.method === "GET" && operation.path.endsWith("/events"))!;
    const eventFields = events.responses.find((response) => response.status === "200")!.dataFields;
    expect(eventFields.map((field) => field.name)).toEqual(["id", "type", "createdAt", "data"]);
    expect(eventFields.find((field) => field.name === "type")!.type).toMatch(/time_log\.created.*\|.*invoice\.created/);
    for (const operation of operations) {
      const ok = operation.responses.find((response) => response.status.startsWith("2"))!;
      // The events stream answers Server-Sent Events, not the JSON envelope: it has no data fields.
      const documented = expected.find((entry) => entry.method === operation.method && operation.path.endsWith(entry.path));
      if ((documented?.operation.responses as Json | undefined)?.["200"]?.content?.["text/event-stream"]) continue;
      expect(ok.dataFields.length, `${operation.method} ${operation.path}`).toBeGreaterThan(0);
    }
  });

  it("renders the bearer scheme, every operation and summary, and no unresolved value", () => {
    const html = render(document);
    expect(html).toContain("Authorization: Bearer");
    expect(html).toContain('id="errors"');
    expect(html.match(/data-testid="operation"/g)).toHaveLength(expected.length);
    for (const { method, path, operation } of expected) {
      expect(html).toContain(`<span class="method method-${method.toLowerCase()}">${method}</span><code class="operation-path">${escapeHtml(path)}</code>`);
      expect(html).toContain(escapeHtml(operation.summary as string));
    }
    expect(html).not.toContain("[object Object]");
    expect(html).not.toContain("undefined");
  });
});

describe("documents of other shapes", () => {
  it("renders nothing but an empty reference for input that is not a document", () => {
    for (const input of [null, undefined, "text", 42, [], { paths: "nope" }, { paths: { "/x": null } }, { paths: { "/x": { get: "nope" } } }]) {
      const view = readApiDocument(input);
      expect(view.operationCount).toBe(0);
      expect(render(input)).toContain("The document lists no operations.");
    }
  });

  it("resolves references, merges path-level parameters, and stops at cycles", () => {
    const document = {
      openapi: "3.1.0",
      info: { title: "Demo", version: "2" },
      security: [{ token: [] }],
      components: {
        securitySchemes: { token: { type: "apiKey", in: "header", name: "X-Token" } },
        parameters: { Id: { name: "id", in: "path", schema: { type: "string", format: "uuid" } } },
        schemas: {
          Node: { type: "object", required: ["name"], properties: { name: { type: "string", maxLength: 20 }, children: { type: "array", items: { $ref: "#/components/schemas/Node" } } } },
        },
      },
      paths: {
        "/v2/nodes/{id}": {
          parameters: [{ $ref: "#/components/parameters/Id" }, { name: "expand", in: "query", schema: { type: "boolean" } }],
          put: {
            operationId: "putNode",
            tags: ["nodes"],
            parameters: [{ name: "expand", in: "query", required: true, description: "Overrides", schema: { enum: ["all", "none"] } }],
            requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } },
            responses: { "200": { description: "Saved", content: { "application/json": { schema: { type: "object", properties: { data: { $ref: "#/components/schemas/Node" } } } } } } },
          },
          get: { security: [], responses: { "404": { description: "Missing" } } },
        },
      },
    };
    const view = readApiDocument(document);
    const [put, get] = [view.groups[0]!.operations.find((operation) => operation.method === "PUT")!, view.groups.flatMap((group) => group.operations).find((operation) => operation.method === "GET")!];
    expect(view.groups.map((group) => group.name)).toEqual(["nodes"]);
    expect(put.anchor).toBe("putnode");
    expect(put.needsAuth).toBe(true);
    expect(get.needsAuth).toBe(false);
    expect(put.parameters).toEqual([
      { name: "id", location: "path", isRequired: true, type: "string (uuid)", description: undefined, schema: { type: "string", format: "uuid" } },
      { name: "expand", location: "query", isRequired: true, type: '"all" | "none"', description: "Overrides", schema: { enum: ["all", "none"] } },
    ]);
    expect(put.requestBody?.fields).toEqual([
      { name: "name", type: "string; max length 20", isRequired: true, description: undefined },
      { name: "children", type: "array of Node", isRequired: false, description: undefined },
    ]);
    // Node is inlined once; its self-reference stays a reference instead of recursing forever.
    expect((put.requestBody?.schema as Json).properties.name).toEqual({ type: "string", maxLength: 20 });
    expect((put.requestBody?.schema as Json).properties.children.items).toEqual({ $ref: "#/components/schemas/Node" });
    expect(put.responses[0]!.dataFields.map((field) => field.name)).toEqual(["name", "children"]);
    expect(view.securitySchemes).toEqual([{ name: "token", type: "apiKey", scheme: undefined, bearerFormat: undefined, description: undefined }]);
    const html = render(document);
    expect(html).toContain('<span class="version">v2</span>');
    expect(html).toContain("no authentication");
  });

  it("keeps markup in descriptions as text", () => {
    const html = render({ paths: { "/a": { post: { summary: "<b>x</b>", description: "Needs `a:write`.\n- one\n- **two**\n\n<script>alert(1)</script>", responses: {} } } } });
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).toContain("<code>a:write</code>");
    expect(html).toContain("<li><strong>two</strong></li>");
  });

  it("reads types, references and markdown blocks as described", () => {
    expect(describeType({ type: ["string", "null"] })).toBe("string | null");
    expect(describeType({ anyOf: [{ type: "integer" }, { type: "null" }] })).toBe("integer | null");
    expect(describeType({ type: "array", items: { type: "string", format: "date-time" } })).toBe("array of string (date-time)");
    expect(describeType({ const: "v1" })).toBe('"v1"');
    expect(describeType(undefined)).toBe("any");
    expect(inlineRefs({}, { $ref: "#/missing" })).toEqual({ $ref: "#/missing" });
    expect(inlineRefs({}, { $ref: "https://example.com/schema" })).toEqual({ $ref: "https://example.com/schema" });
    expect(toBlocks("Intro line\n- a\n- b\nAfter\n\nSecond")).toEqual([
      { kind: "paragraph", lines: ["Intro line"] },
      { kind: "list", lines: ["a", "b"] },
      { kind: "paragraph", lines: ["After"] },
      { kind: "paragraph", lines: ["Second"] },
    ]);
  });
});
