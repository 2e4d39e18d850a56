// The invoice lifecycle: draft → issued → paid, and draft or issued → void. Nothing else moves.
import type { InvoiceStatus } from "@/generated/prisma/enums";

export type InvoiceStatusChange = Exclude<InvoiceStatus, "draft">;

/** The statuses each target may be reached from. */
export const ALLOWED_FROM: Record<InvoiceStatusChange, readonly InvoiceStatus[]> = {
  issued: ["draft"],
  paid: ["issued"],
  void: ["draft", "issued"],
};

export const canChangeStatus = (from: InvoiceStatus, to: InvoiceStatusChange) => ALLOWED_FROM[to].includes(from);

/** The moves open to an invoice in `from`, in the order a page offers them. */
export const nextStatuses = (from: InvoiceStatus): InvoiceStatusChange[] =>
  (Object.keys(ALLOWED_FROM) as InvoiceStatusChange[]).filter((to) => canChangeStatus(from, to));

/** The column that records when the invoice reached a status. */
export const STATUS_TIMESTAMP = { issued: "issuedAt", paid: "paidAt", void: "voidedAt" } as const satisfies Record<InvoiceStatusChange, string>;
