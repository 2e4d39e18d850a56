import { createRouter } from "@/server/api/trpc";
import { getHoursReportProcedure } from "./get-hours-report";
import { getTimeReportProcedure } from "./get-time-report";
import { exportTimeReportProcedure } from "./export-time-report";
import { listTimeReportLogsProcedure } from "./list-time-report-logs";
import { getApiTimeReportProcedure } from "./get-api-time-report";

export const reportsRouter = createRouter({
  hours: getHoursReportProcedure,
  time: getTimeReportProcedure,
  timeFile: exportTimeReportProcedure,
  logs: listTimeReportLogsProcedure,
  // /api/v1 only: the same report for an API key.
  timeForApiKey: getApiTimeReportProcedure,
});
