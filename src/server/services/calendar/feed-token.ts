// Calendar feed tokens: 32 random bytes, base64url (43 characters). Looked up by SHA-256; the token
// itself is kept sealed with SESSION_SECRET so that its owner can copy the URL again later.
import { createHash, randomBytes } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import { getEnv } from "@/env";

export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function generateFeedToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashFeedToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function sealFeedToken(token: string): Promise<string> {
  // ttl 0: the seal itself never expires; revoking or regenerating ends a URL.
  return sealData({ token }, { password: getEnv().sessionSecret, ttl: 0 });
}

/** The token, or null when it cannot be unsealed (the session secret changed since). */
export async function unsealFeedToken(sealed: string): Promise<string | null> {
  const data = await unsealData<{ token?: unknown }>(sealed, { password: getEnv().sessionSecret, ttl: 0 }).catch(() => ({}) as { token?: unknown });
  return typeof data.token === "string" && FEED_TOKEN_PATTERN.test(data.token) ? data.token : null;
}
