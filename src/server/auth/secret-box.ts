// Secrets Orbit must read back (a two-factor TOTP secret, an SSO client secret) are stored encrypted: AES-256-GCM under a key
// derived from SESSION_SECRET with HKDF-SHA-256, one key per purpose (its `info`). A database copy alone
// does not reveal them; changing SESSION_SECRET makes them unreadable (SECURITY.md says so).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "@/env";

const VERSION = "v1";
const SALT = "orbit secret box";
const keys = new Map<string, Buffer>();

/** Derived once per purpose (and again if SESSION_SECRET changes, as it can between test runs). */
function keyFor(purpose: string): Buffer {
  const secret = getEnv().sessionSecret;
  const cacheKey = `${purpose}\n${secret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, SALT, `orbit:${purpose}`, 32));
    keys.clear();
    keys.set(cacheKey, key);
  }
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url), bound to its purpose. */
export function sealSecret(purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The plaintext of `sealSecret`; throws when the value was not sealed for this purpose under this key. */
export function openSecret(purpose: string, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("Not a sealed secret.");
  const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
