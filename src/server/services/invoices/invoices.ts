// Invoices in the web app: the list, one invoice with its lines, a preview before creating, and the
// status changes. Every query names the caller's organization.
import type { DbClient } from "@/server/db";
import { AppError, notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import {
  invoiceDocumentSelect,
  invoiceListItemSelect,
  serializeInvoiceDocument,
  serializeInvoiceLine,
  serializeInvoiceListItem,
  type CreateInvoiceInput,
  type InvoiceDocumentView,
  type InvoiceListItemView,
  type InvoicePreviewView,
  type ListInvoicesInput,
} from "@/server/contract/invoice";
import type { Actor } from "@/server/services/auth/account";
import { draftInvoice } from "./create-invoice";
import { ALLOWED_FROM, STATUS_TIMESTAMP, type InvoiceStatusChange } from "./status";

/** Newest first, optionally by status or customer; customer names come from the same query. */
export async function listInvoices(db: DbClient, actor: Actor, input: ListInvoicesInput): Promise<Page<InvoiceListItemView>> {
  const page = await paginate(
    { kind: "invoices", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) =>
      db.invoice.findMany({
        where: {
          organizationId: actor.organizationId,
          ...(input.status ? { status: input.status } : {}),
          ...(input.customerId ? { customerId: input.customerId } : {}),
          AND: [args.where],
        },
        orderBy: args.orderBy,
        take: args.take,
        select: invoiceListItemSelect,
      }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeInvoiceListItem), pagination: page.pagination };
}

export async function getInvoice(db: DbClient, actor: Actor, id: string): Promise<InvoiceDocumentView> {
  const invoice = await db.invoice.findFirst({
    where: { id, organizationId: actor.organizationId },
    select: invoiceDocumentSelect,
  });
  if (!invoice) throw notFound("Invoice");
  return serializeInvoiceDocument(invoice);
}

/**
 * What `createInvoice` would bill now, computed by the same code and checks, nothing written. The
 * number is given at creation; a log billed meanwhile by another invoice is simply not on it.
 */
export async function previewInvoice(db: DbClient, actor: Actor, input: CreateInvoiceInput): Promise<InvoicePreviewView> {
  const draft = await draftInvoice(db, actor.organizationId, input);
  // A fixed fee covers the period's logs; like a created invoice, the preview lists the fee line only.
  const visible = draft.customer.billingType === "fixed" ? draft.lines.filter((line) => line.timeLogId === null) : draft.lines;
  return {
    customerId: draft.customer.id,
    customerName: draft.customer.name,
    currency: draft.customer.currency,
    periodStart: input.periodStart.toISOString(),
    periodEnd: input.periodEnd.toISOString(),
    subtotalCents: draft.subtotalCents,
    taxCents: draft.taxCents,
    totalCents: draft.totalCents,
    lineItems: visible.map(serializeInvoiceLine),
  };
}

/**
 * Moves an invoice along its lifecycle in one conditional statement, so two concurrent changes can
 * never both apply. A move the lifecycle does not allow is a 409 naming the current status.
 */
export async function changeInvoiceStatus(db: DbClient, actor: Actor, id: string, to: InvoiceStatusChange): Promise<InvoiceDocumentView> {
  const { count } = await db.invoice.updateMany({
    where: { id, organizationId: actor.organizationId, status: { in: [...ALLOWED_FROM[to]] } },
    data: { status: to, [STATUS_TIMESTAMP[to]]: new Date() },
  });
  if (count === 0) {
    const current = await db.invoice.findFirst({ where: { id, organizationId: actor.organizationId }, select: { number: true, status: true } });
    if (!current) throw notFound("Invoice");
    throw new AppError("conflict", `Invoice ${current.number} is ${current.status}; it cannot be marked ${to}.`, {
      details: [{ field: "status", message: `cannot change from ${current.status} to ${to}` }],
    });
  }
  return getInvoice(db, actor, id);
}
