// The shim between the v1 edge (v1-route.ts) and the procedures served as REST: trpc-to-openapi's
// request handling (its node-http handler in the version ADAPTER_VERSION names) done by us, with what
// it worked out on every request worked out once per operation. Its handler walked the input schema
// to coerce it on every call, building new zod schemas each time, scanned every route's pattern and
// parsed the URL again; here the routes are read once from the router, the schema is coerced once
// (on the operation's first call, when the handler coerced it first) and the call gets the body and
// query the edge already read and checked. What it answers is the handler's: the same input, the same
// errors, the same serialized result. tests/api/v1-adapter.test.ts fails when the installed version
// changes, and exercises each rule.
import { TRPCError, type AnyProcedure, type AnyRouter, type TRPCProcedureType } from "@trpc/server";
import {
  acceptsRequestBody,
  coerceSchema,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  unwrapZodType,
  zodSupportsCoerce,
  type OpenApiMethod,
  type OpenApiProcedure,
} from "trpc-to-openapi";
import { ZodArray } from "zod/v4";
import { procedureMeta } from "@/server/api/procedure-meta";
import { appRouter } from "@/server/api/root";
import type { RequestContext } from "@/server/api/trpc";
import { AppError, detailsOfIssues, type ErrorDetail, type ValidationIssue } from "@/server/errors";

/** The trpc-to-openapi version whose request handling this file reproduces. */
export const ADAPTER_VERSION = "3.3.0";

/** The options a procedure is called with (tRPC's `ProcedureCallOptions`). */
type ProcedureCallOptions = Parameters<AnyProcedure>[0];

/** One procedure call through the adapter. */
export interface ProcedureCall {
  /** The request's method (HEAD is called as GET) and path under /api (`/api/v1/tasks`). */
  method: string;
  pathname: string;
  /** The query (`?limit=5`) without the parameters the operation does not accept. */
  search: string;
  /** The request's parsed JSON body, for methods with one. */
  body: unknown;
  context: RequestContext;
}

/** What the procedure answered: its serialized result and success status, or what it failed with (in our words). */
export type ProcedureOutcome = { ok: true; status: number; json: string } | { ok: false; error: unknown };

/** An operation as the handler routed it, with what it derived from the input schema per request derived once. */
interface ProcedureRoute {
  pattern: RegExp;
  /** The procedure's dotted path (`tasks.create`) and kind. */
  path: string;
  type: TRPCProcedureType;
  procedure: AnyProcedure;
  /** The input schema unwrapped as the handler unwraps it, for coercion; undefined when it is not an object. */
  objectInput: Parameters<typeof coerceSchema>[0] | undefined;
  /** False for a procedure whose input is void-like: it is called without input. */
  takesInput: boolean;
  /** Input fields that are arrays (or optional arrays): a query parameter sent once still becomes a list. */
  arrayFields: readonly string[];
  isCoerced: boolean;
}

function arrayFieldsOf(schema: { shape: Record<string, unknown> } | undefined): string[] {
  if (!schema) return [];
  return Object.entries(schema.shape)
    .filter(([, field]) => field instanceof ZodArray || (instanceofZodTypeOptional(field as never) && (field as { unwrap(): unknown }).unwrap() instanceof ZodArray))
    .map(([name]) => name);
}

/** The routes per method, in the router's order (the first whose pattern matches serves the path, as in the handler). */
function routesOf(router: AnyRouter): Map<string, ProcedureRoute[]> {
  const routes = new Map<string, ProcedureRoute[]>();
  forEachOpenApiProcedure(router._def.procedures as Record<string, OpenApiProcedure>, ({ path, procedure, meta: { openapi } }) => {
    if (procedure._def.type === "subscription") return;
    const unwrapped = unwrapZodType(getInputOutputParsers(procedure).inputParser, true);
    const objectInput = zodSupportsCoerce && instanceofZodTypeObject(unwrapped) ? unwrapped : undefined;
    const route: ProcedureRoute = {
      pattern: getPathRegExp(normalizePath(openapi.path)),
      path,
      type: procedure._def.type,
      procedure: procedure as AnyProcedure,
      objectInput,
      takesInput: !instanceofZodTypeLikeVoid(unwrapped),
      arrayFields: arrayFieldsOf(objectInput),
      isCoerced: false,
    };
    const method: OpenApiMethod = openapi.method;
    routes.set(method, [...(routes.get(method) ?? []), route]);
  });
  return routes;
}

