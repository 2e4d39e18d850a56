// The credentials of installable apps (OAuth 2.0, app-api section 14): the public client id, the
// secret shown once (only its SHA-256 is stored, compared in constant time), the single-use
// authorization code (stored hashed too) and the PKCE S256 check (RFC 7636 4.6).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const CLIENT_ID_PATTERN = /^oa_[0-9a-f]{24}$/;
export const CLIENT_SECRET_PATTERN = /^oas_[0-9a-f]{64}$/;

export const generateClientId = (): string => `oa_${randomBytes(12).toString("hex")}`;
export const generateClientSecret = (): string => `oas_${randomBytes(32).toString("hex")}`;
/** 256 bits, base64url: what the redirect carries. */
export const generateAuthorizationCode = (): string => randomBytes(32).toString("base64url");

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** Whether `secret` is the one whose hash is stored; the hashes are compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(sha256Hex(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** RFC 7636: a verifier is 43-128 characters of [A-Z a-z 0-9 - . _ ~]; a S256 challenge is 43 base64url characters. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
export const S256_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Whether BASE64URL(SHA256(verifier)) is the challenge, compared in constant time. */
export function verifierMatchesChallenge(verifier: string, challenge: string): boolean {
  if (!CODE_VERIFIER_PATTERN.test(verifier)) return false;
  const computed = Buffer.from(createHash("sha256").update(verifier, "ascii").digest("base64url"));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
