// The organization's security settings (Settings → Security, admins): whether everyone must sign in
// with two-factor, and single sign-on. A change is written with its audit entry in one transaction;
// the SSO provider's discovery runs before it, outside.
import type { Db, DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import type { OrganizationSecurityView, UpdateOrganizationSecurityInput } from "@/server/contract/organization-security";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";
import type { Actor } from "@/server/services/auth/account";
import { getSsoSettings, prepareSsoChange, writeSsoChange } from "@/server/services/auth/sso-settings";

export async function getOrganizationSecurity(db: DbClient, actor: Actor, origin: string): Promise<OrganizationSecurityView> {
  const [organization, { sso }] = await Promise.all([
    db.organization.findUnique({ where: { id: actor.organizationId }, select: { requireTwoFactor: true } }),
    getSsoSettings(db, actor, origin),
  ]);
  if (!organization) throw notFound("Organization");
  return { requireTwoFactor: organization.requireTwoFactor, sso };
}

/** Writes the settings given; the others stay. Records `organization.security_changed` when something changed. */
export async function updateOrganizationSecurity(
  db: Db,
  actor: Actor,
  input: UpdateOrganizationSecurityInput,
  audit: AuditContext,
  origin: string,
): Promise<OrganizationSecurityView> {
  const ssoChange = input.sso === undefined ? null : await prepareSsoChange(db, actor, input.sso);
  await writeSsoChange(async () => {
    await db.$transaction(async (tx) => {
      const before = await tx.organization.findUnique({ where: { id: actor.organizationId }, select: { requireTwoFactor: true, name: true } });
      if (!before) throw notFound("Organization");
      const metadata: Record<string, unknown> = {};
      if (input.requireTwoFactor !== undefined && input.requireTwoFactor !== before.requireTwoFactor) {
        await tx.organization.update({ where: { id: actor.organizationId }, data: { requireTwoFactor: input.requireTwoFactor } });
        metadata.changes = { requireTwoFactor: { from: before.requireTwoFactor, to: input.requireTwoFactor } };
      }
      const ssoFields = ssoChange ? await ssoChange(tx) : [];
      if (ssoFields.length > 0) metadata.sso = { changed: ssoFields, enabled: input.sso !== null };
      if (Object.keys(metadata).length > 0) {
        await recordAudit(tx, audit, { action: "organization.security_changed", target: { type: "organization", id: actor.organizationId, label: before.name }, metadata });
      }
    });
  });
  return getOrganizationSecurity(db, actor, origin);
}
