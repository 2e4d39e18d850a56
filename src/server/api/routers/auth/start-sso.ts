import { publicProcedure } from "@/server/api/procedures";
import { startSsoLogin } from "@/server/services/auth/sso";
import { redirectOutput, ssoEmail, ssoStartInput } from "@/server/contract/organization-security";
import { loginPageWith, refusalLocation } from "./sso-redirects";

/** GET /api/app/auth/sso/start?email=: to the identity provider of the email's organization, or back to the login page. */
export const startSsoProcedure = publicProcedure
  .input(ssoStartInput)
  .output(redirectOutput)
  .query(async ({ ctx, input }) => {
    const email = ssoEmail.safeParse(input.email);
    if (!email.success) return { location: loginPageWith("invalid_email") };
    try {
      const { location, setCookie } = await startSsoLogin(ctx.db, email.data, { origin: ctx.origin, address: ctx.clientAddress });
      ctx.resHeaders.append("set-cookie", setCookie);
      return { location };
    } catch (error) {
      return { location: refusalLocation(error) };
    }
  });
