// Invoice generation: bills a customer's billable, not yet invoiced time logs whose startedAt lies in
// [periodStart, periodEnd], and emits `invoice.created`, all in one transaction.
import type { Customer } from "@/generated/prisma/client";
import { Prisma } from "@/generated/prisma/client";
import type { Db, DbClient } from "@/server/db";
import { AppError, invalidFields, unknownReference, validationError } from "@/server/errors";
import { INVOICE_TRANSACTION } from "@/server/lib/transactions";
import { serializeInvoice, serializeInvoiceSummary, type CreateInvoiceInput, type InvoiceLineView, type InvoiceView } from "@/server/contract/invoice";
import type { Actor } from "@/server/services/auth/account";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";
import { enqueueEvent } from "@/server/webhooks/enqueue";
import { sqlTimestamp } from "@/server/lib/sql";
import { LOG_AMOUNT_CENTS_SQL, LOG_BILLED_SECONDS_SQL, LOG_RATE_JOINS_SQL, taxCents } from "./arithmetic";

/** Largest amount an invoice column holds (32-bit cents). */
const MAX_CENTS = 2_147_483_647;

export function formatInvoiceNumber(sequence: number): string {
  return `INV-${String(sequence).padStart(4, "0")}`;
}

interface UnbilledLog {
  id: string;
  description: string | null;
  startedAt: Date;
  durationSeconds: number;
  taskTitle: string | null;
  /** Rounded by the customer's increment and mode, and at the log's resolved rate (null: no level has one). */
  billedSeconds: number;
  amountCents: number | null;
}

/** A line as it is stored: with the start of the log it bills (its date on the invoice), null for the fee. */
export type DraftLine = InvoiceLineView & { startedAt: Date | null };

const lineDescription = (log: UnbilledLog) => log.description || log.taskTitle || "Time";

const NO_HOURLY_RATE = "the customer bills hourly but has no hourlyRateCents; set it on the customer first";

/** Hourly: every log needs a rate from some level of the resolution; with none on the customer, so does an empty period. */
function assertRated(customer: Customer, logs: UnbilledLog[]): void {
  if (customer.billingType !== "hourly") return;
  if (customer.hourlyRateCents === null && (!logs.length || logs.some((log) => log.amountCents === null))) throw validationError("customerId", NO_HOURLY_RATE);
}

function assertBillable(customer: Customer): void {
  if (customer.billingType === "fixed" && customer.fixedRateCents === null) {
    throw validationError("customerId", "the customer bills a fixed fee but has no fixedRateCents; set it on the customer first");
  }
}

/** Hourly: one line per log. Fixed: the fee line, then a zero-amount line per log the fee covers. */
function draftLines(customer: Customer, logs: UnbilledLog[]): DraftLine[] {
  if (customer.billingType === "fixed") {
    const seconds = logs.reduce((sum, log) => sum + log.durationSeconds, 0);
    const fee: DraftLine = { timeLogId: null, description: "Fixed fee", startedAt: null, seconds, billedSeconds: seconds, amountCents: customer.fixedRateCents! };
    const covered = logs.map((log) => ({
      timeLogId: log.id,
      description: lineDescription(log),
      startedAt: log.startedAt,
      seconds: log.durationSeconds,
      billedSeconds: log.durationSeconds,
      amountCents: 0,
    }));
    return [fee, ...covered];
  }
  return logs.map((log) => ({
    timeLogId: log.id,
    description: lineDescription(log),
    startedAt: log.startedAt,
    seconds: log.durationSeconds,
    billedSeconds: log.billedSeconds,
    amountCents: log.amountCents!,
  }));
}

/** A fixed fee is owed once per period: a second fee invoice overlapping an earlier one is refused. */
async function assertNoOverlappingFee(tx: DbClient, organizationId: string, input: CreateInvoiceInput): Promise<void> {
  const overlapping = await tx.invoice.findFirst({
    where: {
      organizationId,
      customerId: input.customerId,
      status: { not: "void" },
      lines: { some: { timeLogId: null } },
      OR: [
        { periodStart: { lt: input.periodEnd }, periodEnd: { gt: input.periodStart } },
        { periodStart: input.periodStart, periodEnd: input.periodEnd },
      ],
    },
    select: { number: true },
  });
  if (overlapping) throw new AppError("conflict", `Invoice ${overlapping.number} already bills this customer's fixed fee for an overlapping period.`);
}

