import { createRouter } from "@/server/api/trpc";
import { listInstalledAppsProcedure } from "./list-installed-apps";
import { uninstallAppProcedure } from "./uninstall-app";

export const installedAppsRouter = createRouter({
  list: listInstalledAppsProcedure,
  uninstall: uninstallAppProcedure,
});