/** The query as the handler collects it: a parameter sent once is its value, sent more than once a list. */
function queryInput(search: string, arrayFields: readonly string[]): Record<string, unknown> {
  const collected: Record<string, string[]> = {};
  new URLSearchParams(search).forEach((value, key) => {
    if (!collected[key]) collected[key] = [];
    collected[key].push(value);
  });
  const query: Record<string, unknown> = {};
  for (const key of Object.keys(collected)) {
    const values = collected[key]!;
    query[key] = values.length === 1 ? values[0] : values;
  }
  for (const key of arrayFields) if (query[key] !== undefined && !Array.isArray(query[key])) query[key] = [query[key]];
  return query;
}

/** A failure as the handler handed it on: a TRPCError as it is, anything else an internal one keeping its cause. */
function asTrpcError(cause: unknown): TRPCError {
  if (cause instanceof Error && cause.name === "TRPCError") return cause as TRPCError;
  const error = new TRPCError({ message: "Internal server error", code: "INTERNAL_SERVER_ERROR", cause: cause instanceof Error ? cause : undefined });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
}

/** The 404 of the v1 edge, for a path no operation serves. */
export const noSuchRoute = () => new AppError("not_found", "No such API route.");

/** The adapter's own routing misses are a 404 in our words; everything else maps through toAppError. */
export function fromAdapterError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (error instanceof TRPCError && !(error.cause instanceof AppError) && (code === "NOT_FOUND" || code === "METHOD_NOT_SUPPORTED")) return noSuchRoute();
  return error;
}

/** The procedure a call routes to and the input it is called with (a query's values, or the body, beside the path's). */
function routedInput(routes: Map<string, ProcedureRoute[]>, call: Omit<ProcedureCall, "context">): { route: ProcedureRoute; input: Record<string, unknown> | undefined } | undefined {
  // HEAD is answered as GET (Next drops the body); the handler would otherwise answer it 204 unrouted.
  const method = call.method === "HEAD" ? "GET" : call.method;
  const path = normalizePath(call.pathname.replace(/^\/api/, ""));
  const route = routes.get(method)?.find((candidate) => candidate.pattern.test(path));
  if (!route) return undefined;
  const pathInput = route.pattern.exec(path)?.groups ?? {};
  const usesBody = acceptsRequestBody(method as OpenApiMethod);
  let input: Record<string, unknown> | undefined;
  if (route.takesInput) input = { ...(usesBody ? (call.body as object | undefined) : queryInput(call.search, route.arrayFields)), ...pathInput };
  if (route.objectInput && !route.isCoerced) {
    coerceSchema(route.objectInput);
    route.isCoerced = true;
  }
  return { route, input };
}

/** A caller of `router`'s procedures; a procedure's success status comes from `successStatusOf` its dotted path. */
export function createProcedureCaller(router: AnyRouter, successStatusOf: (path: string | undefined) => number | undefined) {
  const routes = routesOf(router);
  const call = async (request: ProcedureCall): Promise<ProcedureOutcome> => {
    const routed = routedInput(routes, request);
    if (!routed) return { ok: false, error: noSuchRoute() };
    const { route, input } = routed;
    try {
      // As the handler's `createCaller(ctx)` calls it, without building the caller's proxies or looking
      // the procedure up by its path again. Without the options no step reads here (no abort signal,
      // no batch): tRPC copies every option at every step of the procedure's chain.
      const options = { path: route.path, type: route.type, ctx: request.context, getRawInput: async () => input };
      const data: unknown = await route.procedure(options as ProcedureCallOptions);
      return { ok: true, status: successStatusOf(route.path) ?? 200, json: JSON.stringify(data) };
    } catch (cause) {
      return { ok: false, error: fromAdapterError(asTrpcError(cause)) };
    }
  };
  /**
   * What the procedure's input schema finds wrong with the call's input, one entry per field, without
   * calling it: for a request the edge refuses already, so that one 400 names every invalid field.
   */
  const inputFaults = async (request: Omit<ProcedureCall, "context">): Promise<ErrorDetail[]> => {
    const routed = routedInput(routes, request);
    if (!routed?.route.takesInput) return [];
    const parser = getInputOutputParsers(routed.route.procedure as OpenApiProcedure).inputParser as { safeParseAsync?: (input: unknown) => Promise<{ success: boolean; error?: { issues: ValidationIssue[] } }> };
    const result = await parser.safeParseAsync?.(routed.input);
    return result && !result.success && result.error ? detailsOfIssues(result.error.issues) : [];
  };
  return { call, inputFaults };
}

const procedureCaller = createProcedureCaller(appRouter, (path) => procedureMeta(path)?.successStatus);
/** Calls the product's procedures (the app router), each answering with the success status its meta declares. */
export const callProcedure = procedureCaller.call;
/** The app router's input faults of a request (see `inputFaults`). */
export const procedureInputFaults = procedureCaller.inputFaults;
