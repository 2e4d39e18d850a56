// The response envelope of every JSON route (contract section 4.1, app-api section 2), built here
// only. Its zod schemas are the one definition: the types below derive from them, procedures check
// their output against them, and the OpenAPI document publishes them.
import { z } from "zod";
import { ERROR_CODES, type AppError } from "@/server/errors";

export const API_VERSION = "v1" as const;

export const rateLimitSchema = z
  .object({
    limit: z.number().int(),
    remaining: z.number().int(),
    reset: z.number().int().meta({ description: "Unix time in seconds at which the window resets" }),
  })
  .meta({ id: "RateLimit" });
export type RateLimitInfo = z.output<typeof rateLimitSchema>;

export const paginationSchema = z
  .object({
    hasMore: z.boolean().meta({ description: "Exact: computed by reading one row beyond the page" }),
    cursor: z.string().optional().meta({ description: "Opaque base64url cursor of the next page; present only when hasMore is true" }),
    total: z.number().int().optional().meta({ description: "Best-effort total, on some lists only" }),
  })
  .meta({ id: "Pagination" });
export type Pagination = z.output<typeof paginationSchema>;

/** One page of a list, as services return it: its items become `data` at the edges. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/** A list result (`{ items, pagination }`): the edges answer its items as `data` beside `pagination`. */
export function isPage(value: unknown): value is Page<unknown> {
  return typeof value === "object" && value !== null && Array.isArray((value as Page<unknown>).items) && "pagination" in value;
}

const successMetaSchema = z.object({
  apiVersion: z.literal(API_VERSION),
  timestamp: z.string().meta({ format: "date-time", description: "ISO 8601 UTC timestamp" }),
});
/** The public API's success meta, with the key's rate-limit state. */
export const v1SuccessMetaSchema = successMetaSchema.extend({ rateLimit: rateLimitSchema });
export type SuccessMeta = z.output<typeof successMetaSchema>;

export interface SuccessEnvelope<T, M extends SuccessMeta = SuccessMeta> {
  data: T;
  meta: M;
  pagination?: Pagination;
}

/** The error envelope; published as components.schemas.Error by the document builder. */
export const errorEnvelopeSchema = z.object({
  error: z.enum(ERROR_CODES).meta({ description: "Stable error code; match on this, not on message" }),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  meta: successMetaSchema,
});
export type ErrorEnvelope = Omit<z.output<typeof errorEnvelopeSchema>, "error"> & { error: string };

function successMeta(): SuccessMeta {
  return { apiVersion: API_VERSION, timestamp: new Date().toISOString() };
}

/** `{ data, meta, pagination? }`; public API responses also carry `meta.rateLimit`. */
export function successEnvelope<T>(data: T, options?: { pagination?: Pagination }): SuccessEnvelope<T>;
export function successEnvelope<T>(
  data: T,
  options: { pagination?: Pagination; rateLimit: RateLimitInfo },
): SuccessEnvelope<T, SuccessMeta & { rateLimit: RateLimitInfo }>;
export function successEnvelope<T>(data: T, options: { pagination?: Pagination; rateLimit?: RateLimitInfo } = {}): SuccessEnvelope<T> {
  const meta = options.rateLimit ? { ...successMeta(), rateLimit: options.rateLimit } : successMeta();
  return options.pagination ? { data, meta, pagination: options.pagination } : { data, meta };
}

export function errorEnvelope(error: AppError): ErrorEnvelope {
  return {
    error: error.code,
    message: error.message,
    ...(error.details?.length ? { details: error.details } : {}),
    meta: { apiVersion: API_VERSION, timestamp: new Date().toISOString() },
  };
}
