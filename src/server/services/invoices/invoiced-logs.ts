// Which time logs are invoiced: those an invoice that is not void bills. A void invoice bills nothing
// (its logs are not locked and reports count them as not invoiced), though it stays on record with its
// lines. One definition for the edits' lock, the reports' `invoiced` filter and their invoice column.
import { Prisma } from "@/generated/prisma/client";

export const INVOICED_LOG: Prisma.TimeLogWhereInput = { invoiceLine: { is: { invoice: { status: { not: "void" } } } } };

export const NOT_INVOICED_LOG: Prisma.TimeLogWhereInput = { OR: [{ invoiceLine: { is: null } }, { invoiceLine: { is: { invoice: { status: "void" } } } }] };

/** The same in SQL, for a query reading the log as `l`: whether a live invoice bills it. */
export const LOG_IS_INVOICED_SQL = Prisma.sql`EXISTS (SELECT 1 FROM "InvoiceLine" il JOIN "Invoice" i ON i."id" = il."invoiceId" AND i."organizationId" = il."organizationId"
  WHERE il."timeLogId" = l."id" AND il."organizationId" = l."organizationId" AND i."status" <> 'void')`;

/** The number of the live invoice billing the log read as `l` (NULL when none), for a report's rows. */
export const LOG_INVOICE_NUMBER_SQL = Prisma.sql`(SELECT i."number" FROM "InvoiceLine" il JOIN "Invoice" i ON i."id" = il."invoiceId" AND i."organizationId" = il."organizationId"
  WHERE il."timeLogId" = l."id" AND il."organizationId" = l."organizationId" AND i."status" <> 'void')`;
