import { createRouter } from "@/server/api/trpc";

export const invoicesRouter = createRouter({});
