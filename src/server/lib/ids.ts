// Identifiers for rows that travel outside (events, deliveries): a type prefix, then 48 bits of
// milliseconds and 80 random bits in hex. Ids made later sort later, also within one millisecond
// (the random part counts up), so an event's id orders it like its creation.
import { randomBytes } from "node:crypto";

let lastMillis = 0;
let lastRandom = 0n;
const RANDOM_BITS = 80n;

export function newId(prefix: "evt" | "dlv" | "att" | "ntf"): string {
  const millis = Math.max(Date.now(), lastMillis);
  lastRandom = millis === lastMillis ? (lastRandom + 1n) % (1n << RANDOM_BITS) : BigInt(`0x${randomBytes(10).toString("hex")}`) >> 1n;
  lastMillis = millis;
  return `${prefix}_${millis.toString(16).padStart(12, "0")}${lastRandom.toString(16).padStart(20, "0")}`;
}
