import { adminProcedure } from "@/server/api/procedures";
import { getOrganizationSettings } from "@/server/services/organization/settings";
import { organizationSettingsSchema } from "@/server/contract/organization-settings";

/** GET /api/app/organization/settings (admins): who manages customers and projects, and the invoicing details. */
export const getSettingsProcedure = adminProcedure.output(organizationSettingsSchema).query(({ ctx }) => getOrganizationSettings(ctx.db, ctx.actor));
