// Invoice arithmetic, in integer cents and seconds. Pure functions so every rounding rule can be
// checked from a table.
import { Prisma } from "@/generated/prisma/client";
import type { RoundingMode } from "@/generated/prisma/enums";
import { LIVE_INVOICE_LINE_JOIN_SQL } from "./invoiced-logs";

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

/**
 * The rate resolution (app-api section 16), for a query reading the log as `l` and its customer as `c`:
 * the joins it reads, then a billable log's hourly rate as the project-member rate, else the project's
 * rate, else the member's billable rate, else the customer's. Invoices, reports and budgets all read a
 * log's rate through these fragments, so they agree to the cent. A log a live invoice bills (one that
 * is not void) keeps that invoice's figures for good: its line's billed seconds and amount, and the
 * invoice's currency and tax rate, whatever the rates became since (LIVE_INVOICE_LINE_JOIN_SQL). The
 * aliases are the resolution's own (`rate_*`, `billed_*`), so a query may join the same tables for its groups.
 */
export const LOG_RATE_JOINS_SQL = Prisma.sql`
  LEFT JOIN "ConstellationMemberRate" rate_pm ON rate_pm."constellationId" = l."constellationId" AND rate_pm."userId" = l."userId" AND rate_pm."organizationId" = l."organizationId"
  LEFT JOIN "Constellation" rate_p ON rate_p."id" = l."constellationId" AND rate_p."organizationId" = l."organizationId"
  LEFT JOIN "User" rate_u ON rate_u."id" = l."userId" AND rate_u."organizationId" = l."organizationId"
  ${LIVE_INVOICE_LINE_JOIN_SQL}`;

/** Whether a live invoice bills the log (same joins): its figures are then the invoice line's. */
const LOG_IS_BILLED_SQL = Prisma.sql`billed_invoice."id" IS NOT NULL`;

/** The currency of a log's amount (same joins): its invoice's when a live one bills it, else its customer's. */
export const LOG_CURRENCY_SQL = Prisma.sql`COALESCE(billed_invoice."currency", c."currency")`;

/**
 * The live invoice that bills a log (same joins; NULL when none): tax is taken on each invoice's part
 * of a group at the rate kept with the invoice (LOG_TAX_RATE_BPS_SQL), and on the rest per customer at
 * its rate, as each invoice takes it on its own. Grouping by it and the customer's id is grouping by
 * primary keys, so the currency and rate need no grouping of their own.
 */
export const LOG_INVOICE_ID_SQL = Prisma.sql`billed_invoice."id"`;
export const LOG_TAX_RATE_BPS_SQL = Prisma.sql`COALESCE(billed_invoice."taxRateBps", c."taxRateBps")`;

export const LOG_HOURLY_RATE_CENTS_SQL = Prisma.sql`COALESCE(rate_pm."hourlyRateCents", rate_p."hourlyRateCents", rate_u."billableRateCents", c."hourlyRateCents")`;

/** A log's columns as the arithmetic above reads them (same joins). */
const LOG_COLUMNS = {
  seconds: Prisma.sql`l."durationSeconds"`,
  incrementMinutes: Prisma.sql`c."roundingIncrementMinutes"`,
  mode: Prisma.sql`c."roundingMode"`,
  hourlyRateCents: LOG_HOURLY_RATE_CENTS_SQL,
};

/**
 * A time log's amount in SQL (same joins), when it is billable to a customer billed hourly: the line
 * of the live invoice that bills it, else its invoice line amount at today's rates when some level of
 * the resolution gives it one; else NULL.
 */
export const LOG_AMOUNT_CENTS_SQL = Prisma.sql`CASE WHEN l."isBillable" AND c."billingType" = 'hourly' THEN (CASE
    WHEN ${LOG_IS_BILLED_SQL} THEN billed_line."amountCents"
    WHEN ${LOG_HOURLY_RATE_CENTS_SQL} IS NOT NULL THEN ${lineAmountCentsSql(LOG_COLUMNS)} END) END`;

/**
 * What a log cost (same joins): its tracked seconds, billable or not and before any rounding, at its
 * member's cost rate, rounded to the cent (half up); NULL when the member has no cost rate.
 */
export const LOG_COST_CENTS_SQL = Prisma.sql`((2::bigint * l."durationSeconds" * rate_u."costRateCents" + 3600) / 7200)`;

/**
 * A time log's billed seconds in SQL (same joins), as an invoice bills them (`draftLines`): the line
 * of the live invoice that bills it; else a billable log of an hourly customer rounded by the
 * customer's increment and mode, any other billable log as it is (a fixed fee's logs, a log with no
 * customer), a non-billable log none.
 */
export const LOG_BILLED_SECONDS_SQL = Prisma.sql`CASE WHEN ${LOG_IS_BILLED_SQL} THEN billed_line."billedSeconds" WHEN NOT l."isBillable" THEN 0 WHEN c."billingType" = 'hourly' THEN ${billedSecondsSql(LOG_COLUMNS)} ELSE l."durationSeconds" END`;
