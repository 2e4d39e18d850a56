// zod schemas of the v1 envelopes: procedure output schemas (so responses are checked against them)
// and the OpenAPI document's response and error schemas, from one source.
import { z } from "zod";
import { PUBLIC_ERROR_CODES } from "@/server/errors";

const rateLimitSchema = z
  .object({
    limit: z.number().int(),
    remaining: z.number().int(),
    reset: z.number().int().meta({ description: "Unix time in seconds at which the window resets" }),
  })
  .meta({ id: "RateLimit" });

const successMetaSchema = z.object({
  apiVersion: z.literal("v1"),
  timestamp: z.string().meta({ description: "ISO 8601 UTC timestamp" }),
  rateLimit: rateLimitSchema,
});

export const paginationSchema = z
  .object({
    hasMore: z.boolean().meta({ description: "Exact: computed by reading one row beyond the page" }),
    cursor: z.string().optional().meta({ description: "Opaque base64url cursor of the next page; present only when hasMore is true" }),
    total: z.number().int().optional().meta({ description: "Best-effort total, on some lists only" }),
  })
  .meta({ id: "Pagination" });

export function v1Envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, meta: successMetaSchema });
}

export function v1ListEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: successMetaSchema, pagination: paginationSchema });
}

/** The error envelope; published as components.schemas.Error by the document builder. */
export const errorEnvelopeSchema = z.object({
    error: z
      .enum(PUBLIC_ERROR_CODES)
      .meta({ description: "Stable error code; match on this, not on message" }),
    message: z.string(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    meta: z.object({ apiVersion: z.literal("v1"), timestamp: z.string() }),
});

/** ISO 8601 UTC timestamp with milliseconds, as every response writes dates. */
export const timestampSchema = z.string().meta({ format: "date-time" });
