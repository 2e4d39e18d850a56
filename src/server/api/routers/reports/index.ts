import { createRouter } from "@/server/api/trpc";
import { getHoursReportProcedure } from "./get-hours-report";

export const reportsRouter = createRouter({
  hours: getHoursReportProcedure,
});
