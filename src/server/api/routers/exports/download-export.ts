import { sessionProcedure } from "@/server/api/procedures";
import { fileSchema } from "@/server/contract/file";
import { startExport } from "@/server/services/exports/export";
import { auditByUser } from "@/server/api/audit-context";

/** The organization's data as a streamed ZIP of CSVs (a member: their own time, no invoices or rates). Served at GET /api/app/export. */
export const downloadExportProcedure = sessionProcedure.output(fileSchema).query(async ({ ctx }) => ({
  filename: `orbit-export-${new Date().toISOString().slice(0, 10)}.zip`,
  contentType: "application/zip",
  body: await startExport(ctx.db, ctx.actor, auditByUser(ctx, ctx.actor)),
}));
