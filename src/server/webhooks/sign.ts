// The X-Service-Signature header (contract section 6.4): `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256>`
// over `<t>.<raw body>`. Computed at every attempt, so `t` is the time of that attempt.
import { createHmac } from "node:crypto";

/**
 * The HMAC key is the endpoint's whole secret string as UTF-8, `whsec_` prefix included (not the hex
 * decoded): receivers key their check with the secret exactly as shown to them. `src/webhooks/verify.ts`
 * does the same.
 */
export function signatureHeader(secret: string | readonly string[], body: string | Buffer, timestampSeconds: number): string {
  const t = String(Math.floor(timestampSeconds));
  // During a secret rotation one v1 per secret, the new one first (app-api section 8).
  const signatures = (typeof secret === "string" ? [secret] : secret).map((key) => `v1=${createHmac("sha256", key).update(`${t}.`).update(body).digest("hex")}`);
  return `t=${t},${signatures.join(",")}`;
}

const SECRET_PREFIX = "whsec_";

/**
 * The Standard Webhooks `webhook-signature` header: `v1,<base64 HMAC-SHA256 of "<id>.<t>.<body>">`, keyed
 * with the base64 decoding of the secret's part after `whsec_` (the Standard Webhooks convention), so
 * their libraries verify our deliveries given the endpoint's secret string as it is.
 */
export function standardSignatureHeader(secret: string | readonly string[], messageId: string, body: string | Buffer, timestampSeconds: number): string {
  const t = String(Math.floor(timestampSeconds));
  // Space-separated, one per secret during a rotation (the Standard Webhooks form).
  return (typeof secret === "string" ? [secret] : secret)
    .map((value) => {
      const key = Buffer.from(value.startsWith(SECRET_PREFIX) ? value.slice(SECRET_PREFIX.length) : value, "base64");
      return `v1,${createHmac("sha256", key).update(`${messageId}.${t}.`).update(body).digest("base64")}`;
    })
    .join(" ");
}
