// The organization's security settings (Settings → Security, admins): whether everyone must sign in
// with two-factor. Each change is recorded in the audit log in its own transaction.
import type { Db, DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import type { OrganizationSecurityView, UpdateOrganizationSecurityInput } from "@/server/contract/two-factor";
import { changedFields, recordAudit, type AuditContext } from "@/server/services/audit/record";
import type { Actor } from "@/server/services/auth/account";

const securitySelect = { requireTwoFactor: true } as const;

export async function getOrganizationSecurity(db: DbClient, actor: Actor): Promise<OrganizationSecurityView> {
  const organization = await db.organization.findUnique({ where: { id: actor.organizationId }, select: securitySelect });
  if (!organization) throw notFound("Organization");
  return organization;
}

/** Writes the settings given; the others stay. Records `organization.security_changed` when something changed. */
export async function updateOrganizationSecurity(db: Db, actor: Actor, input: UpdateOrganizationSecurityInput, audit: AuditContext): Promise<OrganizationSecurityView> {
  return db.$transaction(async (tx) => {
    const before = await tx.organization.findUnique({ where: { id: actor.organizationId }, select: { ...securitySelect, name: true } });
    if (!before) throw notFound("Organization");
    const after = await tx.organization.update({ where: { id: actor.organizationId }, data: { requireTwoFactor: input.requireTwoFactor }, select: securitySelect });
    const changes = changedFields({ requireTwoFactor: before.requireTwoFactor }, after);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, audit, { action: "organization.security_changed", target: { type: "organization", id: actor.organizationId, label: before.name }, metadata: { changes } });
    }
    return after;
  });
}
