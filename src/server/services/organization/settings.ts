// The organization's settings: customers' and projects' managers, and the invoicing details of the sender.
import type { DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import { organizationSettingsSelect, type OrganizationSettingsChanges, type OrganizationSettingsView } from "@/server/contract/organization-settings";
import type { Actor } from "@/server/services/auth/account";

export async function getOrganizationSettings(db: DbClient, actor: Actor): Promise<OrganizationSettingsView> {
  const organization = await db.organization.findUnique({ where: { id: actor.organizationId }, select: organizationSettingsSelect });
  if (!organization) throw notFound("Organization");
  return organization;
}

/** Writes the settings given (null clears a text) in one statement; the others stay as they are. */
export async function updateOrganizationSettings(db: DbClient, actor: Actor, changes: OrganizationSettingsChanges): Promise<OrganizationSettingsView> {
  return db.organization.update({
    where: { id: actor.organizationId },
    data: {
      membersManageCustomers: changes.membersManageCustomers,
      legalName: changes.legalName,
      address: changes.address,
      vatId: changes.vatId,
      paymentTermsDays: changes.paymentTermsDays,
      invoiceNotes: changes.invoiceNotes,
    },
    select: organizationSettingsSelect,
  });
}
