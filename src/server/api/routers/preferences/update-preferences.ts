import { sessionProcedure } from "@/server/api/procedures";
import { updatePreferences } from "@/server/services/preferences/preferences";
import { preferencesSchema, updatePreferencesInput } from "@/server/contract/preferences";

/** Changes the given preferences of the caller; the others keep their values. */
export const updatePreferencesProcedure = sessionProcedure
  .input(updatePreferencesInput)
  .output(preferencesSchema)
  .mutation(({ ctx, input }) => updatePreferences(ctx.db, ctx.actor, input));
