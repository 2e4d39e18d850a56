// The v1 edge's procedure calls (src/server/http/v1-adapter.ts), pinned to the trpc-to-openapi version
// whose request handling they reproduce: a new version fails here first, and each of its rules (routing,
// the query as input, coercion, path parameters, statuses, failures) is exercised on a small router.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createRouter, publicProcedure, type RequestContext } from "@/server/api/trpc";
import { AppError, toAppError } from "@/server/errors";
import { ADAPTER_VERSION, createProcedureCaller, type ProcedureCall } from "@/server/http/v1-adapter";

const installedVersion = (JSON.parse(readFileSync(join(process.cwd(), "node_modules/trpc-to-openapi/package.json"), "utf8")) as { version: string }).version;

const echoOutput = z.object({ text: z.string(), edge: z.string() });
const router = createRouter({
  echoQuery: publicProcedure
    .meta({ openapi: { method: "GET", path: "/v1/echo" } })
    .input(z.object({ text: z.string() }))
    .output(echoOutput)
    .query(({ ctx, input }) => ({ text: input.text, edge: ctx.edge })),
  echoBody: publicProcedure
    .meta({ openapi: { method: "POST", path: "/v1/echo" } })
    .input(z.object({ text: z.string() }))
    .output(echoOutput)
    .mutation(({ ctx, input }) => ({ text: input.text, edge: ctx.edge })),
  echoList: publicProcedure
    .meta({ openapi: { method: "GET", path: "/v1/list" } })
    .input(z.object({ tags: z.array(z.string()).optional(), kind: z.enum(["a", "b"]).optional(), count: z.number().int().optional() }))
    .output(z.object({ tags: z.array(z.string()).optional(), kind: z.string().optional(), count: z.number().optional() }))
    .query(({ input }) => input),
  echoPath: publicProcedure
    .meta({ openapi: { method: "PATCH", path: "/v1/echo/{id}" } })
    .input(z.object({ id: z.string(), text: z.string() }))
    .output(z.object({ id: z.string(), text: z.string() }))
    .mutation(({ input }) => input),
  refuse: publicProcedure
    .meta({ openapi: { method: "GET", path: "/v1/refuse" } })
    .input(z.object({}))
    .output(z.object({}))
    .query(() => {
      throw new AppError("forbidden", "Not for you.");
    }),
});
const callProcedure = createProcedureCaller(router, (path) => (path === "echoBody" ? 201 : undefined)).call;

const context = { edge: "api" } as RequestContext;
const call = (overrides: Partial<ProcedureCall>) =>
  callProcedure({ method: "GET", pathname: "/api/v1/echo", search: "", body: undefined, context, ...overrides });

describe("the trpc-to-openapi shim", () => {
  it("is the adapter version it was written against", () => {
    expect(
      installedVersion,
      `trpc-to-openapi is ${installedVersion}, the v1 adapter shim (src/server/http/v1-adapter.ts) was checked against ${ADAPTER_VERSION}: ` +
        "check the assumptions this file exercises against the new version, then update ADAPTER_VERSION",
    ).toBe(ADAPTER_VERSION);
  });

  it("routes by method and path under /api, collects the query, and gives the procedure our context", async () => {
    expect(await call({ search: "?text=hi" })).toEqual({ ok: true, status: 200, json: JSON.stringify({ text: "hi", edge: "api" }) });
  });

  it("takes a body that is not a stream as the parsed input, and answers the status the meta names", async () => {
    expect(await call({ method: "POST", body: { text: "posted" } })).toEqual({ ok: true, status: 201, json: JSON.stringify({ text: "posted", edge: "api" }) });
  });

  it("answers HEAD as GET", async () => {
    expect(await call({ method: "HEAD", search: "?text=head" })).toMatchObject({ ok: true, status: 200 });
  });

  it("hands a procedure's failure over with its AppError, and a path it does not route as our 404", async () => {
    const refused = await call({ pathname: "/api/v1/refuse" });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && toAppError(refused.error, { log: false }).code).toBe("forbidden");
    const unrouted = await call({ pathname: "/api/v1/nowhere" });
    expect(!unrouted.ok && toAppError(unrouted.error, { log: false })).toMatchObject({ code: "not_found", message: "No such API route." });
  });

  it("makes a query parameter sent once a list where the input takes a list, and coerces numbers", async () => {
    const once = await call({ pathname: "/api/v1/list", search: "?tags=x&kind=a&count=3" });
    expect(once).toEqual({ ok: true, status: 200, json: JSON.stringify({ tags: ["x"], kind: "a", count: 3 }) });
    // The same answer on a later call, when the schema has been coerced already.
    expect(await call({ pathname: "/api/v1/list", search: "?tags=x&kind=a&count=3" })).toEqual(once);
    expect(await call({ pathname: "/api/v1/list", search: "?tags=x&tags=y" })).toEqual({ ok: true, status: 200, json: JSON.stringify({ tags: ["x", "y"] }) });
    const notANumber = await call({ pathname: "/api/v1/list", search: "?count=many" });
    expect(!notANumber.ok && toAppError(notANumber.error, { log: false }).code).toBe("validation_error");
  });

  it("takes path parameters over the body's fields, matching the path without regard to case or a trailing slash", async () => {
    expect(await call({ method: "PATCH", pathname: "/api/v1/ECHO/abc/", body: { id: "other", text: "t" } })).toEqual({ ok: true, status: 200, json: JSON.stringify({ id: "abc", text: "t" }) });
    const wrongMethod = await call({ method: "PUT", pathname: "/api/v1/echo/abc", body: { text: "t" } });
    expect(!wrongMethod.ok && toAppError(wrongMethod.error, { log: false }).code).toBe("not_found");
  });

  it("hands invalid input over as a validation failure", async () => {
    const invalid = await call({ method: "POST", body: { text: 5 } });
    expect(!invalid.ok && toAppError(invalid.error, { log: false }).code).toBe("validation_error");
  });
});
