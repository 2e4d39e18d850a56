import { createRouter } from "@/server/api/trpc";

export const tasksRouter = createRouter({});
