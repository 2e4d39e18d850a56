// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
// signed in as a user gets a cookie naming that user and a random device id, signed with an HMAC-SHA256
// key derived from SESSION_SECRET. At a later login for that same user it proves the browser is one
// the user signed in from: the login is counted against that device's own failures instead of the
// email's and the address's (services/auth/throttle.ts), and fair admission serves the browser in the
// user's lane rather than among anonymous clients (http/lanes.ts). It grants nothing else: it is not
// a session, and for any other user it is no proof at all.
// Value: `v1.<userId>.<issued, unix seconds>.<deviceId>.<signature>`, base64url signature of the rest.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/env";

export const DEVICE_COOKIE = "tt_device";
/** How long a device stays proven after its latest sign-in (each sign-in issues a new cookie). */
export const DEVICE_COOKIE_TTL_SECONDS = 180 * 86_400;

/** What a valid device cookie proves: this browser signed in as `userId`. */
export interface DeviceProof {
  userId: string;
  /** Random, per issued cookie: the key of the device's own failure count. */
  deviceId: string;
}

const FIELD = /^[A-Za-z0-9_-]{1,64}$/;

let derivedKey: { secret: string; key: Buffer } | undefined;

/** The signing key, derived from SESSION_SECRET for this use only. */
function deviceKey(): Buffer {
  const secret = getEnv().sessionSecret;
  if (derivedKey?.secret !== secret) derivedKey = { secret, key: createHmac("sha256", secret).update("orbit:device-cookie:v1").digest() };
  return derivedKey.key;
}

const signatureOf = (payload: string) => createHmac("sha256", deviceKey()).update(payload).digest("base64url");

/** A new device cookie's value for a browser that just signed in as `userId`. */
export function issueDeviceCookie(userId: string, now = Date.now()): string {
  const payload = ["v1", userId, Math.floor(now / 1000), randomBytes(16).toString("base64url")].join(".");
  return `${payload}.${signatureOf(payload)}`;
}

/** What a device cookie's value proves, or undefined: malformed, signed with another key, or older than DEVICE_COOKIE_TTL_SECONDS. */
export function readDeviceCookie(value: string | undefined, now = Date.now()): DeviceProof | undefined {
  const parts = value?.split(".");
  if (parts?.length !== 5) return undefined;
  const [version, userId, issued, deviceId, signature] = parts as [string, string, string, string, string];
  if (version !== "v1" || !FIELD.test(userId) || !FIELD.test(deviceId) || !/^\d{1,12}$/.test(issued)) return undefined;
  const expected = Buffer.from(signatureOf(parts.slice(0, 4).join(".")));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const age = now / 1000 - Number(issued);
  if (age < -60 || age > DEVICE_COOKIE_TTL_SECONDS) return undefined;
  return { userId, deviceId };
}
