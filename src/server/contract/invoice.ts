// Invoice (app-api section 4) and the invoice in the `invoice.created` event body (contract 6.2): the
// response allowlists (summary, with its lines, the web app's row, page and preview), the inputs, the
// columns the responses are read from, and the serializers. Subtotal and tax stay internal to the
// public shapes; the web app's invoice page shows them.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { paginationInput } from "@/server/lib/cursor";
import { paginationSchema } from "@/server/lib/envelope";
import { idInput, isoInstant, timestampSchema } from "@/server/lib/zod";

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

/** The web app's invoice page: the row plus subtotal, tax, lines and where the customer pays. */
export const invoiceDocumentSchema = invoiceListItemSchema.extend({
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  paymentLinkUrl: z.string().nullable(),
  lineItems: z.array(invoiceLineSchema),
});

/** What creating the invoice now would bill; nothing is written. */
export const invoicePreviewSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  currency: z.string(),
  periodStart: timestampSchema,
  periodEnd: timestampSchema,
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  lineItems: z.array(invoiceLineSchema),
});

export type InvoiceLineView = z.output<typeof invoiceLineSchema>;
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
  })
  .superRefine((input, context) => {
    if (input.periodEnd < input.periodStart) context.addIssue({ code: "custom", path: ["periodEnd"], message: "must not be before periodStart" });
  });

export const listInvoicesInput = z.object({
  status: invoiceStatusSchema.optional(),
  customerId: idInput.optional(),
  ...paginationInput,
});

export const invoiceIdInput = z.object({ id: idInput });

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
  taxCents: true,
  customer: { select: { name: true, paymentLinkUrl: true } },
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

export function serializeInvoiceLine(line: Omit<InvoiceLineRow, "position">): InvoiceLineView {
  return { timeLogId: line.timeLogId, description: line.description, seconds: line.seconds, billedSeconds: line.billedSeconds, amountCents: line.amountCents };
}

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

export function serializeInvoiceDocument(invoice: InvoiceDocumentRow): InvoiceDocumentView {
  return {
    ...serializeInvoiceListItem(invoice),
    subtotalCents: invoice.subtotalCents,
    taxCents: invoice.taxCents,
    paymentLinkUrl: invoice.customer.paymentLinkUrl,
    lineItems: visibleInvoiceLines(invoice.lines).map(serializeInvoiceLine),
  };
}
