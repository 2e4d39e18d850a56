import { z } from "zod";
import { SCOPES } from "@/server/auth/scopes";
import { idInput, isoInstant, uncoerced } from "@/server/lib/zod";

export const apiKeyRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  rateLimitPerHour: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  isActive: z.boolean(),
});

export const createApiKeyInput = z.object({
  name: z.string().trim().min(1).max(200),
  scopes: z.array(z.enum(SCOPES)).min(1),
  rateLimitPerHour: uncoerced(z.number().int().min(1).max(1_000_000)).default(1000),
  expiresAt: isoInstant()
    .refine((date) => date.getTime() > Date.now(), "must be in the future")
    .optional(),
});

export const createdApiKeySchema = apiKeyRecordSchema.extend({ key: z.string() });
export const apiKeyIdInput = z.object({ id: idInput });
export const revokedApiKeySchema = z.object({ success: z.literal(true), id: z.string() });
