// The organization's security settings (app-api section 15): whether everyone must sign in with
// two-factor, and single sign-on with an OpenID Connect provider (issuer, client id and secret, the email domains it signs in, whether password login is
// refused to those members). Admins read and change them; the client secret is write-only.
import { z } from "zod";

/** A DNS name of at least two labels, lower-cased; no scheme, port or `@`. */
const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, "must be a domain such as example.com");

export const ssoSettingsInput = z.strictObject({
  issuer: z.string().trim().min(1).max(500).pipe(z.url({ protocol: /^https?$/, message: "must be the provider's issuer URL" })),
  clientId: z.string().trim().min(1).max(255),
  /** Write-only; left out on a change, the stored secret stays. */
  clientSecret: z.string().min(1).max(1024).optional(),
  emailDomains: z
    .array(emailDomain)
    .min(1)
    .max(20)
    .refine((domains) => new Set(domains).size === domains.length, "must not repeat a domain"),
  enforce: z.boolean().default(false),
});

/** Each setting left out stays as it is. */
export const updateOrganizationSecurityInput = z.strictObject({
  requireTwoFactor: z.boolean().optional(),
  /** null turns single sign-on off. */
  sso: ssoSettingsInput.nullable().optional(),
});

export type SsoSettingsInput = z.output<typeof ssoSettingsInput>;
export type UpdateOrganizationSecurityInput = z.output<typeof updateOrganizationSecurityInput>;

export const ssoSettingsSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean().meta({ description: "Whether a client secret is stored; the secret itself is never returned" }),
  emailDomains: z.array(z.string()),
  enforce: z.boolean(),
  redirectUri: z.string().meta({ description: "The redirect URI to register at the provider" }),
});

export const organizationSecuritySchema = z.object({
  requireTwoFactor: z.boolean(),
  sso: ssoSettingsSchema.nullable(),
});

export type OrganizationSecurityView = z.output<typeof organizationSecuritySchema>;

/** GET /api/app/auth/sso/start: any query; an email that is not one is told on the login page, not as a 400. */
export const ssoStartInput = z.looseObject({ email: z.string().max(1024).optional() });
export const ssoEmail = z.string().trim().toLowerCase().max(254).pipe(z.email());
/** GET /api/app/auth/sso/callback: the provider's query, read whole by the library. */
export const ssoCallbackInput = z.looseObject({ state: z.string().max(512).optional(), code: z.string().max(4096).optional(), error: z.string().max(256).optional() });
/** Where an SSO route sends the browser. */
export const redirectOutput = z.object({ location: z.string() });
