import { createRouter } from "@/server/api/trpc";
import { getHoursReportProcedure } from "./get-hours-report";
import { getTimeReportProcedure } from "./get-time-report";
import { exportTimeReportProcedure } from "./export-time-report";

export const reportsRouter = createRouter({
  hours: getHoursReportProcedure,
  time: getTimeReportProcedure,
  timeFile: exportTimeReportProcedure,
});
