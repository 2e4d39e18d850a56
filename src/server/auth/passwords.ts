// Password hashing with scrypt (salted, memory-hard). Stored as scrypt$N$r$p$salt$hash, so hashes
// made under an older cost still verify and are upgraded at the next successful login.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { getEnv } from "@/env";

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
/** The largest N a stored hash may name (bounds the memory one verification takes). */
const MAX_STORED_N = 2 ** 20;
const keyLength = 64;

/** The parameters new hashes get: N = 2^PASSWORD_HASH_COST (default 2^17), r = 8, p = 1. */
function currentParams(): { N: number; r: number; p: number } {
  return { N: 2 ** getEnv().passwordHashCost, r: BLOCK_SIZE, p: PARALLELISM };
}

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; the default cap (32 MiB) is below N=2^17.
  const scryptOptions: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, scryptOptions, (error, key) => (error ? reject(error) : resolve(key))),
  );
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
  if (!decoyHashes.has(N)) decoyHashes.set(N, hashPassword(randomBytes(16).toString("hex")));
  return decoyHashes.get(N)!;
}
