import { adminProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { updateOrganizationSecurity } from "@/server/services/organization/security";
import { organizationSecuritySchema, updateOrganizationSecurityInput } from "@/server/contract/two-factor";

/** PUT /api/app/organization/security (admins): require two-factor for everyone; 200 the settings. */
export const updateSecurityProcedure = adminProcedure
  .input(updateOrganizationSecurityInput)
  .output(organizationSecuritySchema)
  .mutation(({ ctx, input }) => updateOrganizationSecurity(ctx.db, ctx.actor, input, auditByUser(ctx, ctx.actor)));
