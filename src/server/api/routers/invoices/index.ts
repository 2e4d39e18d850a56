import { createRouter } from "@/server/api/trpc";
import { changeInvoiceStatusProcedure } from "./change-invoice-status";
import { createInvoiceProcedure } from "./create-invoice";
import { getInvoiceProcedure } from "./get-invoice";
import { listInvoicesProcedure } from "./list-invoices";
import { previewInvoiceProcedure } from "./preview-invoice";
import { updateInvoiceProcedure } from "./update-invoice";

export const invoicesRouter = createRouter({
  create: createInvoiceProcedure,
  list: listInvoicesProcedure,
  get: getInvoiceProcedure,
  preview: previewInvoiceProcedure,
  changeStatus: changeInvoiceStatusProcedure,
  update: updateInvoiceProcedure,
});
