// Invoices in the web app: the list, one invoice with its lines, a preview before creating, and the
// status changes. Every query names the caller's organization.
import { Prisma } from "@/generated/prisma/client";
import type { Db, DbClient } from "@/server/db";
import { AppError, notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import { sqlTimestamp } from "@/server/lib/sql";
import { zonedDate } from "@/lib/time-zone";
import {
  invoiceDocumentSelect,
  invoiceListItemSelect,
  serializeInvoiceDocument,
  serializeInvoiceDocumentLine,
  serializeInvoiceListItem,
  type CreateInvoiceInput,
  type InvoiceDocumentView,
  type InvoiceListItemView,
  type InvoicePreviewView,
  type ListInvoicesInput,
} from "@/server/contract/invoice";
import type { Actor } from "@/server/services/auth/account";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";
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
    taxRateBps: draft.customer.taxRateBps,
    taxCents: draft.taxCents,
    totalCents: draft.totalCents,
    lineItems: visible.map(serializeInvoiceDocumentLine),
  };
}

/**
 * Issues a draft in one statement, so it is all or nothing and of two concurrent moves only one
 * applies: the issue day in the issuing admin's time zone, the payment terms in force (the customer's,
 * else the organization's) and the due day they give, and a copy of the sender's and the recipient's
 * names, addresses and VAT IDs, so a later change of either never rewrites an issued invoice.
 */
async function issueDraft(db: DbClient, actor: Actor, id: string): Promise<number> {
  const issuer = await db.user.findFirst({ where: { id: actor.userId, organizationId: actor.organizationId }, select: { timeZone: true } });
  const now = new Date();
  const issueDate = zonedDate(now, issuer?.timeZone ?? "UTC");
  const terms = Prisma.sql`COALESCE(c."paymentTermsDays", o."paymentTermsDays")`;
  return db.$executeRaw`
    UPDATE "Invoice" AS i SET
      "status" = 'issued', "issuedAt" = ${sqlTimestamp(now)},
      "issueDate" = ${issueDate}::date, "paymentTermsDays" = ${terms}, "dueDate" = ${issueDate}::date + ${terms},
      "senderName" = COALESCE(o."legalName", o."name"), "senderAddress" = o."address", "senderVatId" = o."vatId",
      "recipientName" = COALESCE(c."company", c."name"), "recipientAddress" = c."billingAddress", "recipientVatId" = c."vatId"
    FROM "Organization" AS o, "Customer" AS c
    WHERE i."id" = ${id} AND i."organizationId" = ${actor.organizationId} AND i."status"::text IN (${Prisma.join([...ALLOWED_FROM.issued])})
      AND o."id" = i."organizationId" AND c."id" = i."customerId" AND c."organizationId" = i."organizationId"`;
}

/** 404 for no such invoice of the organization, else 409 naming its status and why the change cannot be made. */
async function refusedChange(db: DbClient, actor: Actor, id: string, field: string, why: (status: string) => { message: string; detail: string }): Promise<never> {
  const current = await db.invoice.findFirst({ where: { id, organizationId: actor.organizationId }, select: { number: true, status: true } });
  if (!current) throw notFound("Invoice");
  const { message, detail } = why(current.status);
  throw new AppError("conflict", `Invoice ${current.number} is ${current.status}; ${message}.`, { details: [{ field, message: detail }] });
}

/**
 * Moves an invoice along its lifecycle in one conditional statement, so two concurrent changes can
 * never both apply. A move the lifecycle does not allow is a 409 naming the current status.
 */
export async function changeInvoiceStatus(db: Db, actor: Actor, id: string, to: InvoiceStatusChange, audit: AuditContext): Promise<InvoiceDocumentView> {
  await db.$transaction(async (tx) => {
    // The row is locked first, so the status read for the entry is the one the change moves from.
    const [before] = await tx.$queryRaw<Array<{ number: string; status: string }>>`
      SELECT "number", "status"::text FROM "Invoice" WHERE "id" = ${id} AND "organizationId" = ${actor.organizationId} FOR UPDATE`;
    const count =
      to === "issued"
        ? await issueDraft(tx, actor, id)
        : (
            await tx.invoice.updateMany({
              where: { id, organizationId: actor.organizationId, status: { in: [...ALLOWED_FROM[to]] } },
              data: { status: to, [STATUS_TIMESTAMP[to]]: new Date() },
            })
          ).count;
    if (count === 0 || !before) return refusedChange(tx, actor, id, "status", (from) => ({ message: `it cannot be marked ${to}`, detail: `cannot change from ${from} to ${to}` }));
    await recordAudit(tx, audit, { action: "invoice.status_changed", target: { type: "invoice", id, label: before.number }, metadata: { status: { from: before.status, to } } });
  });
  return getInvoice(db, actor, id);
}

/** A draft's notes (null clears them); once issued an invoice is a document that no longer changes (409). */
export async function updateInvoiceNotes(db: DbClient, actor: Actor, id: string, notes: string | null): Promise<InvoiceDocumentView> {
  const { count } = await db.invoice.updateMany({ where: { id, organizationId: actor.organizationId, status: "draft" }, data: { notes } });
  if (count === 0) await refusedChange(db, actor, id, "notes", () => ({ message: "only a draft's notes can change", detail: "only a draft's notes can change" }));
  return getInvoice(db, actor, id);
}
