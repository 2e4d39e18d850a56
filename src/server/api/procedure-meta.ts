// What a procedure declared in `.meta()`, read in one place: tRPC keeps it in the router's internals.
import { appRouter } from "@/server/api/root";
import type { ProcedureMeta } from "@/server/api/trpc";

type OpenApiProcedureMeta = ProcedureMeta & { openapi: NonNullable<ProcedureMeta["openapi"]> };

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } } | undefined>;

/** The meta of the procedure at a dotted path (`tasks.create`), if there is one. */
export function procedureMeta(path: string | undefined): ProcedureMeta | undefined {
  return path ? procedures[path]?._def.meta : undefined;
}

/** Every procedure served under /api/v1, with its method (lower case) and path. */
export function openApiProcedures(): Array<{ method: string; path: string; meta: OpenApiProcedureMeta }> {
  return Object.values(procedures)
    .map((procedure) => procedure?._def.meta)
    .filter((meta): meta is OpenApiProcedureMeta => Boolean(meta?.openapi))
    .map((meta) => ({ method: meta.openapi.method.toLowerCase(), path: meta.openapi.path, meta }));
}
