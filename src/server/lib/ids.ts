// Identifiers for rows that travel outside (events, deliveries): a type prefix, then 48 bits of
// milliseconds and 80 random bits in hex. Ids made later sort later, also within one millisecond
// (the random part counts up), so an event's id orders it like its creation. `newCuid` is for rows
// inserted in SQL whose model's ids are Prisma's `cuid()`.
import { randomBytes, randomInt } from "node:crypto";

let lastMillis = 0;
let lastRandom = 0n;
const RANDOM_BITS = 80n;

export function newId(prefix: "evt" | "dlv" | "att" | "ntf"): string {
  const millis = Math.max(Date.now(), lastMillis);
  lastRandom = millis === lastMillis ? (lastRandom + 1n) % (1n << RANDOM_BITS) : BigInt(`0x${randomBytes(10).toString("hex")}`) >> 1n;
  lastMillis = millis;
  return `${prefix}_${millis.toString(16).padStart(12, "0")}${lastRandom.toString(16).padStart(20, "0")}`;
}

const BASE36_BLOCK = 36 ** 4;
/** This process's part of `cuid()`s made here (Prisma's own runs on the host name and pid). */
const CUID_FINGERPRINT = randomInt(BASE36_BLOCK).toString(36).padStart(4, "0");
let cuidCounter = randomInt(BASE36_BLOCK);

/**
 * An id of the shape Prisma's `@default(cuid())` gives (`c`, then base 36: milliseconds, a counter,
 * the process's fingerprint, 8 random digits; 25 characters today), for rows of such a model that
 * are inserted in SQL, so their ids look like every other row's.
 */
export function newCuid(): string {
  cuidCounter = (cuidCounter + 1) % BASE36_BLOCK;
  const block = (value: number) => value.toString(36).padStart(4, "0");
  return `c${Date.now().toString(36)}${block(cuidCounter)}${CUID_FINGERPRINT}${block(randomInt(BASE36_BLOCK))}${block(randomInt(BASE36_BLOCK))}`;
}
