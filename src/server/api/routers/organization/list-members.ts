import { sessionProcedure } from "@/server/api/procedures";
import { appPage } from "@/server/api/app-schemas";
import { listMembers } from "@/server/services/auth/members";
import { listMembersInput, memberSchema } from "@/server/contract/account";

/** The organization's people, newest first; any member may see who they work with. */
export const listMembersProcedure = sessionProcedure
  .input(listMembersInput)
  .output(appPage(memberSchema))
  .query(({ ctx, input }) => listMembers(ctx.db, ctx.actor, input));
