import { createRouter } from "@/server/api/trpc";
import { importTimeLogsProcedure } from "./import-time-logs";

export const importsRouter = createRouter({
  run: importTimeLogsProcedure,
});
