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

export interface SuccessEnvelope<T> {
  data: T;
  meta: { apiVersion: typeof API_VERSION; timestamp: string; rateLimit?: RateLimitInfo };
  pagination?: Pagination;
}

export function successEnvelope<T>(data: T, options: { pagination?: Pagination; rateLimit?: RateLimitInfo } = {}): SuccessEnvelope<T> {
  const meta: SuccessEnvelope<T>["meta"] = { apiVersion: API_VERSION, timestamp: new Date().toISOString() };
  if (options.rateLimit) meta.rateLimit = options.rateLimit;
  const envelope: SuccessEnvelope<T> = { data, meta };
  if (options.pagination) envelope.pagination = options.pagination;
  return envelope;
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
