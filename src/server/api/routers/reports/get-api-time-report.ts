import { apiProcedure, v1Data } from "@/server/api/procedures";
import { v1Envelope } from "@/server/api/v1-schemas";
import { reportViewerForApiKey, timeReport } from "@/server/services/reports/time";
import { apiTimeReportInput, timeReportSchema } from "@/server/contract/time-report";

/** GET /api/v1/reports/time: the web app's time report (the same computation) for the key's organization. */
export const getApiTimeReportProcedure = apiProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/reports/time",
      operationId: "reports-time",
      summary: "Get a time report",
      description:
        "Seconds, billable and billed seconds and amounts (before tax, with the tax an invoice would add) of the organization's time in " +
        "[from, to) (at most 366 days), grouped by one or two of `customer`, `project`, `task`, `member`, `day`, `week` " +
        "(`groupBy=customer,week`), with optional filters. The figures are those of the web app's report and of invoices: each log " +
        "rounded and priced by its customer's rate. A key sees every member's time and the amounts; `userId` keeps one member's. " +
        "`day` and `week` groups are counted in `timeZone` (default UTC) with weeks starting on `weekStart` (default Monday).",
      tags: ["Reports"],
      protect: true,
    },
    scopes: ["reports:read"],
  })
  .input(apiTimeReportInput)
  .output(v1Envelope(timeReportSchema))
  .query(async ({ ctx, input }) => v1Data(ctx, await timeReport(ctx.db, reportViewerForApiKey(ctx.apiKey.organizationId, input), input)));
