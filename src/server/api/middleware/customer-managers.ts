// Creating, editing and archiving customers and projects from the web app: admins, or members when the
// organization allows it (the rule: src/server/services/organization/customer-permissions.ts). Placed
// before `.input()`, a refused member gets the 403 before any validation; an API key (no actor) is
// governed by its scopes alone.
import { middleware } from "@/server/api/trpc";
import type { SessionActor } from "@/server/api/middleware/session";
import { assertMayManageCustomers } from "@/server/services/organization/customer-permissions";

export const customerManagers = middleware(async ({ ctx, next }) => {
  const { actor } = ctx as unknown as { actor?: SessionActor | null };
  if (actor) await assertMayManageCustomers(ctx.db, actor);
  return next();
});
