// API key as the app's settings show it: the response allowlist (never the key's hash; the plain key
// in the create response only), the create and revoke inputs, the columns a response is read from,
// and the serializer.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { SCOPES } from "@/server/auth/scopes";
import { MAX_NAME_LENGTH } from "@/lib/limits";
import { idInput, isoInstant, timestampSchema, uncoerced } from "@/server/lib/zod";

export const apiKeyRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  rateLimitPerHour: z.number().int(),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
  expiresAt: timestampSchema.nullable(),
  isActive: z.boolean(),
  /** The installed app the key was issued to (Settings → Apps); null for a key made by hand. */
  app: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export const createdApiKeySchema = apiKeyRecordSchema.extend({ key: z.string() });
export const revokedApiKeySchema = z.object({ success: z.literal(true), id: z.string() });

export type ApiKeyRecord = z.output<typeof apiKeyRecordSchema>;
export type CreatedApiKey = z.output<typeof createdApiKeySchema>;

const WHOLE_REQUESTS = "Enter a whole number of requests per hour, from 1 to 1,000,000.";

/** The messages are the dialog's: a person reads them at the field (never a schema's own wording). */
export const createApiKeyInput = z.object({
  name: z.string({ error: "Enter a name for the key." }).trim().min(1, "Enter a name for the key.").max(MAX_NAME_LENGTH, `Use at most ${MAX_NAME_LENGTH} characters.`),
  scopes: z
    .array(z.enum(SCOPES, { error: "Choose scopes from the list of scopes." }), { error: "Choose at least one scope." })
    .min(1, "Choose at least one scope."),
  rateLimitPerHour: uncoerced(z.number({ error: WHOLE_REQUESTS }).int(WHOLE_REQUESTS).min(1, WHOLE_REQUESTS).max(1_000_000, WHOLE_REQUESTS)).default(1000),
  expiresAt: isoInstant()
    .refine((date) => date.getTime() > Date.now(), "Choose a time in the future, or leave it empty for a key that never expires.")
    .optional(),
});

export const apiKeyIdInput = z.object({ id: idInput });

export type CreateApiKeyInput = z.output<typeof createApiKeyInput>;

export const apiKeyRecordSelect = {
  id: true,
  name: true,
  scopes: true,
  rateLimitPerHour: true,
  createdAt: true,
  lastUsedAt: true,
  expiresAt: true,
  isActive: true,
  oauthApp: { select: { id: true, name: true } },
} as const satisfies Prisma.ApiKeySelect;

type ApiKeyRow = Prisma.ApiKeyGetPayload<{ select: typeof apiKeyRecordSelect }>;

export function serializeApiKey(key: ApiKeyRow): ApiKeyRecord {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    rateLimitPerHour: key.rateLimitPerHour,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    isActive: key.isActive,
    app: key.oauthApp ? { id: key.oauthApp.id, name: key.oauthApp.name } : null,
  };
}
