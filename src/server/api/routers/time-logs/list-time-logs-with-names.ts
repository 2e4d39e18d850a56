import { pageOf } from "@/server/api/page-schema";
import { sessionProcedure } from "@/server/api/procedures";
import { listTimeLogsWithNames } from "@/server/services/time-tracking/app-list";
import { appTimeLogSchema, listTimeLogsWithNamesInput } from "@/server/contract/time-log";

/**
 * The Timer and Time logs pages: logs started in [from, to), newest first, each with its task,
 * customer, project and member names and the invoice that locks it; a member sees their own only.
 */
export const listTimeLogsWithNamesProcedure = sessionProcedure
  .input(listTimeLogsWithNamesInput)
  .output(pageOf(appTimeLogSchema))
  .query(({ ctx, input }) =>
    listTimeLogsWithNames(ctx.db, ctx.actor, { ...input, from: input.from ? new Date(input.from) : undefined, to: input.to ? new Date(input.to) : undefined }),
  );
