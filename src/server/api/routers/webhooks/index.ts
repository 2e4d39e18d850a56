import { createRouter } from "@/server/api/trpc";

export const webhooksRouter = createRouter({});
