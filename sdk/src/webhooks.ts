// verifyWebhook: checks a delivery's signature over the raw body, then returns its typed event. Three
// ways an Orbit endpoint signs, each accepted alone:
//   - `X-Service-Signature: t=<t>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed by the whole `whsec_…` secret;
//   - Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<t>.<body>">`, keyed by the
//     base64 decoding of the secret after `whsec_`;
//   - Ed25519: `webhook-signature: v1a,<base64 signature of "<id>.<t>.<body>">`, checked with the endpoint's
//     `whpk_…` public key.
// Signatures are compared in constant time; `t` must be within the tolerance (300 s) of now either way.
import { createHmac, createPublicKey, timingSafeEqual, verify as verifySignature, type KeyObject } from "node:crypto";
import type { webhooks } from "./generated/openapi.js";
import { WebhookVerificationError } from "./errors.js";

/** The event of each catalog type, from the document's `webhooks` section. */
export type WebhookEvent = {
  [Type in keyof webhooks]: webhooks[Type]["post"] extends { requestBody: { content: { "application/json": infer Body } } } ? Body : never;
}[keyof webhooks];
export type WebhookEventType = WebhookEvent["type"];

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** Largest accepted |now - t| in seconds (default 300, the contract's reference tolerance). */
  toleranceSeconds?: number;
  /** The receiver's clock, in milliseconds since the epoch (default Date.now()). */
  now?: number;
}

const HEX_SIGNATURE = /^[0-9a-f]{64}$/;
const TIMESTAMP = /^\d{1,15}$/;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found.join(", ") : found;
}

/** True when one of `candidates` equals `expected`; every candidate is compared, in constant time. */
function anyEqual(expected: Buffer, candidates: Buffer[]): boolean {
  let isMatch = false;
  for (const candidate of candidates) if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) isMatch = true;
  return isMatch;
}

function checkTimestamp(t: string | undefined, options: VerifyWebhookOptions): string {
  if (!t || !TIMESTAMP.test(t)) throw new WebhookVerificationError("bad_timestamp", "The signature's timestamp is missing or not whole seconds.");
  const now = options.now ?? Date.now();
  if (Math.abs(now / 1000 - Number(t)) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError("timestamp_outside_tolerance", "The signature's timestamp is too far from now (a replay, or a clock out of step).");
  }
  return t;
}

/** The contract's `X-Service-Signature`, keyed by the whole secret string. */
function verifiesServiceSignature(body: Buffer, value: string, secret: string, options: VerifyWebhookOptions): boolean {
  const entries = value.split(",").map((part) => part.trim().split("=", 2) as [string, string?]);
  const timestamps = entries.filter(([name]) => name === "t");
  if (timestamps.length !== 1) throw new WebhookVerificationError("bad_timestamp", "X-Service-Signature needs exactly one t.");
  const t = checkTimestamp(timestamps[0]![1], options);
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.`).update(body).digest("hex"));
  const candidates = entries.filter(([name, signature]) => name === "v1" && signature && HEX_SIGNATURE.test(signature)).map(([, signature]) => Buffer.from(signature!));
  return anyEqual(expected, candidates);
}

/** The Standard Webhooks message, `<webhook-id>.<webhook-timestamp>.<body>`, and its signature entries. */
function standardParts(body: Buffer, headers: WebhookHeaders, options: VerifyWebhookOptions) {
  const id = header(headers, "webhook-id");
  const signatures = header(headers, "webhook-signature");
  if (!id || !signatures) return null;
  const t = checkTimestamp(header(headers, "webhook-timestamp"), options);
  const entries = signatures.split(" ").map((entry) => entry.split(",", 2) as [string, string?]);
  return { message: Buffer.concat([Buffer.from(`${id}.${t}.`), body]), entries };
}

function verifiesStandardHmac(body: Buffer, headers: WebhookHeaders, secret: string, options: VerifyWebhookOptions): boolean {
  const parts = standardParts(body, headers, options);
  if (!parts) return false;
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = Buffer.from(createHmac("sha256", key).update(parts.message).digest("base64"));
  return anyEqual(expected, parts.entries.filter(([version, signature]) => version === "v1" && signature).map(([, signature]) => Buffer.from(signature!)));
}

function ed25519Key(publicKey: string): KeyObject {
  const raw = Buffer.from(publicKey.slice("whpk_".length), "base64");
  if (raw.length !== 32) throw new WebhookVerificationError("bad_secret", "A public key is `whpk_` and the base64 of 32 bytes.");
  return createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") }, format: "jwk" });
}

function verifiesEd25519(body: Buffer, headers: WebhookHeaders, publicKey: string, options: VerifyWebhookOptions): boolean {
  const key = ed25519Key(publicKey);
  const parts = standardParts(body, headers, options);
  if (!parts) return false;
  let isMatch = false;
  for (const [version, signature] of parts.entries) if (version === "v1a" && signature && verifySignature(null, parts.message, key, Buffer.from(signature, "base64"))) isMatch = true;
  return isMatch;
}

/**
 * Verifies a delivery and returns its event, typed by `type`. `rawBody` is the body exactly as received
 * (re-serialized JSON does not verify); `secretOrPublicKey` is the endpoint's `whsec_…` secret (both HMAC
 * dialects), its `whpk_…` public key (Ed25519), or several of them during a rotation. Throws
 * `WebhookVerificationError` when nothing verifies.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secretOrPublicKey: string | readonly string[], options: VerifyWebhookOptions = {}): WebhookEvent {
  const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : Buffer.from(rawBody);
  const keys = typeof secretOrPublicKey === "string" ? [secretOrPublicKey] : [...secretOrPublicKey];
  const serviceSignature = header(headers, "x-service-signature");
  if (!serviceSignature && !header(headers, "webhook-signature")) throw new WebhookVerificationError("missing_headers", "No X-Service-Signature or webhook-signature header.");
  let isVerified = false;
  for (const key of keys) {
    if (key.startsWith("whpk_")) isVerified = verifiesEd25519(body, headers, key, options) || isVerified;
    else if (key.startsWith("whsec_")) {
      isVerified = (serviceSignature ? verifiesServiceSignature(body, serviceSignature, key, options) : false) || isVerified;
      isVerified = verifiesStandardHmac(body, headers, key, options) || isVerified;
    } else throw new WebhookVerificationError("bad_secret", "Pass the endpoint's secret (whsec_…) or public key (whpk_…).");
  }
  if (!isVerified) throw new WebhookVerificationError("no_matching_signature", "No signature matches this body and key.");
  try {
    return JSON.parse(body.toString("utf8")) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("bad_body", "The body is not JSON.");
  }
}
