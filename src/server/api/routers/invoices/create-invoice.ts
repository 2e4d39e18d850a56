import { auditByUser } from "@/server/api/audit-context";
import { adminProcedure } from "@/server/api/procedures";
import { createInvoice } from "@/server/services/invoices/create-invoice";
import { createInvoiceInput, invoiceSchema } from "@/server/contract/invoice";

/** Drafts an invoice for a customer's unbilled billable time in a period. Admins only: it bills money. */
export const createInvoiceProcedure = adminProcedure
  .input(createInvoiceInput)
  .output(invoiceSchema)
  .mutation(({ ctx, input }) => createInvoice(ctx.db, ctx.actor, input, auditByUser(ctx, ctx.actor)));
