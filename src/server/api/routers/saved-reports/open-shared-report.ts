import { publicProcedure } from "@/server/api/procedures";
import { notFound } from "@/server/errors";
import { openSharedReport } from "@/server/services/reports/saved";
import { sharedReportSchema, sharedReportTokenInput } from "@/server/contract/saved-report";

/** A shared report as of now, for the public /r/<token> page: no session, the token is the credential. */
export const openSharedReportProcedure = publicProcedure
  .input(sharedReportTokenInput)
  .output(sharedReportSchema)
  .query(async ({ ctx, input }) => {
    const shared = await openSharedReport(ctx.db, input.token);
    if (!shared) throw notFound("Shared report");
    return shared;
  });
