// Time-based one-time passwords (RFC 6238: SHA-1, 6 digits, 30-second steps) by the otpauth library.
// Orbit only decides which step a code belongs to; remembering the last accepted step (so a code is
// accepted once) is services/auth/two-factor.ts's job.
import { TOTP_CODE_DIGITS } from "@/lib/limits";
import { Secret, TOTP } from "otpauth";

const ISSUER = "Orbit";
const PERIOD_SECONDS = 30;
/** Steps before and after the current one that still count (clocks drift, people type slowly). */
const SKEW_STEPS = 1;

function totpOf(secret: string, label = ""): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: TOTP_CODE_DIGITS, period: PERIOD_SECONDS });
}

/** A new random secret (160 bits), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI authenticator apps read from the QR code. */
export function totpUri(secret: string, accountName: string): string {
  return totpOf(secret, accountName).toString();
}

/** The time step a code is right for (the current one, or one before or after), or null. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: SKEW_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
