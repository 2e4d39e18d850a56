import { sessionProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { listConstellationsWithCustomerNames } from "@/server/services/constellations/constellations";
import { constellationWithCustomerNameSchema, listConstellationsInput } from "@/server/contract/constellation";

/** The Projects page: the public list's filters for any member, each project with its customer's name. */
export const listConstellationsWithCustomerNamesProcedure = sessionProcedure
  .input(listConstellationsInput)
  .output(pageOf(constellationWithCustomerNameSchema))
  .query(({ ctx, input }) => listConstellationsWithCustomerNames(ctx.db, ctx.actor, input));
