import { createRouter } from "@/server/api/trpc";
import { addMemberProcedure } from "./add-member";
import { setPlanProcedure } from "./set-plan";
import { listMembersProcedure } from "./list-members";

export const organizationRouter = createRouter({
  addMember: addMemberProcedure,
  setPlan: setPlanProcedure,
  listMembers: listMembersProcedure,
});
