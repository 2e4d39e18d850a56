// Identifiers for rows that travel outside (events, deliveries): a type prefix, then 48 bits of
// milliseconds and 80 random bits in hex. Ids made later sort later, also within one millisecond
// (the random part counts up), so an event's id orders it like its creation; `newIdsInSql` gives the
// same ids to rows a statement creates itself. `newCuid` is for rows inserted in SQL whose model's
// ids are Prisma's `cuid()`.
import { randomBytes, randomInt } from "node:crypto";
import { Prisma } from "@/server/db";

type IdPrefix = "evt" | "dlv" | "att" | "ntf" | "aud";

let lastMillis = 0;
let lastRandom = 0n;
const RANDOM_BITS = 80n;
const RANDOM_RANGE = 1n << RANDOM_BITS;

/** Takes the next `count` ids' milliseconds and the first one's random part (the others count up from it). */
function reserveIds(count: number): { millis: number; firstRandom: bigint } {
  const millis = Math.max(Date.now(), lastMillis);
  const firstRandom = millis === lastMillis ? (lastRandom + 1n) % RANDOM_RANGE : BigInt(`0x${randomBytes(10).toString("hex")}`) >> 1n;
  lastRandom = (firstRandom + BigInt(count - 1)) % RANDOM_RANGE;
  lastMillis = millis;
  return { millis, firstRandom };
}

const millisHex = (prefix: IdPrefix, millis: number) => `${prefix}_${millis.toString(16).padStart(12, "0")}`;

export function newId(prefix: IdPrefix): string {
  const { millis, firstRandom } = reserveIds(1);
  return `${millisHex(prefix, millis)}${firstRandom.toString(16).padStart(20, "0")}`;
}

/**
 * The next `count` ids, for rows made in SQL: the returned function gives the SQL expression of the
 * id at `position` (an integer expression from 0 to count - 1), the id `newId` would have made after
 * `position` others, so they sort like their positions and after every id made before. The random part
 * counts up as a numeric and is written as two 40-bit halves (`to_hex` takes at most a bigint).
 */
export function newIdsInSql(prefix: IdPrefix, count: number): (position: Prisma.Sql) => Prisma.Sql {
  const { millis, firstRandom } = reserveIds(count);
  const half = (1n << (RANDOM_BITS / 2n)).toString();
  const random = (position: Prisma.Sql) => Prisma.sql`mod(${firstRandom.toString()}::numeric + (${position}), ${RANDOM_RANGE.toString()}::numeric)`;
  return (position) =>
    Prisma.sql`(${millisHex(prefix, millis)}::text || lpad(to_hex(div(${random(position)}, ${half}::numeric)::bigint), 10, '0') || lpad(to_hex(mod(${random(position)}, ${half}::numeric)::bigint), 10, '0'))`;
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
