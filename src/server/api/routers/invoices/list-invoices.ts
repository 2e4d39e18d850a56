import { adminProcedure } from "@/server/api/procedures";
import { listInvoices } from "@/server/services/invoices/invoices";
import { listInvoicesInput, listInvoicesOutput } from "@/server/contract/invoice";

/** The organization's invoices, newest first, by status or customer. Admins only, like every invoice route. */
export const listInvoicesProcedure = adminProcedure
  .input(listInvoicesInput)
  .output(listInvoicesOutput)
  .query(({ ctx, input }) => listInvoices(ctx.db, ctx.actor, input));
