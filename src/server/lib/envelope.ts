// The response envelope of every JSON route (contract section 4.1, app-api section 2), built here only.
import type { AppError } from "@/server/errors";

export const API_VERSION = "v1" as const;

export interface RateLimitInfo {
  limit: number;
  remaining: number;
  /** Unix seconds at which the current window resets. */
  reset: number;
}

export interface Pagination {
  hasMore: boolean;
  cursor?: string;
  total?: number;
}

export interface SuccessMeta {
  apiVersion: typeof API_VERSION;
  timestamp: string;
}

export interface SuccessEnvelope<T, M extends SuccessMeta = SuccessMeta> {
  data: T;
  meta: M;
  pagination?: Pagination;
}

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

export interface ErrorEnvelope {
  error: string;
  message: string;
  details?: { field: string; message: string }[];
  meta: { apiVersion: typeof API_VERSION; timestamp: string };
}

export function errorEnvelope(error: AppError): ErrorEnvelope {
  return {
    error: error.code,
    message: error.message,
    ...(error.details?.length ? { details: error.details } : {}),
    meta: { apiVersion: API_VERSION, timestamp: new Date().toISOString() },
  };
}
