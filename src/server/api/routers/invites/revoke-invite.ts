import { z } from "zod";
import { adminProcedure } from "@/server/api/procedures";
import { revokeInvite } from "@/server/services/auth/invites";
import { revokeInviteInput } from "@/server/contract/invite";

/** Withdraws an invitation not accepted yet; its link stops working at once. */
export const revokeInviteProcedure = adminProcedure
  .input(revokeInviteInput)
  .output(z.object({ id: z.string() }))
  .mutation(({ ctx, input }) => revokeInvite(ctx.db, ctx.actor, input.id));
