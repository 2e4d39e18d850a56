import { createRouter } from "@/server/api/trpc";

export const customersRouter = createRouter({});
