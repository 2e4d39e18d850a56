import { adminProcedure } from "@/server/api/procedures";
import { getInvoice } from "@/server/services/invoices/invoices";
import { invoiceDocumentSchema, invoiceIdInput } from "@/server/contract/invoice";

/** One invoice with its lines, subtotal, tax and total; another organization's is 404. */
export const getInvoiceProcedure = adminProcedure
  .input(invoiceIdInput)
  .output(invoiceDocumentSchema)
  .query(({ ctx, input }) => getInvoice(ctx.db, ctx.actor, input.id));
