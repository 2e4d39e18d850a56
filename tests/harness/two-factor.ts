// Two-factor sign-in as a person's authenticator app does it: codes computed by the TOTP library from
// the secret the setup route handed out, for the current step or one next to it.
import { expect } from "vitest";
import { Secret, TOTP } from "otpauth";
import type { SignedInUser } from "./factories";

const PERIOD_MS = 30_000;

/** The 6-digit code of the step `offset` steps from now (RFC 6238: SHA-1, 6 digits, 30 s). */
export function totpCode(secret: string, offset = 0, now = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: now + offset * PERIOD_MS });
}

/**
 * Waits, when the current step ends within the next few seconds, until the next one starts: a code
 * computed for "one step away" must still be one step away when the server checks it.
 */
export async function awayFromStepEdge(marginMs = 4_000): Promise<void> {
  const remaining = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (remaining < marginMs) await new Promise((resolve) => setTimeout(resolve, remaining + 50));
}

/** Sets two-factor up and enables it for a signed-in user with the current code; its secret and recovery codes. */
export async function enableTwoFactor(user: SignedInUser, codeOffset = 0): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await user.client.post("/api/app/me/two-factor/setup");
  expect(setup.status, setup.text).toBe(200);
  const secret: string = setup.body.data.secret;
  await awayFromStepEdge();
  const enabled = await user.client.post("/api/app/me/two-factor/enable", { code: totpCode(secret, codeOffset) });
  expect(enabled.status, enabled.text).toBe(200);
  return { secret, recoveryCodes: enabled.body.data.recoveryCodes };
}
