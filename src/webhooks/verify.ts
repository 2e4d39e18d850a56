// Receiver-side check of an Orbit webhook signature (contract section 6.4). Framework-free: it needs
// only node:crypto, the raw request body exactly as received, the X-Service-Signature header and the
// endpoint secret.
import { createHmac, timingSafeEqual } from "node:crypto";

export interface VerifyOptions {
  /** Largest accepted |now - t| in seconds. The reference tolerance is 300. */
  toleranceSeconds?: number;
  /** The receiver's current time: a Date or milliseconds since the epoch (as Date.now()). Defaults to now. */
  now?: Date | number;
}

/**
 * True when `header` carries a valid signature of `rawBody` under `secret`, made within the tolerance.
 *
 * - `rawBody` must be the unparsed body bytes (a string is taken as its UTF-8 bytes); re-serialized JSON
 *   does not verify.
 * - `secret` is the endpoint secret exactly as issued, `whsec_` prefix included: it is the HMAC key.
 * - The header is `t=<unix seconds>,v1=<64 lowercase hex>`. `t` must be present once and be an integer
 *   number of seconds written in decimal digits; anything else (missing, empty, `abc`, `1e9`, `NaN`,
 *   `Infinity`, repeated) fails. At least one `v1` must be present. Several `v1` entries are accepted if
 *   any of them matches, so a sender may sign with more than one secret during a rotation. Entries with
 *   other names are ignored, which keeps room for future schemes.
 * - Each `v1` is compared with the expected value in constant time; a `v1` of a different byte length
 *   fails without comparing.
 * - Fails when |now - t| exceeds `toleranceSeconds`, in either direction (stale or from the future).
 */
export function verifyWebhookSignature(
  rawBody: string | Buffer,
  header: string | null | undefined,
  secret: string,
  { toleranceSeconds = 300, now }: VerifyOptions = {},
): boolean {
  if (typeof header !== "string" || !header) return false;
  const timestamps: string[] = [];
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (name === "t") timestamps.push(value);
    else if (name === "v1") signatures.push(value);
  }
  if (timestamps.length !== 1 || signatures.length === 0) return false;
  const t = timestamps[0]!;
  if (!/^\d{1,15}$/.test(t)) return false;
  const timestampSeconds = Number(t);
  if (!Number.isFinite(timestampSeconds)) return false;

  const nowMs = now === undefined ? Date.now() : now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(nowMs) || !(toleranceSeconds >= 0)) return false;
  if (Math.abs(nowMs / 1000 - timestampSeconds) > toleranceSeconds) return false;

  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.`).update(rawBody).digest("hex"), "utf8");
  let isMatch = false;
  for (const signature of signatures) {
    const candidate = Buffer.from(signature, "utf8");
    // Every candidate is checked (no early exit), so timing does not reveal which entry matched.
    if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) isMatch = true;
  }
  return isMatch;
}
