// Identifiers for rows that travel outside (events, deliveries): a type prefix and 128 random bits.
import { randomBytes } from "node:crypto";

export function newId(prefix: "evt" | "dlv"): string {
  return `${prefix}_${randomBytes(16).toString("hex")}`;
}
