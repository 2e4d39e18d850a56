import { adminProcedure } from "@/server/api/procedures";
import { previewInvoice } from "@/server/services/invoices/invoices";
import { createInvoiceInput, invoicePreviewSchema } from "@/server/contract/invoice";

/** The lines and totals `create` would produce for the same input, with the same errors; writes nothing. */
export const previewInvoiceProcedure = adminProcedure
  .input(createInvoiceInput)
  .output(invoicePreviewSchema)
  .query(({ ctx, input }) => previewInvoice(ctx.db, ctx.actor, input));
