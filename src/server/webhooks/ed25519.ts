// Asymmetric signatures (app-api section 13, Standard Webhooks `v1a`): an endpoint created or patched
// with `signing: "ed25519"` gets a key pair. The public key is shown as `whpk_` + base64 of its raw
// 32 bytes; the private key is kept sealed with SESSION_SECRET (iron-session's seal, as calendar feed
// tokens are) and unsealed once per process and key. Each attempt then adds `v1a,<base64 Ed25519
// signature of "<webhook-id>.<t>.<body>">` to `webhook-signature`, beside the HMAC signatures.
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import { getEnv } from "@/env";

export const PUBLIC_KEY_PREFIX = "whpk_";

export interface SigningKeyPair {
  publicKey: string;
  sealedPrivateKey: string;
}

export async function newSigningKeyPair(): Promise<SigningKeyPair> {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const raw = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url");
  const pkcs8 = privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");
  // ttl 0: the seal never expires; a rotation or a switch back to hmac replaces it.
  return { publicKey: `${PUBLIC_KEY_PREFIX}${raw.toString("base64")}`, sealedPrivateKey: await sealData({ pkcs8 }, { password: getEnv().sessionSecret, ttl: 0 }) };
}

/** Unsealed keys by their sealed form: a handful per process (at most 20 endpoints an organization). */
const unsealed = new Map<string, KeyObject>();
const MAX_CACHED_KEYS = 1_000;

async function privateKeyOf(sealedPrivateKey: string): Promise<KeyObject> {
  const cached = unsealed.get(sealedPrivateKey);
  if (cached) return cached;
  const { pkcs8 } = await unsealData<{ pkcs8?: string }>(sealedPrivateKey, { password: getEnv().sessionSecret, ttl: 0 });
  if (typeof pkcs8 !== "string") throw new Error("the endpoint's signing key cannot be unsealed (SESSION_SECRET changed?)");
  const key = createPrivateKey({ key: Buffer.from(pkcs8, "base64"), format: "der", type: "pkcs8" });
  if (unsealed.size >= MAX_CACHED_KEYS) unsealed.delete(unsealed.keys().next().value!);
  unsealed.set(sealedPrivateKey, key);
  return key;
}

/** The `v1a,<base64>` entry of `webhook-signature` for one attempt. */
export async function ed25519SignatureEntry(sealedPrivateKey: string, messageId: string, body: Buffer, timestampSeconds: number): Promise<string> {
  const message = Buffer.concat([Buffer.from(`${messageId}.${Math.floor(timestampSeconds)}.`, "utf8"), body]);
  return `v1a,${sign(null, message, await privateKeyOf(sealedPrivateKey)).toString("base64")}`;
}
