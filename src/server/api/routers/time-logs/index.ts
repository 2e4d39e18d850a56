import { createRouter } from "@/server/api/trpc";
import { listTimeLogsProcedure } from "./list-time-logs";
import { syncTimeLogsProcedure } from "./sync-time-logs";
import { listTimeLogsInAppProcedure } from "./list-time-logs-in-app";
import { summarizeTimeLogsProcedure } from "./summarize-time-logs";
import { updateTimeLogProcedure } from "./update-time-log";
import { deleteTimeLogProcedure } from "./delete-time-log";
import { continueTimeLogProcedure } from "./continue-time-log";

export const timeLogsRouter = createRouter({
  list: listTimeLogsProcedure,
  sync: syncTimeLogsProcedure,
  listInApp: listTimeLogsInAppProcedure,
  summarize: summarizeTimeLogsProcedure,
  update: updateTimeLogProcedure,
  delete: deleteTimeLogProcedure,
  continue: continueTimeLogProcedure,
});
