// The SSO client secret at rest: AES-256-GCM under a key derived from SESSION_SECRET with HKDF
// (SHA-256, its own `info`), so a database dump alone does not hand out the provider's secret.
// Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "@/env";

const KEY_INFO = "orbit sso client secret v1";

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", getEnv().sessionSecret, Buffer.alloc(0), KEY_INFO, 32));
}

export function encryptClientSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The secret, or throws when the value was not sealed under this SESSION_SECRET (it was rotated). */
export function decryptClientSecret(stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== "v1" || !iv || !tag || ciphertext === undefined) throw new Error("Unknown SSO secret format.");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
