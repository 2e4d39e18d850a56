import { createRouter } from "@/server/api/trpc";
import { downloadExportProcedure } from "./download-export";

export const exportsRouter = createRouter({
  download: downloadExportProcedure,
});
