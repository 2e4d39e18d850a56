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

/** The number of the live invoice billing the log read as `l` (NULL when none), for a report's rows. */
export const LOG_INVOICE_NUMBER_SQL = Prisma.sql`(SELECT i."number" FROM "InvoiceLine" il JOIN "Invoice" i ON i."id" = il."invoiceId" AND i."organizationId" = il."organizationId"
  WHERE il."timeLogId" = l."id" AND il."organizationId" = l."organizationId" AND i."status" <> 'void')`;
