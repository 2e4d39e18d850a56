// Developer apps (OAuth 2.0 clients, app-api section 14) as Settings → Developer apps shows them: the
// response allowlist (never the secret's hash; the plain secret only when created or rotated), the
// inputs with messages a person reads at the field, the redirect URI rule, and the serializer.
import { z } from "zod";
import { getEnv } from "@/env";
import type { Prisma } from "@/generated/prisma/client";
import { MAX_APP_DESCRIPTION_LENGTH, MAX_APP_NAME_LENGTH } from "@/lib/limits";
import { SCOPES } from "@/server/auth/scopes";
import { isLoopbackHttp } from "@/server/webhooks/url-guard";
import { idInput, timestampSchema } from "@/server/lib/zod";
import { paginationInput } from "@/server/lib/cursor";

export const MAX_REDIRECT_URIS = 10;
export const MAX_REDIRECT_URI_LENGTH = 2048;
/** Apps one organization registers: a bound on the list and on what one organization can store. */
export const MAX_OAUTH_APPS = 50;

export const oauthAppSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  scopes: z.array(z.string()),
  websiteUrl: z.string().nullable(),
  description: z.string().nullable(),
  installations: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export const oauthAppWithSecretSchema = oauthAppSchema.extend({ clientSecret: z.string() });
export const deletedOAuthAppSchema = z.object({ success: z.literal(true), id: z.string() });

export type OAuthAppView = z.output<typeof oauthAppSchema>;
export type OAuthAppWithSecret = z.output<typeof oauthAppWithSecretSchema>;

/**
 * The rule for a redirect URI: an absolute https URL without a fragment (RFC 6749 3.1.2) or
 * credentials; in development also plain-http `localhost` / `127.0.0.1` on any port (as webhook URLs).
 * Matched later exactly, character for character. Returns the problem in words, or null.
 */
export function redirectUriProblem(raw: string, appEnv: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter an absolute URL, such as https://example.com/callback.";
  }
  const developmentLoopback = appEnv === "development" && isLoopbackHttp(url);
  if (url.protocol !== "https:" && !developmentLoopback) {
    return appEnv === "development" ? "Use an https URL (or http://localhost in development)." : "Use an https URL.";
  }
  if (url.username || url.password) return "Leave out a user name or password.";
  if (url.hash || raw.includes("#")) return "Leave out the fragment (#…).";
  return null;
}

const nameInput = z
  .string({ error: "Enter the app's name." })
  .trim()
  .min(1, "Enter the app's name.")
  .max(MAX_APP_NAME_LENGTH, `Use at most ${MAX_APP_NAME_LENGTH} characters.`);

const redirectUriInput = z
  .string({ error: "Enter a redirect URI." })
  .trim()
  .min(1, "Enter a redirect URI.")
  .max(MAX_REDIRECT_URI_LENGTH, `Use at most ${MAX_REDIRECT_URI_LENGTH} characters.`)
  .superRefine((value, ctx) => {
    const problem = redirectUriProblem(value, getEnv().appEnv);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const redirectUrisInput = z
  .array(redirectUriInput, { error: "Enter at least one redirect URI." })
  .min(1, "Enter at least one redirect URI.")
  .max(MAX_REDIRECT_URIS, `Enter at most ${MAX_REDIRECT_URIS} redirect URIs.`)
  .transform((uris) => [...new Set(uris)]);

const scopesInput = z
  .array(z.enum(SCOPES, { error: "Choose scopes from the list of scopes." }), { error: "Choose at least one scope." })
  .min(1, "Choose at least one scope.")
  .transform((scopes) => [...new Set(scopes)]);

const websiteUrlInput = z
  .string({ error: "Enter the website as an https URL, or leave it empty." })
  .trim()
  .max(MAX_REDIRECT_URI_LENGTH, `Use at most ${MAX_REDIRECT_URI_LENGTH} characters.`)
  .refine((value) => value === "" || /^https?:\/\//i.test(value) && URL.canParse(value), "Enter the website as an http or https URL, or leave it empty.")
  .transform((value) => (value === "" ? null : value))
  .nullish();

const descriptionInput = z
  .string({ error: "Enter the description as text." })
  .trim()
  .max(MAX_APP_DESCRIPTION_LENGTH, `Use at most ${MAX_APP_DESCRIPTION_LENGTH} characters.`)
  .transform((value) => (value === "" ? null : value))
  .nullish();

export const createOAuthAppInput = z.object({
  name: nameInput,
  redirectUris: redirectUrisInput,
  scopes: scopesInput,
  websiteUrl: websiteUrlInput,
  description: descriptionInput,
});

export const updateOAuthAppInput = z.object({
  id: idInput,
  name: nameInput.optional(),
  redirectUris: redirectUrisInput.optional(),
  scopes: scopesInput.optional(),
  websiteUrl: websiteUrlInput,
  description: descriptionInput,
});

export const oauthAppIdInput = z.object({ id: idInput });
export const listOAuthAppsInput = z.object(paginationInput("oauth-apps"));

export type CreateOAuthAppInput = z.output<typeof createOAuthAppInput>;
export type UpdateOAuthAppInput = z.output<typeof updateOAuthAppInput>;

export const oauthAppSelect = {
  id: true,
  clientId: true,
  name: true,
  redirectUris: true,
  scopes: true,
  websiteUrl: true,
  description: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { installations: true } },
} as const satisfies Prisma.OAuthAppSelect;

type OAuthAppRow = Prisma.OAuthAppGetPayload<{ select: typeof oauthAppSelect }>;

export function serializeOAuthApp(app: OAuthAppRow): OAuthAppView {
  return {
    id: app.id,
    clientId: app.clientId,
    name: app.name,
    redirectUris: app.redirectUris,
    scopes: app.scopes,
    websiteUrl: app.websiteUrl,
    description: app.description,
    installations: app._count.installations,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}

// ---- Installed apps (Settings → Apps) ----

export const installedAppSchema = z.object({
  id: z.string(),
  appName: z.string(),
  clientId: z.string(),
  websiteUrl: z.string().nullable(),
  scopes: z.array(z.string()),
  installedBy: z.object({ name: z.string() }).nullable(),
  installedAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
});
export type InstalledAppView = z.output<typeof installedAppSchema>;
export const listInstalledAppsInput = z.object(paginationInput("installed-apps"));
export const installedAppIdInput = z.object({ id: idInput });
export const uninstalledAppSchema = z.object({ success: z.literal(true), id: z.string() });

// ---- The consent page ----

const optionalParam = z.string().max(4096).optional();
export const consentRequestInput = z.object({
  response_type: optionalParam,
  client_id: optionalParam,
  redirect_uri: optionalParam,
  scope: optionalParam,
  state: optionalParam,
  code_challenge: optionalParam,
  code_challenge_method: optionalParam,
});

export const consentViewSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("error_page"), title: z.string(), message: z.string() }),
  z.object({ kind: z.literal("redirect"), url: z.string() }),
  z.object({
    kind: z.literal("valid"),
    app: z.object({ name: z.string(), websiteUrl: z.string().nullable(), description: z.string().nullable(), maker: z.string() }),
    scopes: z.array(z.object({ scope: z.string(), words: z.string() })),
    redirectHost: z.string(),
    standing: z.enum(["can_install", "not_admin", "plan_lacks_integrations"]),
  }),
]);
export type ConsentView = z.output<typeof consentViewSchema>;
