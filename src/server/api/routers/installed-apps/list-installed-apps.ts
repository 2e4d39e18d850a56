import { adminProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { listInstalledApps } from "@/server/services/oauth/installations";
import { installedAppSchema, listInstalledAppsInput } from "@/server/contract/oauth-app";

/** The apps installed in the caller's organization: scopes, installer, last use. */
export const listInstalledAppsProcedure = adminProcedure
  .input(listInstalledAppsInput)
  .output(pageOf(installedAppSchema))
  .query(({ ctx, input }) => listInstalledApps(ctx.db, ctx.actor, input));
