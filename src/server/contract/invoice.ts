// Invoice (app-api sections 4 and 17) and the invoice in the `invoice.created` event body (contract
// 6.2): the response allowlists (summary, with its lines, the web app's row, page and preview), the
// inputs, the columns the responses are read from, and the serializers. Subtotal and tax stay internal
// to the public shapes; the web app's invoice page shows them with what a European client needs:
// sender and recipient with addresses and VAT IDs, issue and due dates, the tax rate, line dates, notes.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { paginationInput } from "@/server/lib/cursor";
import { paginationSchema } from "@/server/lib/envelope";
import { idInput, isoInstant, timestampSchema } from "@/server/lib/zod";
import { invoiceNotesInput, invoicePartySchema, type InvoicePartyView } from "./invoicing";

export const invoiceStatusSchema = z.enum(["draft", "issued", "paid", "void"]);

// ---- Responses ----

export const invoiceLineSchema = z.object({
  timeLogId: z.string().nullable(),
  description: z.string(),
  seconds: z.number().int(),
  billedSeconds: z.number().int(),
  amountCents: z.number().int(),
});

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  customerId: z.string(),
  totalCents: z.number().int(),
  currency: z.string(),
  status: invoiceStatusSchema,
  periodStart: timestampSchema,
  periodEnd: timestampSchema,
});

export const invoiceSchema = invoiceSummarySchema.extend({ lineItems: z.array(invoiceLineSchema) });

/** The web app's invoice row: the summary plus the customer's name and the invoice's own dates. */
export const invoiceListItemSchema = invoiceSummarySchema.extend({
  customerName: z.string(),
  createdAt: timestampSchema,
  issuedAt: timestampSchema.nullable(),
  paidAt: timestampSchema.nullable(),
  voidedAt: timestampSchema.nullable(),
});

export const listInvoicesOutput = z.object({ items: z.array(invoiceListItemSchema), pagination: paginationSchema });

/** A line as the invoice page prints it: with the start of the log it bills (its date), null for a fixed fee (dated by the period). */
export const invoiceDocumentLineSchema = invoiceLineSchema.extend({ startedAt: timestampSchema.nullable() });

const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ description: "A calendar day, YYYY-MM-DD" });
const taxRateBps = z.number().int().nullable().meta({ description: "The tax rate the tax was computed with, in basis points (null: an invoice from before rates were kept)" });

/**
 * The web app's invoice page: the row plus subtotal, tax and its rate, lines with their dates, notes,
 * where the customer pays, the sender and recipient (as issued, or today's details while a draft),
 * the issue and due days and the payment terms (the terms a draft would be issued with).
 */
export const invoiceDocumentSchema = invoiceListItemSchema.extend({
  subtotalCents: z.number().int(),
  taxRateBps,
  taxCents: z.number().int(),
  paymentLinkUrl: z.string().nullable(),
  notes: z.string().nullable(),
  sender: invoicePartySchema,
  recipient: invoicePartySchema,
  issueDate: calendarDay.nullable(),
  dueDate: calendarDay.nullable(),
  paymentTermsDays: z.number().int().nullable(),
  lineItems: z.array(invoiceDocumentLineSchema),
});

/** What creating the invoice now would bill; nothing is written. */
export const invoicePreviewSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  currency: z.string(),
  periodStart: timestampSchema,
  periodEnd: timestampSchema,
  subtotalCents: z.number().int(),
  taxRateBps: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  lineItems: z.array(invoiceDocumentLineSchema),
});

export type InvoiceLineView = z.output<typeof invoiceLineSchema>;
export type InvoiceDocumentLineView = z.output<typeof invoiceDocumentLineSchema>;
export type InvoiceSummaryView = z.output<typeof invoiceSummarySchema>;
export type InvoiceView = z.output<typeof invoiceSchema>;
export type InvoiceListItemView = z.output<typeof invoiceListItemSchema>;
export type InvoiceDocumentView = z.output<typeof invoiceDocumentSchema>;
export type InvoicePreviewView = z.output<typeof invoicePreviewSchema>;

// ---- Inputs ----

export const createInvoiceInput = z
  .object({
    customerId: idInput,
    periodStart: isoInstant(),
    periodEnd: isoInstant(),
    notes: invoiceNotesInput.meta({ description: "Printed on the invoice; omitted, the organization's invoice notes; null or blank, none" }),
  })
  .superRefine((input, context) => {
    if (input.periodEnd < input.periodStart) context.addIssue({ code: "custom", path: ["periodEnd"], message: "must not be before periodStart" });
  });

export const listInvoicesInput = z.object({
  status: invoiceStatusSchema.optional(),
  customerId: idInput.optional(),
  ...paginationInput("invoices"),
});

export const invoiceIdInput = z.object({ id: idInput });

/** A draft's notes (null or blank clears them); an issued invoice no longer changes. */
export const updateInvoiceInput = z.object({ id: idInput, notes: invoiceNotesInput }).superRefine((input, ctx) => {
  if (input.notes === undefined) ctx.addIssue({ code: "custom", path: ["notes"], message: "is required" });
});

export const changeInvoiceStatusInput = z.object({
  id: idInput,
  status: z.enum(["issued", "paid", "void"], { error: "must be issued, paid or void" }),
});

export type CreateInvoiceInput = z.output<typeof createInvoiceInput>;
export type ListInvoicesInput = z.output<typeof listInvoicesInput>;

// ---- Columns and serializers ----

export const invoiceSummarySelect = {
  id: true,
  number: true,
  customerId: true,
  totalCents: true,
  currency: true,
  status: true,
  periodStart: true,
  periodEnd: true,
} as const satisfies Prisma.InvoiceSelect;

