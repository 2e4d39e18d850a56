import { adminProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { uninstallApp } from "@/server/services/oauth/installations";
import { installedAppIdInput, uninstalledAppSchema } from "@/server/contract/oauth-app";

/** Uninstalls: the app's key is revoked at once. */
export const uninstallAppProcedure = adminProcedure
  .input(installedAppIdInput)
  .output(uninstalledAppSchema)
  .mutation(({ ctx, input }) => uninstallApp(ctx.db, ctx.actor, auditByUser(ctx, ctx.actor), input.id));
