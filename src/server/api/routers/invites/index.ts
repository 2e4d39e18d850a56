import { createRouter } from "@/server/api/trpc";
import { createInviteProcedure } from "./create-invite";
import { getInviteProcedure } from "./get-invite";
import { acceptInviteProcedure } from "./accept-invite";
import { listInvitesProcedure } from "./list-invites";
import { revokeInviteProcedure } from "./revoke-invite";

export const invitesRouter = createRouter({
  create: createInviteProcedure,
  get: getInviteProcedure,
  accept: acceptInviteProcedure,
  list: listInvitesProcedure,
  revoke: revokeInviteProcedure,
});
