// The X-Service-Signature header (contract section 6.4): `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256>`
// over `<t>.<raw body>`. Computed at every attempt, so `t` is the time of that attempt.
import { createHmac } from "node:crypto";

/**
 * The HMAC key is the endpoint's whole secret string as UTF-8, `whsec_` prefix included (not the hex
 * decoded): receivers key their check with the secret exactly as shown to them. `src/webhooks/verify.ts`
 * does the same.
 */
export function signatureHeader(secret: string, body: string | Buffer, timestampSeconds: number): string {
  const t = String(Math.floor(timestampSeconds));
  const v1 = createHmac("sha256", secret).update(`${t}.`).update(body).digest("hex");
  return `t=${t},v1=${v1}`;
}
