// The SDK's typed errors: an API answer that is not a success, and a webhook that does not verify.
import type { components } from "./generated/openapi.js";

/** The API's error codes, from the document's `Error` schema. */
export type OrbitErrorCode = components["schemas"]["Error"]["error"];
export type OrbitErrorDetail = { field: string; message: string };

/** An error answer of the API: its code, the fields at fault, the HTTP status and the request's id. */
export class OrbitError extends Error {
  readonly error: OrbitErrorCode;
  readonly details: OrbitErrorDetail[];
  readonly status: number;
  /** `X-Request-Id` of the answer: quote it when reporting a problem. */
  readonly requestId: string | null;
  /** Seconds the API asked to wait (`Retry-After` of a 429 or 503), when it did. */
  readonly retryAfterSeconds: number | null;

  constructor(init: { error: OrbitErrorCode; message: string; details?: OrbitErrorDetail[]; status: number; requestId: string | null; retryAfterSeconds?: number | null }) {
    super(init.message);
    this.name = "OrbitError";
    this.error = init.error;
    this.details = init.details ?? [];
    this.status = init.status;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  /** The error an answer carries (its envelope when it has one, else its status). */
  static fromResponse(response: Response, body: unknown): OrbitError {
    const envelope = (body && typeof body === "object" ? body : {}) as Partial<components["schemas"]["Error"]>;
    return new OrbitError({
      error: envelope.error ?? (response.status >= 500 ? "internal_error" : "validation_error"),
      message: envelope.message ?? `HTTP ${response.status}`,
      details: Array.isArray(envelope.details) ? envelope.details : [],
      status: response.status,
      requestId: response.headers.get("x-request-id"),
      retryAfterSeconds: retryAfterSeconds(response.headers.get("retry-after")),
    });
  }
}

/** Why a webhook was refused; the request must then be answered 4xx and its body not trusted. */
export type WebhookRefusal = "missing_headers" | "bad_timestamp" | "timestamp_outside_tolerance" | "no_matching_signature" | "bad_secret" | "bad_body";

export class WebhookVerificationError extends Error {
  readonly reason: WebhookRefusal;
  constructor(reason: WebhookRefusal, message: string) {
    super(message);
    this.name = "WebhookVerificationError";
    this.reason = reason;
  }
}

/** An OAuth error answer of `/oauth/token` (RFC 6749 5.2). */
export class OrbitOAuthError extends Error {
  readonly error: string;
  readonly errorDescription: string | null;
  readonly status: number;
  constructor(init: { error: string; errorDescription?: string | null; status: number }) {
    super(init.errorDescription ?? init.error);
    this.name = "OrbitOAuthError";
    this.error = init.error;
    this.errorDescription = init.errorDescription ?? null;
    this.status = init.status;
  }
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
