import { sessionProcedure } from "@/server/api/procedures";
import { getPreferences } from "@/server/services/preferences/preferences";
import { preferencesSchema } from "@/server/contract/preferences";

/** The caller's time zone, week start, clock and duration formats and theme. */
export const getPreferencesProcedure = sessionProcedure.output(preferencesSchema).query(({ ctx }) => getPreferences(ctx.db, ctx.actor));