export const invoiceLineSelect = {
  timeLogId: true,
  description: true,
  startedAt: true,
  seconds: true,
  billedSeconds: true,
  amountCents: true,
  position: true,
} as const satisfies Prisma.InvoiceLineSelect;

export const invoiceListItemSelect = {
  ...invoiceSummarySelect,
  createdAt: true,
  issuedAt: true,
  paidAt: true,
  voidedAt: true,
  customer: { select: { name: true } },
} as const satisfies Prisma.InvoiceSelect;

export const invoiceDocumentSelect = {
  ...invoiceListItemSelect,
  subtotalCents: true,
  taxRateBps: true,
  taxCents: true,
  notes: true,
  issueDate: true,
  dueDate: true,
  paymentTermsDays: true,
  senderName: true,
  senderAddress: true,
  senderVatId: true,
  recipientName: true,
  recipientAddress: true,
  recipientVatId: true,
  // Today's details, for a draft (an issued invoice prints its own copy).
  customer: { select: { name: true, company: true, billingAddress: true, vatId: true, paymentTermsDays: true, paymentLinkUrl: true } },
  organization: { select: { name: true, legalName: true, address: true, vatId: true, paymentTermsDays: true } },
  lines: { select: invoiceLineSelect, orderBy: { position: "asc" } },
} as const satisfies Prisma.InvoiceSelect;

type InvoiceSummaryRow = Prisma.InvoiceGetPayload<{ select: typeof invoiceSummarySelect }>;
type InvoiceLineRow = Prisma.InvoiceLineGetPayload<{ select: typeof invoiceLineSelect }>;
type InvoiceListItemRow = Prisma.InvoiceGetPayload<{ select: typeof invoiceListItemSelect }>;
type InvoiceDocumentRow = Prisma.InvoiceGetPayload<{ select: typeof invoiceDocumentSelect }>;

export function serializeInvoiceSummary(invoice: InvoiceSummaryRow): InvoiceSummaryView {
  return {
    id: invoice.id,
    number: invoice.number,
    customerId: invoice.customerId,
    totalCents: invoice.totalCents,
    currency: invoice.currency,
    status: invoice.status,
    periodStart: invoice.periodStart.toISOString(),
    periodEnd: invoice.periodEnd.toISOString(),
  };
}

export function serializeInvoiceLine(line: Omit<InvoiceLineRow, "position" | "startedAt">): InvoiceLineView {
  return { timeLogId: line.timeLogId, description: line.description, seconds: line.seconds, billedSeconds: line.billedSeconds, amountCents: line.amountCents };
}

export function serializeInvoiceDocumentLine(line: Omit<InvoiceLineRow, "position">): InvoiceDocumentLineView {
  return { ...serializeInvoiceLine(line), startedAt: line.startedAt?.toISOString() ?? null };
}

/** The sender as an invoice names it: the legal name when there is one. */
export function senderOf(organization: { name: string; legalName: string | null; address: string | null; vatId: string | null }): InvoicePartyView {
  return { name: organization.legalName ?? organization.name, address: organization.address, vatId: organization.vatId };
}

/** The recipient as an invoice names it: the customer's company when there is one. */
export function recipientOf(customer: { name: string; company: string | null; billingAddress: string | null; vatId: string | null }): InvoicePartyView {
  return { name: customer.company ?? customer.name, address: customer.billingAddress, vatId: customer.vatId };
}

const dayOf = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;

/**
 * A fixed-fee invoice stores, besides its fee line (no time log), one zero-amount line per time log
 * the fee covers so that no later invoice bills those logs again; its line items are the fee only.
 */
function visibleInvoiceLines<Line extends InvoiceLineRow>(lines: Line[]): Line[] {
  const ordered = [...lines].sort((a, b) => a.position - b.position);
  const feeLines = ordered.filter((line) => line.timeLogId === null);
  return feeLines.length ? feeLines : ordered;
}

export function serializeInvoice(invoice: InvoiceSummaryRow, lines: InvoiceLineRow[]): InvoiceView {
  return { ...serializeInvoiceSummary(invoice), lineItems: visibleInvoiceLines(lines).map(serializeInvoiceLine) };
}

export function serializeInvoiceListItem(invoice: InvoiceListItemRow): InvoiceListItemView {
  return {
    ...serializeInvoiceSummary(invoice),
    customerName: invoice.customer.name,
    createdAt: invoice.createdAt.toISOString(),
    issuedAt: invoice.issuedAt?.toISOString() ?? null,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
  };
}

/** An issued invoice (issueDate set once, when it left draft) prints the details it was issued with; a draft today's. */
export function serializeInvoiceDocument(invoice: InvoiceDocumentRow): InvoiceDocumentView {
  const { customer, organization } = invoice;
  const isIssued = invoice.issueDate !== null;
  return {
    ...serializeInvoiceListItem(invoice),
    subtotalCents: invoice.subtotalCents,
    taxRateBps: invoice.taxRateBps,
    taxCents: invoice.taxCents,
    paymentLinkUrl: customer.paymentLinkUrl,
    notes: invoice.notes,
    sender: isIssued ? { name: invoice.senderName ?? organization.name, address: invoice.senderAddress, vatId: invoice.senderVatId } : senderOf(organization),
    recipient: isIssued ? { name: invoice.recipientName ?? customer.name, address: invoice.recipientAddress, vatId: invoice.recipientVatId } : recipientOf(customer),
    issueDate: dayOf(invoice.issueDate),
    dueDate: dayOf(invoice.dueDate),
    paymentTermsDays: isIssued ? invoice.paymentTermsDays : (customer.paymentTermsDays ?? organization.paymentTermsDays),
    lineItems: visibleInvoiceLines(invoice.lines).map(serializeInvoiceDocumentLine),
  };
}
