// Which time logs are invoiced: those an invoice that is not void bills, and those billed in another
// tool before they were imported (`billedExternally`: Harvest's invoiced rows). A void invoice bills
// nothing (its logs are not locked and reports count them as not invoiced), though it stays on record
// with its lines. One definition for the edits' lock (an Orbit invoice's only: a log billed elsewhere
// stays editable here), the reports' `invoiced` filter and their invoice column.
import { Prisma } from "@/generated/prisma/client";

/** Not on an Orbit invoice that is not void: the logs an edit may change. */
export const NOT_ON_LIVE_INVOICE: Prisma.TimeLogWhereInput = { OR: [{ invoiceLine: { is: null } }, { invoiceLine: { is: { invoice: { status: "void" } } } }] };

/** For a query reading the log as `l` (reports): whether it was billed elsewhere or a live invoice bills it. */
export const LOG_IS_INVOICED_SQL = Prisma.sql`(l."billedExternally" OR EXISTS (SELECT 1 FROM "InvoiceLine" il JOIN "Invoice" i ON i."id" = il."invoiceId" AND i."organizationId" = il."organizationId"
  WHERE il."timeLogId" = l."id" AND il."organizationId" = l."organizationId" AND i."status" <> 'void'))`;

/**
 * For a query reading the log as `l`: the line of the live invoice that bills it as `billed_line`, and
 * that invoice as `billed_invoice` (NULLs when none). Part of the rate resolution's joins
 * (LOG_RATE_JOINS_SQL), since an invoiced log keeps its line's figures.
 */
export const LIVE_INVOICE_LINE_JOIN_SQL = Prisma.sql`
  LEFT JOIN ("InvoiceLine" billed_line JOIN "Invoice" billed_invoice ON billed_invoice."id" = billed_line."invoiceId" AND billed_invoice."organizationId" = billed_line."organizationId" AND billed_invoice."status" <> 'void')
    ON billed_line."timeLogId" = l."id" AND billed_line."organizationId" = l."organizationId"`;

/** The number of the live invoice billing the log (with LIVE_INVOICE_LINE_JOIN_SQL; NULL when none), for a report's rows. */
export const LOG_INVOICE_NUMBER_SQL = Prisma.sql`billed_invoice."number"`;
