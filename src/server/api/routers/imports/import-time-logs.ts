import { auditByUser } from "@/server/api/audit-context";
import { sessionProcedure } from "@/server/api/procedures";
import { importInput, importResultSchema } from "@/server/contract/import";
import { importTimeLogs } from "@/server/services/imports/import";

/** Previews (commit false) or writes an import of time logs from a CSV; any row error writes nothing. Served as multipart at POST /api/app/imports. */
export const importTimeLogsProcedure = sessionProcedure
  .input(importInput)
  .output(importResultSchema)
  .mutation(({ ctx, input }) => importTimeLogs(ctx.db, ctx.actor, input, auditByUser(ctx, ctx.actor)));
