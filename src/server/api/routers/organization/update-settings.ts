import { adminProcedure } from "@/server/api/procedures";
import { updateOrganizationSettings } from "@/server/services/organization/settings";
import { organizationSettingsSchema, updateOrganizationSettingsInput } from "@/server/contract/organization-settings";

/** PATCH /api/app/organization/settings (admins): any of the settings; an issued invoice keeps the details it was issued with. */
export const updateSettingsProcedure = adminProcedure
  .input(updateOrganizationSettingsInput)
  .output(organizationSettingsSchema)
  .mutation(({ ctx, input }) => {
    const { membersManageCustomers, legalName, address, vatId, paymentTermsDays, invoiceNotes } = input;
    return updateOrganizationSettings(ctx.db, ctx.actor, { membersManageCustomers, legalName, address, vatId, paymentTermsDays, invoiceNotes });
  });
