import { sessionProcedure } from "@/server/api/procedures";
import { fileSchema } from "@/server/contract/file";
import { exportArchive } from "@/server/services/exports/export";

/** The organization's data as a streamed ZIP of CSVs (a member: their own time, no invoices or rates). Served at GET /api/app/export. */
export const downloadExportProcedure = sessionProcedure.output(fileSchema).query(({ ctx }) => ({
  filename: `orbit-export-${new Date().toISOString().slice(0, 10)}.zip`,
  contentType: "application/zip",
  body: exportArchive(ctx.db, ctx.actor),
}));
