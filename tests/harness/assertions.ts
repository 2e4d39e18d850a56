// Assertions every suite shares: the error envelope, validation errors, and the timestamp format.
import { expect } from "vitest";

/** ISO 8601 UTC with milliseconds, as every response writes dates. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface EnvelopeResponse {
  status: number;
  body: any;
  text?: string;
  headers?: Headers;
}

/**
 * The error envelope (contract 4.1, app-api 2): status, stable code, a message, meta, no data.
 * `inApp`: also no rate-limit headers (they belong to /api/v1 only).
 */
export function expectErrorEnvelope(response: EnvelopeResponse, status: number, code: string, options: { inApp?: boolean } = {}) {
  expect(response.status, response.text ?? JSON.stringify(response.body)).toBe(status);
  expect(response.body.error).toBe(code);
  expect(typeof response.body.message).toBe("string");
  expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.stringMatching(ISO_TIMESTAMP) });
  expect(response.body.data).toBeUndefined();
  if (options.inApp) {
    expect(response.headers?.get("ratelimit-limit")).toBeNull();
    expect(response.headers?.get("x-ratelimit-limit")).toBeNull();
  }
}

/** The error envelope of an in-app route (`/api/app`, `/api/trpc`): no rate-limit headers. */
export function expectAppErrorEnvelope(response: EnvelopeResponse, status: number, code: string) {
  expectErrorEnvelope(response, status, code, { inApp: true });
}

/** A 400 naming exactly these fields, each detail `{ field, message }`. */
export function expectValidationError(response: EnvelopeResponse, fields: string[]) {
  expectErrorEnvelope(response, 400, "validation_error");
  expect(response.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual([...fields].sort());
  for (const detail of response.body.details) expect(detail).toEqual({ field: expect.any(String), message: expect.any(String) });
}
