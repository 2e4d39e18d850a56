import { pageOf } from "@/server/api/page-schema";
import { sessionProcedure } from "@/server/api/procedures";
import { listTimeLogsForApp } from "@/server/services/time-tracking/app-list";
import { appTimeLogSchema, listTimeLogsInAppInput } from "@/server/contract/time-log";

/** The Timer and Time logs pages: logs started in [from, to), newest first, with names to show. */
export const listTimeLogsInAppProcedure = sessionProcedure
  .input(listTimeLogsInAppInput)
  .output(pageOf(appTimeLogSchema))
  .query(({ ctx, input }) =>
    listTimeLogsForApp(ctx.db, ctx.actor, { ...input, from: input.from ? new Date(input.from) : undefined, to: input.to ? new Date(input.to) : undefined }),
  );
