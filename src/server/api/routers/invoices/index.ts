import { createRouter } from "@/server/api/trpc";
import { createInvoiceProcedure } from "./create-invoice";

export const invoicesRouter = createRouter({
  create: createInvoiceProcedure,
});
