import { createRouter } from "@/server/api/trpc";
import { getHoursReportProcedure } from "./get-hours-report";
import { getTimeReportProcedure } from "./get-time-report";
import { exportTimeReportProcedure } from "./export-time-report";
import { listTimeReportLogsProcedure } from "./list-time-report-logs";

export const reportsRouter = createRouter({
  hours: getHoursReportProcedure,
  time: getTimeReportProcedure,
  timeFile: exportTimeReportProcedure,
  logs: listTimeReportLogsProcedure,
});
