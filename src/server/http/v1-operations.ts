// Every /api/v1 operation as the edge routes it, built once at boot from the procedures' OpenAPI meta
// (plus the two answered beside trpc-to-openapi: the events stream and the document itself). From it,
// and only from it, the edge decides a path it does not know (404), a method a path does not serve
// (405 with `Allow`), `OPTIONS` (204 with `Allow`) and which query parameters an operation accepts
// (anything else is a 400 after admission). The accepted parameters follow the rule the document's
// generator applies (a GET's or DELETE's input fields beside its path's; a body method takes none), so
// the document lists exactly what is accepted. Paths match as the adapter matches them: without
// regard to case or a trailing slash, a static segment before a `{parameter}`.
import { acceptsRequestBody, getInputOutputParsers, unwrapZodType, type OpenApiMethod, type OpenApiProcedure } from "trpc-to-openapi";
import { appRouter } from "@/server/api/root";
import type { ProcedureMeta } from "@/server/api/trpc";

/** The methods an operation may have, in the order `Allow` names them. */
const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type OperationMethod = (typeof METHOD_ORDER)[number];

/** Where the edge sends an operation: trpc-to-openapi's handler, the events stream, or the document. */
export type V1OperationKind = "procedure" | "events-stream" | "document";

export interface V1Operation {
  kind: V1OperationKind;
  method: OperationMethod;
  /** The OpenAPI path under /api (`/api/v1/tasks/{taskId}`): the metrics' route label. */
  template: string;
  /** Query parameters the operation reads; undefined for the document, which ignores its query. */
  queryParameters?: ReadonlySet<string>;
}

interface V1Path {
  template: string;
  pattern: RegExp;
  operations: Map<OperationMethod, V1Operation>;
  /** `Allow`: its methods, HEAD beside GET, and OPTIONS. */
  allow: string;
}

export const V1_PREFIX = "/api/v1/";
export const EVENTS_STREAM_PATH = "/api/v1/events/stream";
export const OPENAPI_DOCUMENT_PATH = "/api/v1/openapi.json";

/** Paths answered by the v1 edge (every one under /api/v1/, known or not). */
export const isV1Path = (pathname: string) => pathname.startsWith(V1_PREFIX);

const procedures = appRouter._def.procedures as unknown as Record<string, OpenApiProcedure & { _def: { meta?: ProcedureMeta } }>;

/** The query parameters of a procedure's operation: its input's fields that are not in its path, for a method without a body. */
function queryParametersOf(procedure: OpenApiProcedure, method: OpenApiMethod, template: string): ReadonlySet<string> {
  if (acceptsRequestBody(method)) return new Set();
  const input = unwrapZodType(getInputOutputParsers(procedure).inputParser, true) as { shape?: Record<string, unknown> };
  const pathParameters = new Set([...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
  return new Set(Object.keys(input.shape ?? {}).filter((name) => !pathParameters.has(name)));
}

function buildOperations(): V1Operation[] {
  const operations: V1Operation[] = [];
  for (const procedure of Object.values(procedures)) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi || openapi.enabled === false) continue;
    const template = `/api${openapi.path}`;
    operations.push({ kind: "procedure", method: openapi.method, template, queryParameters: queryParametersOf(procedure, openapi.method, template) });
  }
  operations.push({ kind: "events-stream", method: "GET", template: EVENTS_STREAM_PATH, queryParameters: new Set() });
  operations.push({ kind: "document", method: "GET", template: OPENAPI_DOCUMENT_PATH });
  return operations;
}

function buildPaths(operations: V1Operation[]): V1Path[] {
  const byTemplate = new Map<string, V1Path>();
  for (const operation of operations) {
    const key = operation.template.toLowerCase();
    let path = byTemplate.get(key);
    if (!path) {
      const source = operation.template
        .split("/")
        .map((segment) => (/^\{\w+\}$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/");
      path = { template: operation.template, pattern: new RegExp(`^${source}/?$`, "i"), operations: new Map(), allow: "" };
      byTemplate.set(key, path);
    }
    path.operations.set(operation.method, operation);
  }
  const paths = [...byTemplate.values()];
  for (const path of paths) {
    const methods = METHOD_ORDER.filter((method) => path.operations.has(method));
    path.allow = [...methods, ...(path.operations.has("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  }
  // A static segment wins over a parameter in the same place (`/tasks/deleted` before `/tasks/{taskId}`).
  const rank = (template: string) => template.split("/").map((segment) => (segment.startsWith("{") ? "1" : "0")).join("");
  return paths.sort((a, b) => rank(a.template).localeCompare(rank(b.template)));
}

const V1_OPERATIONS = buildOperations();
const V1_PATHS = buildPaths(V1_OPERATIONS);

/** Every operation the edge answers (the document's paths, the stream and the document itself). */
export function v1Operations(): readonly V1Operation[] {
  return V1_OPERATIONS;
}

/** How the edge answers a method on a path. */
export type V1Route =
  | { kind: "operation"; operation: V1Operation }
  | { kind: "options"; allow: string }
  | { kind: "method_not_allowed"; allow: string }
  | { kind: "not_found" };

export function routeV1Request(method: string, pathname: string): V1Route {
  const path = V1_PATHS.find((candidate) => candidate.pattern.test(pathname));
  if (!path) return { kind: "not_found" };
  if (method === "OPTIONS") return { kind: "options", allow: path.allow };
  // HEAD is answered as GET, without the body.
  const operation = path.operations.get((method === "HEAD" ? "GET" : method) as OperationMethod);
  return operation ? { kind: "operation", operation } : { kind: "method_not_allowed", allow: path.allow };
}

/** The query's parameter names the operation does not accept, each once, in the order sent. */
export function unknownQueryParameters(operation: V1Operation, query: URLSearchParams): string[] {
  const accepted = operation.queryParameters;
  if (!accepted) return [];
  return [...new Set(query.keys())].filter((name) => !accepted.has(name));
}
