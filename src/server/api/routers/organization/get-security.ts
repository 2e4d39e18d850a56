import { adminProcedure } from "@/server/api/procedures";
import { getSsoSettings } from "@/server/services/auth/sso-settings";
import { organizationSecuritySchema } from "@/server/contract/organization-security";

/** GET /api/app/organization/security (admins): the single sign-on settings, never the client secret. */
export const getSecurityProcedure = adminProcedure.output(organizationSecuritySchema).query(({ ctx }) => getSsoSettings(ctx.db, ctx.actor, ctx.origin));
