// API keys: `sk_` + 64 lowercase hex from a CSPRNG. Only the SHA-256 hash is stored and looked up.
import { createHash, randomBytes } from "node:crypto";

export const API_KEY_PATTERN = /^sk_[0-9a-f]{64}$/;

export function generateApiKey(): string {
  return `sk_${randomBytes(32).toString("hex")}`;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
