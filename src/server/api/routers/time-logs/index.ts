import { createRouter } from "@/server/api/trpc";
import { listTimeLogsProcedure } from "./list-time-logs";
import { syncTimeLogsProcedure } from "./sync-time-logs";
import { listTimeLogsWithNamesProcedure } from "./list-time-logs-with-names";
import { summarizeTimeLogsProcedure } from "./summarize-time-logs";
import { updateTimeLogProcedure } from "./update-time-log";
import { deleteTimeLogProcedure } from "./delete-time-log";
import { continueTimeLogProcedure } from "./continue-time-log";
import { listDeletedTimeLogsProcedure } from "./list-deleted-time-logs";
import { describeFilingProcedure } from "./describe-filing";

export const timeLogsRouter = createRouter({
  list: listTimeLogsProcedure,
  listDeleted: listDeletedTimeLogsProcedure,
  sync: syncTimeLogsProcedure,
  listWithNames: listTimeLogsWithNamesProcedure,
  summarize: summarizeTimeLogsProcedure,
  update: updateTimeLogProcedure,
  delete: deleteTimeLogProcedure,
  continue: continueTimeLogProcedure,
  filing: describeFilingProcedure,
});
