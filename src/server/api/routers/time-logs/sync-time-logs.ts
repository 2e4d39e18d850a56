import { sessionProcedure } from "@/server/api/procedures";
import { syncTimeLogs } from "@/server/services/time-tracking/sync";
import { syncTimeLogsInput, syncTimeLogsOutput } from "@/server/contract/time-log";

/** Commits time tracked offline; replays of an entry are reported as duplicates and change nothing. */
export const syncTimeLogsProcedure = sessionProcedure
  .input(syncTimeLogsInput)
  .output(syncTimeLogsOutput)
  .mutation(({ ctx, input }) => syncTimeLogs(ctx.db, ctx.actor, input));
