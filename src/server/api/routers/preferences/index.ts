import { createRouter } from "@/server/api/trpc";
import { getPreferencesProcedure } from "./get-preferences";
import { updatePreferencesProcedure } from "./update-preferences";

export const preferencesRouter = createRouter({
  get: getPreferencesProcedure,
  update: updatePreferencesProcedure,
});
