import { auditByUser } from "@/server/api/audit-context";
import { adminProcedure } from "@/server/api/procedures";
import { changeInvoiceStatus } from "@/server/services/invoices/invoices";
import { changeInvoiceStatusInput, invoiceDocumentSchema } from "@/server/contract/invoice";

/** draft → issued → paid, and draft or issued → void; any other move is a 409. */
export const changeInvoiceStatusProcedure = adminProcedure
  .input(changeInvoiceStatusInput)
  .output(invoiceDocumentSchema)
  .mutation(({ ctx, input }) => changeInvoiceStatus(ctx.db, ctx.actor, input.id, input.status, auditByUser(ctx, ctx.actor)));
