// Secret URL tokens (calendar feeds, shared reports, invites): 32 random bytes, base64url (43
// characters). Stored and looked up by SHA-256 only; the token lives in the URL alone.
import { createHash, randomBytes } from "node:crypto";

export const URL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function generateUrlToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashUrlToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