export interface InvoiceDraft {
  customer: Customer;
  lines: DraftLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * What an invoice for this customer and period would bill: every check of `createInvoice` and the
 * same arithmetic, without writing. `createInvoice` calls it under its lock; a preview calls it as is.
 */
export async function draftInvoice(tx: DbClient, organizationId: string, input: CreateInvoiceInput): Promise<InvoiceDraft> {
  const customer = await tx.customer.findFirst({ where: { id: input.customerId, organizationId } });
  if (!customer) throw invalidFields([unknownReference("customerId", "customer")]);
  assertBillable(customer);
  if (customer.billingType === "fixed") await assertNoOverlappingFee(tx, organizationId, input);

  // Each log's billed seconds and amount through the same SQL as reports (and its rate through the one
  // resolution), so a report and an invoice of the same time agree to the cent.
  const logs = (await tx.$queryRaw<Array<Omit<UnbilledLog, "billedSeconds" | "amountCents"> & { billed: number; amount: bigint | null }>>`
    SELECT l."id", l."description", l."startedAt", l."durationSeconds", t."title" AS "taskTitle",
      (${LOG_BILLED_SECONDS_SQL})::int AS "billed", (${LOG_AMOUNT_CENTS_SQL})::bigint AS "amount"
    FROM "TimeLog" l
    JOIN "Customer" c ON c."id" = l."customerId" AND c."organizationId" = l."organizationId"
    LEFT JOIN "Task" t ON t."id" = l."taskId" AND t."organizationId" = l."organizationId"
    ${LOG_RATE_JOINS_SQL}
    WHERE l."organizationId" = ${organizationId} AND l."customerId" = ${customer.id} AND l."isBillable" AND l."deletedAt" IS NULL
      -- Invoiced in the tool it was imported from (Harvest: Invoiced? Yes): billing it here would bill it twice.
      AND NOT l."billedExternally"
      AND l."startedAt" >= ${sqlTimestamp(input.periodStart)} AND l."startedAt" <= ${sqlTimestamp(input.periodEnd)}
      AND NOT EXISTS (SELECT 1 FROM "InvoiceLine" il WHERE il."timeLogId" = l."id")
    ORDER BY l."startedAt", l."id"`).map(({ billed, amount, ...log }) => ({ ...log, billedSeconds: Number(billed), amountCents: amount === null ? null : Number(amount) }));
  assertRated(customer, logs);
  const lines = draftLines(customer, logs);
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const tax = taxCents(subtotalCents, customer.taxRateBps);
  const totalCents = subtotalCents + tax;
  if (totalCents > MAX_CENTS) {
    throw validationError("periodEnd", "the invoice total exceeds the largest supported amount; invoice a shorter period");
  }
  return { customer, lines, subtotalCents, taxCents: tax, totalCents };
}

export async function createInvoice(db: Db, actor: Actor, input: CreateInvoiceInput, audit: AuditContext): Promise<InvoiceView> {
  const { organizationId } = actor;
  try {
    return await db.$transaction(async (tx) => {
      // Taking the number first locks the organization row until commit, so invoices of one
      // organization are generated one at a time and each sees the logs its predecessors billed.
      const { invoiceSequence, invoiceNotes } = await tx.organization.update({
        where: { id: organizationId },
        data: { invoiceSequence: { increment: 1 } },
        select: { invoiceSequence: true, invoiceNotes: true },
      });
      const { customer, lines, subtotalCents, taxCents: tax, totalCents } = await draftInvoice(tx, organizationId, input);
      // Under the lock, so of concurrent identical requests one bills the logs and the rest find nothing left (the number is rolled back).
      if (customer.billingType === "hourly" && !lines.length) {
        throw new AppError("conflict", "Nothing to bill: the customer has no unbilled billable time in this period.");
      }

      const invoice = await tx.invoice.create({
        data: {
          organizationId,
          customerId: customer.id,
          number: formatInvoiceNumber(invoiceSequence),
          status: "draft",
          currency: customer.currency,
          subtotalCents,
          taxRateBps: customer.taxRateBps,
          taxCents: tax,
          totalCents,
          periodStart: input.periodStart,
          periodEnd: input.periodEnd,
          // Omitted: the organization's notes; null (or blank): none.
          notes: input.notes === undefined ? invoiceNotes : input.notes,
          lines: { createMany: { data: lines.map((line, position) => ({ ...line, organizationId, position })) } },
        },
      });
      const positioned = lines.map((line, position) => ({ ...line, position }));
      await enqueueEvent(tx, { organizationId, type: "invoice.created", data: { invoice: serializeInvoiceSummary(invoice), organizationId } });
      await recordAudit(tx, audit, {
        action: "invoice.created",
        target: { type: "invoice", id: invoice.id, label: invoice.number },
        metadata: { customerId: customer.id, totalCents, currency: customer.currency, periodStart: input.periodStart, periodEnd: input.periodEnd },
      });
      return serializeInvoice(invoice, positioned);
    }, INVOICE_TRANSACTION);
  } catch (error) {
    // Backstop of the row lock above: the unique index on InvoiceLine.timeLogId never bills a log twice.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("conflict", "Some of these time logs were billed by a concurrent invoice; try again.");
    }
    throw error;
  }
}
