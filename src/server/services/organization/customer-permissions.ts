// Who creates, edits and archives customers and projects (app-api section 17): admins always; members
// when the organization lets them (`membersManageCustomers`, off by default). API keys are the
// organization's own credentials, governed by their scopes (contract 5.2), so this rule is about people.
import type { DbClient } from "@/server/db";
import { AppError, notFound } from "@/server/errors";
import type { Actor } from "@/server/services/auth/account";

export interface CustomerPermissions {
  /** The organization's setting. */
  membersManageCustomers: boolean;
  /** Whether the actor may create, edit and archive customers and projects. */
  canManageCustomers: boolean;
}

export async function customerPermissions(db: DbClient, actor: Actor): Promise<CustomerPermissions> {
  const organization = await db.organization.findUnique({ where: { id: actor.organizationId }, select: { membersManageCustomers: true } });
  if (!organization) throw notFound("Organization");
  return { membersManageCustomers: organization.membersManageCustomers, canManageCustomers: actor.role === "admin" || organization.membersManageCustomers };
}

/** 403 `forbidden` naming `role` unless the actor may manage customers and projects; an admin costs no query. */
export async function assertMayManageCustomers(db: DbClient, actor: Actor): Promise<void> {
  if (actor.role === "admin") return;
  if ((await customerPermissions(db, actor)).canManageCustomers) return;
  throw new AppError("forbidden", "Only admins can create, change or archive customers and projects here; an admin can let members do it in Settings.", {
    details: [{ field: "role", message: "admin role required" }],
  });
}
