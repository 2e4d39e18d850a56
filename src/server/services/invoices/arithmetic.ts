// Invoice arithmetic, in integer cents and seconds. Pure functions so every rounding rule can be
// checked from a table.
import { Prisma } from "@/generated/prisma/client";
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

/**
 * The SQL form of `billedSeconds(seconds, incrementMinutes, mode)`, for statements that sum billed time.
 * Kept beside the function it mirrors; a test runs both over the same table of cases.
 */
export function billedSecondsSql(columns: { seconds: Prisma.Sql; incrementMinutes: Prisma.Sql; mode: Prisma.Sql }): Prisma.Sql {
  const { seconds: s, incrementMinutes, mode } = columns;
  const increment = Prisma.sql`(${incrementMinutes} * 60)`;
  const remainder = Prisma.sql`(${s} % ${increment})`;
  const whole = Prisma.sql`(${s} - ${remainder})`;
  return Prisma.sql`(CASE WHEN ${incrementMinutes} <= 0 THEN ${s} ELSE (CASE
      WHEN ${remainder} = 0 THEN ${s}
      WHEN ${mode}::text = 'down' THEN ${whole}
      WHEN ${mode}::text = 'up' OR 2 * ${remainder} >= ${increment} THEN ${whole} + ${increment}
      ELSE ${whole} END) END)`;
}

/**
 * The SQL form of `lineAmountCents(billedSeconds(seconds, incrementMinutes, mode), hourlyRateCents)`,
 * for reports that sum amounts in one grouped statement. Kept beside the functions it mirrors; a
 * test runs both over the same table of cases, so a report and an invoice agree to the cent.
 */
export function lineAmountCentsSql(columns: { seconds: Prisma.Sql; incrementMinutes: Prisma.Sql; mode: Prisma.Sql; hourlyRateCents: Prisma.Sql }): Prisma.Sql {
  return Prisma.sql`((2::bigint * ${billedSecondsSql(columns)} * ${columns.hourlyRateCents} + 3600) / 7200)`;
}

/** A log's columns as the arithmetic above reads them, for a query joining the log as `l` and its customer as `c`. */
const LOG_COLUMNS = {
  seconds: Prisma.sql`l."durationSeconds"`,
  incrementMinutes: Prisma.sql`c."roundingIncrementMinutes"`,
  mode: Prisma.sql`c."roundingMode"`,
  hourlyRateCents: Prisma.sql`c."hourlyRateCents"`,
};

/**
 * A time log's amount in SQL, for a query joining the log as `l` and its customer as `c`: its invoice
 * line amount when it is billable to a customer billed hourly at a rate, else NULL.
 */
export const LOG_AMOUNT_CENTS_SQL = Prisma.sql`CASE WHEN l."isBillable" AND c."billingType" = 'hourly' AND c."hourlyRateCents" IS NOT NULL THEN ${lineAmountCentsSql(LOG_COLUMNS)} END`;

/**
 * A time log's billed seconds in SQL (same join), as an invoice bills them (`draftLines`): a billable
 * log of an hourly customer rounded by the customer's increment and mode, any other billable log as
 * it is (a fixed fee's logs, a log with no customer), a non-billable log none.
 */
export const LOG_BILLED_SECONDS_SQL = Prisma.sql`CASE WHEN NOT l."isBillable" THEN 0 WHEN c."billingType" = 'hourly' THEN ${billedSecondsSql(LOG_COLUMNS)} ELSE l."durationSeconds" END`;
