// Password hashing with scrypt (salted, memory-hard). Stored as scrypt$N$r$p$salt$hash, so hashes
// made under an older cost still verify and are upgraded at the next successful login.
// A request waiting for a hash holds no slot of fair admission: it gives its slot back before it
// queues for the hasher (load/request-slot.ts); the hasher's own bound (BOUNDS.passwordHashes:
// PASSWORD_HASH_CONCURRENCY running, PASSWORD_HASH_QUEUE waiting, beyond: 503) is what bounds such requests.
// A login for an email that has no account computes no hash: it waits as long as a password check
// takes (waitLikePasswordCheck), a duration drawn from the checks this process made lately.
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { getEnv } from "@/env";
import { BOUNDS } from "@/server/load/bounds";
import { concurrencyLimit } from "@/server/load/concurrency";
import { recordPasswordHash } from "@/server/operations/metrics";
import { leaveRequestSlot } from "@/server/load/request-slot";
import { processState } from "@/server/process-state";

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
/** The largest N a stored hash may name (bounds the memory one verification takes). */
const MAX_STORED_N = 2 ** 20;
const keyLength = 64;

/** The parameters new hashes get: N = 2^PASSWORD_HASH_COST (default 2^17), r = 8, p = 1. */
function currentParams(): { N: number; r: number; p: number } {
  return { N: 2 ** getEnv().passwordHashCost, r: BLOCK_SIZE, p: PARALLELISM };
}

const SAMPLES_KEPT = 32;

/**
 * The process's hasher and what it knows, one per process whichever bundle asks (the server's boot
 * calibrates the hasher Next's routes use): BOUNDS.passwordHashes at once and waiting, beyond a 503
 * with Retry-After at once; the hashes computed (also `orbit_password_hashes_total`); how long the
 * latest checks at the current cost took, from asking the hasher (its queue included) to their
 * result, which a login for an unknown email waits instead of hashing; the calibrations running, by cost.
 */
const hashing = processState("passwordHashing", () => ({
  limit: concurrencyLimit(BOUNDS.passwordHashes),
  computed: 0,
  observed: { N: 0, durations: [] as number[], next: 0 },
  calibrations: new Map<number, Promise<void>>(),
}));
export const passwordHashing = hashing.limit;
const { observed, calibrations } = hashing;

/** Password hashes this process computed. */
export const passwordHashCount = () => hashing.computed;

function recordDuration(N: number, ms: number): void {
  if (observed.N !== N) Object.assign(observed, { N, durations: [], next: 0 });
  observed.durations[observed.next] = ms;
  observed.next = (observed.next + 1) % SAMPLES_KEPT;
}

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; the default cap (32 MiB) is below N=2^17.
  const scryptOptions: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r };
  // The wait for the hasher, and the hash on its thread, need no request slot: others use it meanwhile.
  leaveRequestSlot();
  const asked = performance.now();
  return passwordHashing
    .run(
      () =>
        new Promise<Buffer>((resolve, reject) => {
          hashing.computed += 1;
          recordPasswordHash();
          scrypt(password.normalize("NFKC"), salt, keyLength, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)));
        }),
    )
    .then((key) => {
      if (options.N === currentParams().N) recordDuration(options.N, performance.now() - asked);
      return key;
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

/**
 * One hash of a random password at the current cost, so that a duration is known before any real
 * check was made: the server runs it at boot, and a login for an unknown email waits for it (or for
 * the one already running) only if no check at the current cost was timed yet.
 */
export function calibratePasswordHashing(): Promise<void> {
  const { N } = currentParams();
  let calibration = calibrations.get(N);
  if (!calibration) {
    calibration = hashPassword(randomBytes(16).toString("hex")).then(() => undefined);
    calibrations.set(N, calibration);
    void calibration.catch(() => {}).finally(() => calibrations.delete(N));
  }
  return calibration;
}

/**
 * Waits as long as checking a password would take now, without hashing: for a login whose email has
 * no account, so that its answer comes no sooner or later than a wrong password's. Like a check, it
 * gives the request's slot back first and is refused (503) when the hasher is full. The wait is one of
 * the last 32 checks' durations at the current cost (queueing included), picked at random and moved
 * by up to ±5%, so that it follows the hasher's load as real checks do.
 */
export async function waitLikePasswordCheck(): Promise<void> {
  leaveRequestSlot();
  if (passwordHashing.isFull()) throw passwordHashing.refusal();
  const { N } = currentParams();
  if (observed.N !== N || !observed.durations.length) await calibratePasswordHashing();
  const sample = observed.durations[randomInt(observed.durations.length)] ?? 0;
  const ms = sample * (0.95 + Math.random() * 0.1);
  await new Promise((resolve) => setTimeout(resolve, ms));
}
