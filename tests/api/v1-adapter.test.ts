// The v1 edge's shim around trpc-to-openapi (src/server/http/v1-adapter.ts), pinned to the adapter's
// version: the stand-in request and response rely on how the adapter reads and answers them, so a new
// version fails here first, and each assumption is exercised on a small router of its own.
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
  refuse: publicProcedure
    .meta({ openapi: { method: "GET", path: "/v1/refuse" } })
    .input(z.object({}))
    .output(z.object({}))
    .query(() => {
      throw new AppError("forbidden", "Not for you.");
    }),
});
const callProcedure = createProcedureCaller(router, (path) => (path === "echoBody" ? 201 : undefined));

const context = { edge: "api" } as RequestContext;
const call = (overrides: Partial<ProcedureCall>) =>
  callProcedure({ method: "GET", pathname: "/api/v1/echo", search: "", signal: new AbortController().signal, body: undefined, context, ...overrides });

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

  it("hands invalid input over as a validation failure", async () => {
    const invalid = await call({ method: "POST", body: { text: 5 } });
    expect(!invalid.ok && toAppError(invalid.error, { log: false }).code).toBe("validation_error");
  });
});
