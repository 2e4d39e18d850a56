import { createRouter } from "@/server/api/trpc";

export const timersRouter = createRouter({});
