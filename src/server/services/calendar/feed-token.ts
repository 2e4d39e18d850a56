// Calendar feed tokens: 32 random bytes, base64url (43 characters). Looked up by SHA-256; the token
// itself is kept sealed with SESSION_SECRET so that its owner can copy the URL again later.
import { sealData, unsealData } from "iron-session";
import { getEnv } from "@/env";
import { URL_TOKEN_PATTERN } from "@/server/lib/url-token";

export { URL_TOKEN_PATTERN as FEED_TOKEN_PATTERN, generateUrlToken as generateFeedToken, hashUrlToken as hashFeedToken } from "@/server/lib/url-token";

export function sealFeedToken(token: string): Promise<string> {
  // ttl 0: the seal itself never expires; revoking or regenerating ends a URL.
  return sealData({ token }, { password: getEnv().sessionSecret, ttl: 0 });
}

/** The token, or null when it cannot be unsealed (the session secret changed since). */
export async function unsealFeedToken(sealed: string): Promise<string | null> {
  const data = await unsealData<{ token?: unknown }>(sealed, { password: getEnv().sessionSecret, ttl: 0 }).catch(() => ({}) as { token?: unknown });
  return typeof data.token === "string" && URL_TOKEN_PATTERN.test(data.token) ? data.token : null;
}
