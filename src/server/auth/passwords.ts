// Password hashing with scrypt (salted, memory-hard). Stored as scrypt$N$r$p$salt$hash, so hashes
// made under an older cost still verify and are upgraded at the next successful login.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { getEnv } from "@/env";
import { serviceUnavailable } from "@/server/errors";
import { concurrencyLimit, QueueFullError } from "@/server/lib/concurrency";

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
/** The largest N a stored hash may name (bounds the memory one verification takes). */
const MAX_STORED_N = 2 ** 20;
const keyLength = 64;

/** The parameters new hashes get: N = 2^PASSWORD_HASH_COST (default 2^17), r = 8, p = 1. */
function currentParams(): { N: number; r: number; p: number } {
  return { N: 2 ** getEnv().passwordHashCost, r: BLOCK_SIZE, p: PARALLELISM };
}

/**
 * At most PASSWORD_HASH_CONCURRENCY hashes at once (2: each takes 128 MiB and a libuv thread for
 * ~0.3-0.7 s), PASSWORD_HASH_QUEUE waiting; beyond, a 503 with Retry-After at once, so a burst of
 * anonymous logins cannot queue a real user's login behind seconds of hashing.
 */
export const passwordHashing = concurrencyLimit({ concurrency: () => getEnv().passwordHashConcurrency, queue: () => getEnv().passwordHashQueue });

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; the default cap (32 MiB) is below N=2^17.
  const scryptOptions: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r };
  return passwordHashing
    .run(
      () =>
        new Promise<Buffer>((resolve, reject) =>
          scrypt(password.normalize("NFKC"), salt, keyLength, scryptOptions, (error, key) => (error ? reject(error) : resolve(key))),
        ),
    )
    .catch((error: unknown) => {
      if (error instanceof QueueFullError) throw serviceUnavailable(1, "Too many sign-ins at once; try again in a moment.");
      throw error;
    });
}

export async function hashPassword(password: string): Promise<string> {
  const params = currentParams();
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const params = { N: Number(N), r: Number(r), p: Number(p) };
  if (!Number.isInteger(params.N) || params.N > MAX_STORED_N || params.r !== BLOCK_SIZE || params.p !== PARALLELISM) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with other parameters than new hashes get (then rehash at login). */
export function needsRehash(stored: string): boolean {
  const [, N, r, p] = stored.split("$");
  const params = currentParams();
  return Number(N) !== params.N || Number(r) !== params.r || Number(p) !== params.p;
}

const decoyHashes = new Map<number, Promise<string>>();

/** A hash to check against when the email is unknown, so both login failures take the same time. */
export function decoyPasswordHash(): Promise<string> {
  const { N } = currentParams();
  if (!decoyHashes.has(N)) {
    const decoy = hashPassword(randomBytes(16).toString("hex"));
    // A refused hash (the hashing queue was full) is not kept: the next login makes the decoy.
    decoy.catch(() => decoyHashes.delete(N));
    decoyHashes.set(N, decoy);
  }
  return decoyHashes.get(N)!;
}
