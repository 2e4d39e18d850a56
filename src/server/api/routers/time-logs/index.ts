import { createRouter } from "@/server/api/trpc";
import { listTimeLogsProcedure } from "./list-time-logs";
import { syncTimeLogsProcedure } from "./sync-time-logs";
import { listTimeLogsWithNamesProcedure } from "./list-time-logs-with-names";
import { summarizeTimeLogsProcedure } from "./summarize-time-logs";
import { updateTimeLogProcedure } from "./update-time-log";
import { deleteTimeLogProcedure } from "./delete-time-log";
import { continueTimeLogProcedure } from "./continue-time-log";
import { listDeletedTimeLogsProcedure } from "./list-deleted-time-logs";
import { getTimeLogProcedure } from "./get-time-log";
import { describeFilingProcedure } from "./describe-filing";

export const timeLogsRouter = createRouter({
  list: listTimeLogsProcedure,
  // Before `get`: trpc-to-openapi routes a path to the first procedure it matches.
  listDeleted: listDeletedTimeLogsProcedure,
  get: getTimeLogProcedure,
  sync: syncTimeLogsProcedure,
  listWithNames: listTimeLogsWithNamesProcedure,
  summarize: summarizeTimeLogsProcedure,
  update: updateTimeLogProcedure,
  delete: deleteTimeLogProcedure,
  continue: continueTimeLogProcedure,
  filing: describeFilingProcedure,
});
