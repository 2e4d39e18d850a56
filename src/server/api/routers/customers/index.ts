import { createRouter } from "@/server/api/trpc";
import { listCustomersProcedure } from "./list-customers";

export const customersRouter = createRouter({
  list: listCustomersProcedure,
});
