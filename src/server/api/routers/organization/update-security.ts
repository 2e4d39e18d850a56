import { adminProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { requirePlan } from "@/server/auth/plans";
import { updateSsoSettings } from "@/server/services/auth/sso-settings";
import { organizationSecuritySchema, updateOrganizationSecurityInput } from "@/server/contract/organization-security";

/** PUT /api/app/organization/security (admins): single sign-on on (a plan with SSO, else 402), changed or off (null). */
export const updateSecurityProcedure = adminProcedure
  .input(updateOrganizationSecurityInput)
  .output(organizationSecuritySchema)
  .mutation(({ ctx, input }) => {
    if (input.sso) requirePlan(ctx.actor.plan, "sso");
    return updateSsoSettings(ctx.db, ctx.actor, auditByUser(ctx, ctx.actor), input.sso, ctx.origin);
  });
