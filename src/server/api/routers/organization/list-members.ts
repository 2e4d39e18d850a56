import { sessionProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { listMembers } from "@/server/services/auth/members";
import { listMembersInput, memberSchema } from "@/server/contract/account";

/** The organization's people, newest first; any member may see who they work with. */
export const listMembersProcedure = sessionProcedure
  .input(listMembersInput)
  .output(pageOf(memberSchema))
  .query(({ ctx, input }) => listMembers(ctx.db, ctx.actor, input));
