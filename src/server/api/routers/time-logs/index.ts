import { createRouter } from "@/server/api/trpc";
import { listTimeLogsProcedure } from "./list-time-logs";
import { syncTimeLogsProcedure } from "./sync-time-logs";

import { listTimeLogsInAppProcedure } from "./list-time-logs-in-app";
import { summarizeTimeLogsProcedure } from "./summarize-time-logs";
export const timeLogsRouter = createRouter({
  list: listTimeLogsProcedure,
  sync: syncTimeLogsProcedure,
  listInApp: listTimeLogsInAppProcedure,
  summarize: summarizeTimeLogsProcedure,
});
