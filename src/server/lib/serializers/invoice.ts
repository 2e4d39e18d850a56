// Invoice response shape (app-api section 4) and the `invoice.created` event body (contract 6.2):
// explicit allowlists; subtotal and tax stay internal.
import type { Invoice, InvoiceLine } from "@/generated/prisma/client";
import type { InvoiceStatus } from "@/generated/prisma/enums";

export interface InvoiceLineView {
  timeLogId: string | null;
  description: string;
  seconds: number;
  billedSeconds: number;
  amountCents: number;
}

export interface InvoiceSummaryView {
  id: string;
  number: string;
  customerId: string;
  totalCents: number;
  currency: string;
  status: InvoiceStatus;
  periodStart: string;
  periodEnd: string;
}

export interface InvoiceView extends InvoiceSummaryView {
  lineItems: InvoiceLineView[];
}

type InvoiceRow = Pick<Invoice, "id" | "number" | "customerId" | "totalCents" | "currency" | "status" | "periodStart" | "periodEnd">;
type InvoiceLineRow = Pick<InvoiceLine, "timeLogId" | "description" | "seconds" | "billedSeconds" | "amountCents" | "position">;

export function serializeInvoiceSummary(invoice: InvoiceRow): InvoiceSummaryView {
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

/**
 * A fixed-fee invoice stores, besides its fee line (no time log), one zero-amount line per time log
 * the fee covers so that no later invoice bills those logs again; its line items are the fee only.
 */
export function visibleInvoiceLines<Line extends InvoiceLineRow>(lines: Line[]): Line[] {
  const ordered = [...lines].sort((a, b) => a.position - b.position);
  const feeLines = ordered.filter((line) => line.timeLogId === null);
  return feeLines.length ? feeLines : ordered;
}

export function serializeInvoice(invoice: InvoiceRow, lines: InvoiceLineRow[]): InvoiceView {
  return {
    ...serializeInvoiceSummary(invoice),
    lineItems: visibleInvoiceLines(lines).map((line) => ({
      timeLogId: line.timeLogId,
      description: line.description,
      seconds: line.seconds,
      billedSeconds: line.billedSeconds,
      amountCents: line.amountCents,
    })),
  };
}

/** The web app's invoice row: the summary plus the customer's name and the invoice's own dates. */
export interface InvoiceListItemView extends InvoiceSummaryView {
  customerName: string;
  createdAt: string;
  issuedAt: string | null;
  paidAt: string | null;
  voidedAt: string | null;
}

/** The web app's invoice page: the row plus subtotal, tax, lines and where the customer pays. */
export interface InvoiceDocumentView extends InvoiceListItemView {
  subtotalCents: number;
  taxCents: number;
  paymentLinkUrl: string | null;
  lineItems: InvoiceLineView[];
}

type InvoiceListRow = InvoiceRow & Pick<Invoice, "createdAt" | "issuedAt" | "paidAt" | "voidedAt"> & { customer: { name: string } };

export function serializeInvoiceListItem(invoice: InvoiceListRow): InvoiceListItemView {
  return {
    ...serializeInvoiceSummary(invoice),
    customerName: invoice.customer.name,
    createdAt: invoice.createdAt.toISOString(),
    issuedAt: invoice.issuedAt?.toISOString() ?? null,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
  };
}

export function serializeInvoiceDocument(
  invoice: InvoiceListRow & Pick<Invoice, "subtotalCents" | "taxCents"> & { customer: { paymentLinkUrl: string | null } },
  lines: InvoiceLineRow[],
): InvoiceDocumentView {
  return {
    ...serializeInvoiceListItem(invoice),
    subtotalCents: invoice.subtotalCents,
    taxCents: invoice.taxCents,
    paymentLinkUrl: invoice.customer.paymentLinkUrl,
    lineItems: serializeInvoice(invoice, lines).lineItems,
  };
}
