import { adminProcedure } from "@/server/api/procedures";
import { getOrganizationSecurity } from "@/server/services/organization/security";
import { organizationSecuritySchema } from "@/server/contract/two-factor";

/** GET /api/app/organization/security (admins): whether the organization requires two-factor. */
export const getSecurityProcedure = adminProcedure.output(organizationSecuritySchema).query(({ ctx }) => getOrganizationSecurity(ctx.db, ctx.actor));
