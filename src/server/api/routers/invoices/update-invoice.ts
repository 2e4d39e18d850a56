import { adminProcedure } from "@/server/api/procedures";
import { updateInvoiceNotes } from "@/server/services/invoices/invoices";
import { invoiceDocumentSchema, updateInvoiceInput } from "@/server/contract/invoice";

/** PATCH /api/app/invoices/:id: a draft's notes; an issued, paid or void invoice is a 409. */
export const updateInvoiceProcedure = adminProcedure
  .input(updateInvoiceInput)
  .output(invoiceDocumentSchema)
  .mutation(({ ctx, input }) => updateInvoiceNotes(ctx.db, ctx.actor, input.id, input.notes ?? null));
