import { sessionProcedure } from "@/server/api/procedures";
import { describeFiling } from "@/server/services/time-tracking/references";
import { filingInput, filingSchema } from "@/server/contract/time-log";

/** What a log with these references is filed under (omitted ids derived as on every write), with names: the pickers' inherited project and customer. */
export const describeFilingProcedure = sessionProcedure
  .input(filingInput)
  .output(filingSchema)
  .query(({ ctx, input }) => describeFiling(ctx.db, ctx.actor.organizationId, input));
