import { createRouter } from "@/server/api/trpc";
import { listMemberRatesProcedure } from "./list-member-rates";
import { listProjectMemberRatesProcedure } from "./list-project-member-rates";
import { setMemberRatesProcedure } from "./set-member-rates";
import { setProjectMemberRateProcedure } from "./set-project-member-rate";

/** Rates (app-api section 16), admins only: a member's billable and cost rate, a member's rate on a project. */
export const ratesRouter = createRouter({
  listMemberRates: listMemberRatesProcedure,
  setMemberRates: setMemberRatesProcedure,
  listProjectMemberRates: listProjectMemberRatesProcedure,
  setProjectMemberRate: setProjectMemberRateProcedure,
});
