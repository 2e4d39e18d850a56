// Invoice arithmetic, in integer cents and seconds. Pure functions so every rounding rule can be
// checked from a table.
import type { RoundingMode } from "@/generated/prisma/enums";

/** `numerator / denominator` rounded half up, for non-negative integers. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** A log's seconds rounded to the customer's increment (0 minutes: no rounding); `nearest` rounds halves up. */
export function billedSeconds(seconds: number, incrementMinutes: number, mode: RoundingMode): number {
  if (incrementMinutes <= 0) return seconds;
  const increment = incrementMinutes * 60;
  const whole = Math.floor(seconds / increment) * increment;
  const remainder = seconds - whole;
  if (remainder === 0) return seconds;
  if (mode === "down") return whole;
  if (mode === "up") return whole + increment;
  return 2 * remainder >= increment ? whole + increment : whole;
}

/** Billed seconds at an hourly rate, rounded to the cent (half up). */
export function lineAmountCents(seconds: number, hourlyRateCents: number): number {
  return divideRoundHalfUp(seconds * hourlyRateCents, 3600);
}

/** Tax on the subtotal in basis points, rounded to the cent (half up). */
export function taxCents(subtotalCents: number, taxRateBps: number): number {
  return divideRoundHalfUp(subtotalCents * taxRateBps, 10_000);
}
