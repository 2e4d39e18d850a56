import { adminProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { requirePlan } from "@/server/auth/plans";
import { updateOrganizationSecurity } from "@/server/services/organization/security";
import { organizationSecuritySchema, updateOrganizationSecurityInput } from "@/server/contract/organization-security";

/** PUT /api/app/organization/security (admins): two-factor for everyone; single sign-on on (a plan with SSO, else 402), changed or off (null). */
export const updateSecurityProcedure = adminProcedure
  .input(updateOrganizationSecurityInput)
  .output(organizationSecuritySchema)
  .mutation(({ ctx, input }) => {
    if (input.sso) requirePlan(ctx.actor.plan, "sso");
    return updateOrganizationSecurity(ctx.db, ctx.actor, input, auditByUser(ctx, ctx.actor), ctx.origin);
  });
