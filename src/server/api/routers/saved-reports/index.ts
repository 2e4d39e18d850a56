import { createRouter } from "@/server/api/trpc";
import { createSavedReportProcedure } from "./create-saved-report";
import { listSavedReportsProcedure } from "./list-saved-reports";
import { deleteSavedReportProcedure } from "./delete-saved-report";
import { shareSavedReportProcedure } from "./share-saved-report";
import { unshareSavedReportProcedure } from "./unshare-saved-report";
import { openSharedReportProcedure } from "./open-shared-report";
import { listSharedReportLogsProcedure } from "./list-shared-report-logs";

export const savedReportsRouter = createRouter({
  create: createSavedReportProcedure,
  list: listSavedReportsProcedure,
  delete: deleteSavedReportProcedure,
  share: shareSavedReportProcedure,
  unshare: unshareSavedReportProcedure,
  // The public page of a share URL: no session.
  openShared: openSharedReportProcedure,
  sharedLogs: listSharedReportLogsProcedure,
});
