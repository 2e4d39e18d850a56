import { adminProcedure } from "@/server/api/procedures";
import { getOrganizationSecurity } from "@/server/services/organization/security";
import { organizationSecuritySchema } from "@/server/contract/organization-security";

/** GET /api/app/organization/security (admins): two-factor for everyone and single sign-on, never the client secret. */
export const getSecurityProcedure = adminProcedure.output(organizationSecuritySchema).query(({ ctx }) => getOrganizationSecurity(ctx.db, ctx.actor, ctx.origin));
