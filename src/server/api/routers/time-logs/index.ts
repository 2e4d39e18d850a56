import { createRouter } from "@/server/api/trpc";
import { listTimeLogsProcedure } from "./list-time-logs";
import { syncTimeLogsProcedure } from "./sync-time-logs";

export const timeLogsRouter = createRouter({
  list: listTimeLogsProcedure,
  sync: syncTimeLogsProcedure,
});
